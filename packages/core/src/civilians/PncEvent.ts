import type { DateTime } from "effect"
import type { Actor } from "../kernel/AuditLog.js"
import type { CivilianId, LicenceId, PncEventId, VehicleId } from "./ids.js"
import type { Person } from "./views.js"

/** The PNC history's entry types (upper snake case, API.md "History"). */
export type PncEventType =
  | "CIVILIAN_CREATED"
  | "CIVILIAN_UPDATED"
  | "LICENCE_ISSUED"
  | "LICENCE_UPDATED"
  | "LICENCE_SUSPENDED"
  | "LICENCE_REVOKED"
  | "LICENCE_REINSTATED"
  | "ENDORSEMENT_ADDED"
  | "ENDORSEMENT_REMOVED"
  | "VEHICLE_REGISTERED"
  | "VEHICLE_STATUS_CHANGED"
  | "KEEPER_CHANGED"
  | "RECORD_CREATED"
  | "RECORD_CLOSED"
  | "RECORD_VOIDED"
  | "WARRANT_ISSUED"
  | "WARRANT_CLOSED"
  | "MARKER_CREATED"
  | "MARKER_CLEARED"

/** What a use case writes to the PNC history; the store gives it its `seq`. */
export interface NewPncEvent {
  readonly id: PncEventId
  readonly type: PncEventType
  readonly at: DateTime.Utc
  readonly actor: Actor
  readonly civilianId: CivilianId | null
  readonly vehicleId: VehicleId | null
  readonly licenceId: LicenceId | null
  readonly data: Readonly<Record<string, unknown>>
}

/** An entry as `GET /pnc/events` shows it: a person by name, a credential by its id. */
export interface PncEvent {
  readonly id: PncEventId
  readonly seq: number
  readonly type: PncEventType
  readonly at: DateTime.Utc
  readonly actor: Person | { readonly serviceId: string }
  readonly civilianId: CivilianId | null
  readonly vehicleId: VehicleId | null
  readonly licenceId: LicenceId | null
  readonly data: Readonly<Record<string, unknown>>
}
