import { DateTime, Effect, Layer } from "effect"
import type { AuditEntry, AuditRecord } from "../audit/AuditEntry.js"
import { AuditLog } from "../ports/AuditLog.js"
import { Ids } from "../ports/Ids.js"
import { CurrentRequestId } from "../ports/RequestContext.js"
import { InMemoryDatabase } from "./InMemoryDatabase.js"

export const AUDIT_TABLE = "audit_log"

/** The audit log kept in the in-memory tables, so it rolls back with the change. */
export const InMemoryAuditLog = Layer.effect(
  AuditLog,
  Effect.gen(function*() {
    const db = yield* InMemoryDatabase
    const ids = yield* Ids
    return {
      record: (record: AuditRecord) =>
        Effect.gen(function*() {
          const entry: AuditEntry = {
            id: yield* ids.next,
            at: yield* DateTime.now,
            action: record.action,
            actor: record.actor,
            targetType: record.targetType,
            targetId: record.targetId,
            requestId: yield* CurrentRequestId,
            data: record.data
          }
          yield* db.insert(AUDIT_TABLE, entry)
        })
    }
  })
)

/** Reads back what the in-memory audit log holds, oldest first. */
export const auditEntries: Effect.Effect<ReadonlyArray<AuditEntry>, never, InMemoryDatabase> = Effect.flatMap(
  InMemoryDatabase,
  (db) => db.rows<AuditEntry>(AUDIT_TABLE)
)

/** An audit log whose every write fails, to prove that a change rolls back with it. */
export const FailingAuditLog = Layer.succeed(AuditLog, {
  record: (record: AuditRecord) => Effect.dieMessage(`audit log unavailable (writing ${record.action})`)
})

