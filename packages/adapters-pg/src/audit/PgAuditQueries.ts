import { SqlClient, SqlSchema } from "@effect/sql"
import { type AuditEntry, AuditEntryId, type AuditFilter, AuditQueries } from "@bluelight/core/audit"
import { type Page, toPage } from "@bluelight/core/kernel"
import { DateTime, Effect, Layer, Schema } from "effect"

const AuditRow = Schema.Struct({
  id: AuditEntryId,
  at: Schema.DateFromSelf,
  action: Schema.String,
  actorType: Schema.Literal("user", "service"),
  actorId: Schema.String,
  targetType: Schema.String,
  targetId: Schema.NullOr(Schema.String),
  requestId: Schema.NullOr(Schema.String),
  data: Schema.Record({ key: Schema.String, value: Schema.Unknown })
})

const toEntry = (row: typeof AuditRow.Type): AuditEntry => ({
  id: row.id,
  at: DateTime.unsafeFromDate(row.at),
  action: row.action,
  actor: { type: row.actorType, id: row.actorId },
  targetType: row.targetType,
  targetId: row.targetId,
  requestId: row.requestId,
  data: row.data
})

/** The audit log read newest first, one indexed query per page. */
export const PgAuditQueries = Layer.effect(
  AuditQueries,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const find = SqlSchema.findAll({
      Request: Schema.Struct({ filter: Schema.Any, limit: Schema.Int, offset: Schema.Int }),
      Result: AuditRow,
      execute: ({ filter, limit, offset }: { filter: AuditFilter; limit: number; offset: number }) => {
        const conditions = [
          filter.action === undefined ? undefined : sql`action = ${filter.action}`,
          filter.actorId === undefined ? undefined : sql`(actor_type = 'user' AND actor_id = ${filter.actorId})`,
          filter.serviceId === undefined ? undefined : sql`(actor_type = 'service' AND actor_id = ${filter.serviceId})`,
          filter.targetId === undefined ? undefined : sql`target_id = ${filter.targetId}`,
          filter.from === undefined ? undefined : sql`at >= ${DateTime.toDateUtc(filter.from)}`,
          filter.to === undefined ? undefined : sql`at < ${DateTime.toDateUtc(filter.to)}`
        ].filter((c) => c !== undefined)
        return sql`
          SELECT id, at, action, actor_type, actor_id, target_type, target_id, request_id, data
          FROM audit_log
          WHERE ${sql.and(conditions)}
          ORDER BY at DESC, id DESC
          LIMIT ${limit} OFFSET ${offset}`
      }
    })
    return {
      list: Effect.fn("PgAuditQueries.list")((filter: AuditFilter, page: Page) =>
        find({ filter, limit: page.limit + 1, offset: page.offset }).pipe(
          Effect.map((rows) => toPage(rows.map(toEntry), page)),
          Effect.orDie
        ))
    }
  })
)
