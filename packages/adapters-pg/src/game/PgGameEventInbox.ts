import { SqlClient } from "effect/sql"
import { GameEvent, GameEventInbox, type InboxBatch, type ReceivedGameEvents } from "@bluelight/core/game"
import { DateTime, type Duration, Effect, Layer, Option, Schema } from "effect"

// The events are read back as JSON text and parsed here: the client would rename the keys of a `jsonb` value it parsed.
const Row = Schema.Struct({ id: Schema.String, server: Schema.String, events: Schema.String, requestId: Schema.NullOr(Schema.String) })
const decodeRow = Schema.decodeUnknownEffect(Row)
const decodeEvents = Schema.decodeUnknownEffect(Schema.fromJsonString(Schema.Array(GameEvent)))

/**
 * Postgres cannot keep `\u0000` in `jsonb`: it is dropped from the game's
 * text when a batch is put. The handling drops it from what it keeps anyway
 * (docs/decisions/game.md, "The game's events"), and every handling of the row
 * reads the same events, so an event's claim names it the same each time.
 */
const storable = (events: ReceivedGameEvents["events"]): string =>
  JSON.stringify(events, (_, value) => (typeof value === "string" ? value.replaceAll("\u0000", "") : value))

/**
 * The inbox as `game_event_inbox`, each operation a statement of its own. A
 * take updates the oldest row that is free (never taken, or its lease ended
 * by the application's clock, as the claims are stamped) chosen with
 * `FOR UPDATE SKIP LOCKED`, so two instances taking at once take two rows,
 * or one and none.
 */
export const PgGameEventInbox = Layer.effect(
  GameEventInbox,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    return {
      put: Effect.fn("PgGameEventInbox.put")(function*(batch: ReceivedGameEvents) {
        const now = yield* DateTime.now
        yield* sql`
          INSERT INTO game_event_inbox (server, events, request_id, received_at)
          VALUES (${batch.server}, ${storable(batch.events)}::jsonb, ${batch.requestId}, ${DateTime.toDateUtc(now)})`.pipe(Effect.orDie)
      }),
      take: Effect.fn("PgGameEventInbox.take")(function*(taker: string, leaseFor: Duration.Duration) {
        const now = yield* DateTime.now
        const rows = yield* sql`
          UPDATE game_event_inbox SET taken_by = ${taker}, taken_until = ${DateTime.toDateUtc(DateTime.addDuration(now, leaseFor))}
          WHERE id = (
            SELECT id FROM game_event_inbox
            WHERE taken_until IS NULL OR taken_until <= ${DateTime.toDateUtc(now)}
            ORDER BY id LIMIT 1
            FOR UPDATE SKIP LOCKED)
          RETURNING id::text AS id, server, events::text AS events, request_id`.pipe(Effect.orDie)
        if (rows.length === 0) return Option.none<InboxBatch>()
        const row = yield* Effect.orDie(decodeRow(rows[0]))
        const events = yield* Effect.orDie(decodeEvents(row.events))
        return Option.some<InboxBatch>({ id: row.id, server: row.server, events, requestId: row.requestId })
      }),
      release: Effect.fn("PgGameEventInbox.release")((id: string) =>
        Effect.asVoid(sql`UPDATE game_event_inbox SET taken_by = NULL, taken_until = NULL WHERE id = ${id}::bigint`.pipe(Effect.orDie))
      ),
      done: Effect.fn("PgGameEventInbox.done")((id: string) => Effect.asVoid(sql`DELETE FROM game_event_inbox WHERE id = ${id}::bigint`.pipe(Effect.orDie)))
    }
  })
)
