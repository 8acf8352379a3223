import { SqlClient } from "effect/sql"
import { AuditLog, type AuditRecord, CurrentRequestId, Ids } from "@bluelight/core/kernel"
import { DateTime, Effect, Layer } from "effect"

/**
 * Writes audit entries with whatever connection the current fiber holds: inside
 * `Transactor.transaction` that is the change's own transaction, so an entry
 * that cannot be written rolls the change back.
 */
export const PgAuditLog = Layer.effect(
  AuditLog,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const ids = yield* Ids
    return {
      record: Effect.fn("PgAuditLog.record")(function*(record: AuditRecord) {
        const id = yield* ids.next
        const at = DateTime.toDateUtc(yield* DateTime.now)
        const requestId = yield* CurrentRequestId
        yield* sql`
          INSERT INTO audit_log (id, at, action, actor_type, actor_id, target_type, target_id, request_id, data)
          VALUES (${id}, ${at}, ${record.action}, ${record.actor.type}, ${record.actor.id},
                  ${record.targetType}, ${record.targetId}, ${requestId}, ${JSON.stringify(record.data)}::jsonb)`
      }, Effect.orDie)
    }
  })
)
