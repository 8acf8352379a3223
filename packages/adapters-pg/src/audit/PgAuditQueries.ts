import { SqlClient, SqlSchema } from "effect/sql"
import { type AuditFilter, AuditQueries } from "@bluelight/core/audit"
import type { Page } from "@bluelight/core/kernel"
import { DateTime, Effect, Layer, Schema } from "effect"
import { pageOf, Window } from "../kernel/rows.js"
import { AuditRow } from "./rows.js"

/** The audit log read newest first, one indexed query per page, each actor named by a join in the same query. */
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
        // The names are joined on the page's rows only: the page is cut first, then each row meets its actor by primary key.
        return sql`
          SELECT e.id, e.at, e.action, e.actor_type, e.actor_id, COALESCE(a.display_name, s.name) AS actor_name,
                 e.target_type, e.target_id, e.request_id, e.data
          FROM (
            SELECT * FROM audit_log
            WHERE ${sql.and(conditions)}
            ORDER BY at DESC, id DESC
            LIMIT ${limit} OFFSET ${offset}
          ) e
          LEFT JOIN accounts a ON e.actor_type = 'user' AND a.id = e.actor_id
          LEFT JOIN service_credentials s ON e.actor_type = 'service' AND s.id = e.actor_id
          ORDER BY e.at DESC, e.id DESC`
      }
    })
    return {
      list: Effect.fn("PgAuditQueries.list")((filter: AuditFilter, page: Page) => pageOf(page, (window) => find({ filter, ...window })))
    }
  })
)
