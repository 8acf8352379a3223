import { Schema } from "effect"
import type { Person } from "../identity/index.js"
import { type Civilian, identityLocked } from "./Civilian.js"
import type { LoadedLicence } from "./licenceViews.js"
import type { LoadedMarker } from "./markerView.js"
import type { LoadedDisclosedRecord } from "./recordViews.js"
import type { LoadedKeptVehicle } from "./vehicleViews.js"
import { Count } from "./viewFields.js"
import type { LoadedWarrant } from "./warrantView.js"

/** Everything about one character as one read loads it: what both the owner's and the PNC's view are made from. */

/**
 * Every record, warrant and marker a character ever had, whatever their
 * state; warrants only once in force (`warrantInForce`: a request pending
 * approval, or rejected, was never a warrant).
 */
export const HistoryCounts = Schema.Struct({ records: Count, warrants: Count, markers: Count })
export type HistoryCounts = typeof HistoryCounts.Type

/**
 * Everything about one character, loaded in one read: what both the owner's
 * and the PNC's view are made from.
 */
export interface LoadedCivilian {
  readonly civilian: Civilian
  readonly owner: Person
  readonly licence: LoadedLicence | null
  readonly vehicles: ReadonlyArray<LoadedKeptVehicle>
  /** Active markers on the character (at the time of reading), newest first. */
  readonly markers: ReadonlyArray<LoadedMarker>
  /** Active warrants for the character (at the time of reading), newest first. */
  readonly warrants: ReadonlyArray<LoadedWarrant>
  /** Disclosed records, the latest occurrence first. */
  readonly disclosedRecords: ReadonlyArray<LoadedDisclosedRecord>
  /** Every record, warrant (in force, ever) and marker the character ever had, whatever their state. */
  readonly counts: HistoryCounts
}

/** Whether the loaded character has official history (`identityLocked`). */
export const identityLockedOf = (loaded: Pick<LoadedCivilian, "licence" | "counts">): boolean =>
  identityLocked({ hasLicence: loaded.licence !== null, ...loaded.counts })
