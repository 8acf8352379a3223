import { DateTime, Effect } from "effect"
import { type Actor, AuditLog, type AuditRecord } from "./AuditLog.js"

/** When a change was made and by whom: what a context's history entry and its audit entry share. */
export interface ChangeStamp {
  readonly at: DateTime.Utc
  readonly actor: Actor
}

/**
 * How every context with a history (CAD, PNC) records a change: its own
 * history entry, written by `writeEntry` with the change's time and actor,
 * then the audit entry under the same actor. Runs inside the change's
 * transaction, so neither entry is written without the other, nor without
 * the change.
 */
export const recordInHistory = <E, R>(
  actor: Actor,
  writeEntry: (stamp: ChangeStamp) => Effect.Effect<void, E, R>,
  audit: Omit<AuditRecord, "actor">
): Effect.Effect<void, E, R | AuditLog> =>
  Effect.gen(function*() {
    yield* writeEntry({ at: yield* DateTime.now, actor })
    yield* AuditLog.use((log) => log.record({ ...audit, actor }))
  })
