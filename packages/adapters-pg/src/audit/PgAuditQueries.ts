import { SqlClient, SqlSchema } from "@effect/sql"
import { type AuditFilter, AuditQueries } from "@bluelight/core/audit"
import type { Page } from "@bluelight/core/kernel"
import { DateTime, Effect, Layer, Schema } from "effect"
import { pageOf, Window } from "../kernel/rows.js"
import { AuditRow } from "./rows.js"

/** The audit log read newest first, one indexed query per page. */
export const PgAuditQueries = Layer.effect(
  AuditQueries,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const find = SqlSchema.findAll({
      Request: Schema.Struct({ filter: Schema.Any, ...Window.fields }),
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
        pageOf(page, (window) => find({ filter, ...window })))
    }
  })
)
