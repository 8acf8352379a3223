import { Effect } from "effect"
import { actorOf, type Caller } from "../identity/index.js"
import { type AuditAction, newId, recordInHistory } from "../kernel/index.js"
import { isOwnersOwnChange } from "./access.js"
import type { Civilian } from "./Civilian.js"
import type { CivilianId, LicenceId, VehicleId } from "./ids.js"
import { PncEventId } from "./ids.js"
import type { PncChange, PncEventType } from "./PncEvent.js"
import { PncHistory } from "./ports.js"

/**
 * The audit action of each PNC history type: a character's owner's changes
 * through the portal are `civilian.*`, officers' `pnc.*` (the listed
 * `AUDIT_ACTIONS`). One table, so a call site names only its history type.
 */
export const PNC_AUDIT_ACTIONS = {
  CIVILIAN_CREATED: "civilian.created",
  CIVILIAN_UPDATED: "civilian.updated",
  LICENCE_ISSUED: "civilian.licence.issued",
  LICENCE_UPDATED: "pnc.licence.updated",
  LICENCE_SUSPENDED: "pnc.licence.suspended",
  LICENCE_REVOKED: "pnc.licence.revoked",
  LICENCE_REINSTATED: "pnc.licence.reinstated",
  ENDORSEMENT_ADDED: "pnc.endorsement.added",
  ENDORSEMENT_REMOVED: "pnc.endorsement.removed",
  VEHICLE_REGISTERED: "civilian.vehicle.registered",
  VEHICLE_STATUS_CHANGED: "pnc.vehicle.status.changed",
  KEEPER_CHANGED: "civilian.vehicle.transferred",
  RECORD_CREATED: "pnc.record.created",
  RECORD_CLOSED: "pnc.record.closed",
  RECORD_VOIDED: "pnc.record.voided",
  WARRANT_ISSUED: "pnc.warrant.issued",
  WARRANT_CLOSED: "pnc.warrant.closed",
  WARRANT_REQUESTED: "pnc.warrant.requested",
  WARRANT_APPROVED: "pnc.warrant.approved",
  WARRANT_REJECTED: "pnc.warrant.rejected",
  MARKER_CREATED: "pnc.marker.created",
  MARKER_CLEARED: "pnc.marker.cleared"
} as const satisfies { readonly [T in PncEventType]: AuditAction }

/**
 * One change to the civilian records: its PNC history entry and its audit
 * entry carry the same data, the payload of its `type` (`PNC_EVENT_DATA`).
 */
export type RecordedChange = PncChange & RecordedSubjects

/** What a change is about and through whom, beside its type and data. */
interface RecordedSubjects {
  readonly civilianId?: CivilianId | null
  readonly vehicleId?: VehicleId | null
  readonly licenceId?: LicenceId | null
  readonly target: { readonly type: string; readonly id: string }
  /**
   * The character a portal change was made through (the transfer's, for a
   * transfer): when the caller owns it, the entry is the owner's own change
   * (`isOwnersOwnChange`). Officers' changes name none: they always keep
   * their actor.
   */
  readonly through?: Pick<Civilian, "ownerId">
}

/** The change's type and data alone, still paired: what the history entry carries of it. */
const typedChange = (change: RecordedChange): PncChange => {
  const { civilianId: _civilian, licenceId: _licence, target: _target, through: _through, vehicleId: _vehicle, ...typed } = change
  return typed
}

/**
 * Writes a change's PNC history entry and its audit entry (`recordInHistory`,
 * its action from `PNC_AUDIT_ACTIONS`). Runs inside the change's transaction:
 * if either cannot be written, the change rolls back.
 */
export const recordChange = (caller: Caller, change: RecordedChange) =>
  recordInHistory(
    actorOf(caller),
    (stamp) =>
      Effect.flatMap(newId(PncEventId), (id) =>
        PncHistory.use((history) =>
          history.record({
            ...typedChange(change),
            id,
            ...stamp,
            byOwner: change.through !== undefined && isOwnersOwnChange(caller, change.through),
            civilianId: change.civilianId ?? null,
            vehicleId: change.vehicleId ?? null,
            licenceId: change.licenceId ?? null
          })
        )),
    { action: PNC_AUDIT_ACTIONS[change.type], targetType: change.target.type, targetId: change.target.id, data: change.data }
  )
