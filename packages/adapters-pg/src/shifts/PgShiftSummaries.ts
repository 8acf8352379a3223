import { SqlClient, SqlSchema } from "effect/sql"
import type { Page } from "@bluelight/core/kernel"
import { ShiftSummaries, type SummaryRange } from "@bluelight/core/shifts"
import { DateTime, Effect, Layer, Schema } from "effect"
import { pageOf, Window } from "../kernel/rows.js"
import { ShiftTotalRow } from "./rows.js"

/**
 * The summary in one query: every shift overlapping `[from, to)` (an active
 * one ending at `now`, the request's clock, not the database's), clipped to
 * the range, summed per profile and type in milliseconds and rounded down to
 * whole seconds, most time first.
 */
export const PgShiftSummaries = Layer.effect(
  ShiftSummaries,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const totals = SqlSchema.findAll({
      Request: Schema.Struct({ range: Schema.Any, ...Window.fields }),
      Result: ShiftTotalRow,
      execute: ({ range, limit, offset }: { range: SummaryRange; limit: number; offset: number }) => {
        const from = DateTime.toDateUtc(range.from)
        const to = DateTime.toDateUtc(range.to)
        const now = DateTime.toDateUtc(range.now)
        const conditions = [
          sql`started_at < ${to}::timestamptz`,
          sql`COALESCE(ended_at, ${now}::timestamptz) > ${from}::timestamptz`,
          ...(range.staffId === undefined ? [] : [sql`staff_id = ${range.staffId}`])
        ]
        const clipped = sql`GREATEST(interval '0',
          LEAST(COALESCE(ended_at, ${now}::timestamptz), ${to}::timestamptz) - GREATEST(started_at, ${from}::timestamptz))`
        return sql`
          SELECT staff_id, type, total_seconds::text AS total_seconds, shifts::text AS shifts
          FROM (
            SELECT staff_id, type,
              floor(sum(extract(epoch FROM ${clipped}) * 1000) / 1000)::bigint AS total_seconds,
              count(*) AS shifts
            FROM shifts
            WHERE ${sql.and(conditions)}
            GROUP BY staff_id, type
          ) totals
          ORDER BY totals.total_seconds DESC, totals.staff_id COLLATE "C", totals.type COLLATE "C"
          LIMIT ${limit} OFFSET ${offset}`
      }
    })
    return {
      totals: Effect.fn("PgShiftSummaries.totals")((range: SummaryRange, page: Page) => pageOf(page, (window) => totals({ range, ...window })))
    }
  })
)
