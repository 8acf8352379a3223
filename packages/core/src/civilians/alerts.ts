import { DateTime, Effect, Option } from "effect"
import { checkWithinWindow, orNotFound } from "../kernel/index.js"
import type { CivilianId, MarkerId, RecordId, VehicleId, WarrantId } from "./ids.js"
import type { LoadedMarker } from "./markerView.js"
import { AlertReads, Civilians, Vehicles } from "./ports.js"
import type { LoadedRecord } from "./recordViews.js"
import type { LoadedWarrant } from "./warrantView.js"
import { MEASURE_END } from "./windows.js"

/**
 * What records, warrants and markers share: the person and vehicle they name
 * (locked, so the character cannot change under the change), the expiry rule,
 * and reading back what was just written.
 */

/** The named character, locked until the transaction ends; absent: `NOT_FOUND`. */
export const lockedCivilian = (id: CivilianId) => Civilians.use((c) => c.findByIdForUpdate(id)).pipe(orNotFound("No such person"))

/**
 * The named vehicle; absent: `NOT_FOUND`. Not locked: a record or marker only
 * names it, and vehicles are never deleted; locking it after the person would
 * deadlock with a transfer, which locks the vehicle before the new keeper.
 */
export const namedVehicle = (id: VehicleId) => Vehicles.use((v) => v.findById(id)).pipe(orNotFound("No such vehicle"))

/** A warrant's or marker's expiry, when given, ends the measure (`MEASURE_END`; `INVALID_INPUT` on `expiresAt`). */
export const checkExpiry = (expiresAt: DateTime.Utc | null, now: DateTime.Utc) => checkWithinWindow(MEASURE_END, "expiresAt", expiresAt, now)

const written = <A>(what: string, id: string) => (found: Option.Option<A>) =>
  Option.isSome(found) ? Effect.succeed(found.value) : Effect.die(new Error(`${what} ${id} was written but cannot be read`))

/** A record just written, as loaded: it exists, so not finding it is a defect. */
export const loadedRecordOf = (id: RecordId): Effect.Effect<LoadedRecord, never, AlertReads> =>
  Effect.flatMap(AlertReads.use((reads) => reads.findRecord(id)), written("record", id))

export const loadedWarrantOf = (id: WarrantId): Effect.Effect<LoadedWarrant, never, AlertReads> =>
  Effect.flatMap(AlertReads.use((reads) => reads.findWarrant(id)), written("warrant", id))

export const loadedMarkerOf = (id: MarkerId): Effect.Effect<LoadedMarker, never, AlertReads> =>
  Effect.flatMap(AlertReads.use((reads) => reads.findMarker(id)), written("marker", id))

/** An instant for history and audit data: ISO 8601, or null. */
export const isoOrNull = (at: DateTime.Utc | null): string | null => (at === null ? null : DateTime.formatIso(at))
