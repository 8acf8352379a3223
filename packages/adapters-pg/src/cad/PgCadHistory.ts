import { SqlClient, SqlSchema } from "effect/sql"
import { type CadEventFilter, type CadEventView, CadHistory, type NewCadEvent } from "@bluelight/core/cad"
import { AccountId, ServiceCredentialId } from "@bluelight/core/identity"
import type { Page } from "@bluelight/core/kernel"
import { DateTime, Effect, Layer, Schema } from "effect"
import { pageOf, Window } from "../kernel/rows.js"
import { CadEventRow } from "./rows.js"

/** The channel every instance listens on; the payload is the new entry's `seq`. */
export const CAD_EVENTS_CHANNEL = "bluelight_cad_events"

/**
 * The key of the transaction-scoped advisory lock every history writer takes
 * before appending: entries then commit in `seq` order, so a reader's
 * `after=<seq>` cursor never passes over one still to commit.
 */
const APPEND_LOCK = [0x0cad, 1] as const

const viewOf = (row: typeof CadEventRow.Type): CadEventView => {
  const { actorId, actorName, actorType, ...entry } = row
  return {
    ...entry,
    actor: actorType === "service" ? { serviceId: ServiceCredentialId.make(actorId) } : { id: AccountId.make(actorId), displayName: actorName ?? "" }
  }
}

/** The append-only CAD history, with a `NOTIFY` per entry that every instance's feed hears on commit. */
export const PgCadHistory = Layer.effect(
  CadHistory,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const list = SqlSchema.findAll({
      Request: Schema.Struct({ filter: Schema.Any, ...Window.fields }),
      Result: CadEventRow,
      execute: ({ filter, limit, offset }: { filter: CadEventFilter; limit: number; offset: number }) => {
        const conditions = [
          filter.after === undefined ? undefined : sql`e.seq > ${filter.after}`,
          filter.incidentId === undefined ? undefined : sql`e.incident_id = ${filter.incidentId}`,
          filter.unitId === undefined ? undefined : sql`e.unit_id = ${filter.unitId}`
        ].filter((condition) => condition !== undefined)
        return sql`
          SELECT e.seq, e.id, e.type, e.at, e.actor_type, e.actor_id, a.display_name AS actor_name,
                 e.incident_id, e.unit_id, e.call_id, e.data
          FROM cad_events e LEFT JOIN accounts a ON e.actor_type = 'user' AND a.id = e.actor_id
          WHERE ${sql.and(conditions)}
          ORDER BY e.seq
          LIMIT ${limit} OFFSET ${offset}`
      }
    })
    return {
      append: Effect.fn("PgCadHistory.append")(function*(event: NewCadEvent) {
        yield* sql`SELECT pg_advisory_xact_lock(${APPEND_LOCK[0]}, ${APPEND_LOCK[1]})`
        const rows = yield* sql<{ readonly seq: bigint }>`
          INSERT INTO cad_events (id, type, at, actor_type, actor_id, incident_id, unit_id, call_id, data)
          VALUES (${event.id}, ${event.type}, ${DateTime.toDateUtc(event.at)}, ${event.actor.type}, ${event.actor.id},
                  ${event.incidentId}, ${event.unitId}, ${event.callId}, ${JSON.stringify(event.data)}::jsonb)
          RETURNING seq`
        const seq = Number(rows[0]!.seq)
        yield* sql`SELECT pg_notify(${CAD_EVENTS_CHANNEL}, ${String(seq)})`
        return { ...event, seq }
      }, Effect.orDie),
      latestSeq: sql<{ readonly seq: bigint | null }>`SELECT max(seq) AS seq FROM cad_events`.pipe(
        Effect.map((rows) => Number(rows[0]?.seq ?? 0)),
        Effect.orDie,
        Effect.withSpan("PgCadHistory.latestSeq")
      ),
      list: Effect.fn("PgCadHistory.list")((filter: CadEventFilter, page: Page) =>
        Effect.map(pageOf(page, (window) => list({ filter, ...window })), (found) => ({ items: found.items.map(viewOf), meta: found.meta }))
      )
    }
  })
)
