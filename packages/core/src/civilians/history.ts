import { DateTime, Effect } from "effect"
import { actorOf, type Caller } from "../identity/Caller.js"
import type { AuditAction } from "../kernel/auditActions.js"
import { AuditLog } from "../kernel/AuditLog.js"
import { newId } from "../kernel/Ids.js"
import { isOwnersOwnChange } from "./access.js"
import type { Civilian } from "./Civilian.js"
import type { CivilianId, LicenceId, VehicleId } from "./ids.js"
import { PncEventId } from "./ids.js"
import type { PncEventType } from "./PncEvent.js"
import { PncHistory } from "./ports.js"

/** One change to the civilian records: its PNC history entry and its audit entry carry the same data. */
export interface RecordedChange {
  readonly type: PncEventType
  readonly audit: AuditAction
  readonly civilianId?: CivilianId | null
  readonly vehicleId?: VehicleId | null
  readonly licenceId?: LicenceId | null
  readonly target: { readonly type: string; readonly id: string }
  readonly data: Readonly<Record<string, unknown>>
  /**
   * The character a portal change was made through (the transfer's, for a
   * transfer): when the caller owns it, the entry is the owner's own change
   * (`isOwnersOwnChange`). Officers' changes name none: they always keep
   * their actor.
   */
  readonly through?: Pick<Civilian, "ownerId">
}

/**
 * Writes a change's PNC history entry and its audit entry. Runs inside the
 * change's transaction: if either cannot be written, the change rolls back.
 */
export const recordChange = (caller: Caller, change: RecordedChange) =>
  Effect.gen(function*() {
    const actor = actorOf(caller)
    yield* PncHistory.use((history) =>
      Effect.flatMap(Effect.all([newId(PncEventId), DateTime.now]), ([id, at]) =>
        history.record({
          id,
          type: change.type,
          at,
          actor,
          byOwner: change.through !== undefined && isOwnersOwnChange(caller, change.through),
          civilianId: change.civilianId ?? null,
          vehicleId: change.vehicleId ?? null,
          licenceId: change.licenceId ?? null,
          data: change.data
        })))
    yield* AuditLog.use((audit) =>
      audit.record({ action: change.audit, actor, targetType: change.target.type, targetId: change.target.id, data: change.data }))
  })
