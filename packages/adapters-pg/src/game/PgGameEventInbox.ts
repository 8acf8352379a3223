import { SqlClient } from "effect/sql"
import { GameEvent, GameEventInbox, GameEventInboxFull, type InboxBatch, type ReceivedGameEvents } from "@bluelight/core/game"
import { withoutUnsafeCharacters } from "@bluelight/core/kernel"
import { DateTime, type Duration, Effect, Layer, Option, Result, Schema } from "effect"

// The events are read back as JSON text and parsed here: the client would rename the keys of a `jsonb` value it parsed.
const Row = Schema.Struct({ id: Schema.String, server: Schema.String, events: Schema.String, requestId: Schema.NullOr(Schema.String) })
const decodeRow = Schema.decodeUnknownEffect(Row)
const decodeEvents = Schema.decodeUnknownEffect(Schema.fromJsonString(Schema.Array(GameEvent)))

/**
 * Postgres cannot keep `\u0000` nor a lone surrogate in `jsonb`: reading the
 * batch dropped them from the game's text already (`GameText`); they are
 * dropped here too from anything else put, so a write never fails on one.
 */
const storable = (events: ReceivedGameEvents["events"]): string =>
  JSON.stringify(events, (_, value) => (typeof value === "string" ? withoutUnsafeCharacters(value) : value))

/** The longest reason kept for a batch set aside. */
const MAX_FAILURE_LENGTH = 2000

/** The advisory lock (`pg_advisory_xact_lock(0x6ca2, 0)`) under which every instance counts the waiting events and puts a batch. */
const INBOX_LOCK = 0x6ca2

/**
 * The inbox as `game_event_inbox`, each operation a statement of its own
 * but the put, a short transaction. A take updates the oldest row that is
 * free (never taken, or its lease ended by the application's clock, as the
 * claims are stamped; never one set aside) chosen with `FOR UPDATE SKIP
 * LOCKED`, so two instances taking at once take two rows, or one and none.
 * A row whose events do not read back as the game's (`failed_at`, `failure`)
 * is set aside with the reason and the next one taken. A put counts the
 * events waiting and writes the batch under one advisory lock, so the bound
 * holds across instances.
 */
export const PgGameEventInbox = Layer.effect(
  GameEventInbox,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const setAside = (id: string, reason: string) =>
      Effect.gen(function*() {
        const now = yield* DateTime.now
        yield* sql`
          UPDATE game_event_inbox SET failed_at = ${DateTime.toDateUtc(now)}, failure = ${withoutUnsafeCharacters(reason).slice(0, MAX_FAILURE_LENGTH)},
            taken_by = NULL, taken_until = NULL
          WHERE id = ${id}::bigint`.pipe(Effect.orDie)
      })

    const takeOne = (taker: string, leaseFor: Duration.Duration) =>
      Effect.gen(function*() {
        const now = yield* DateTime.now
        const rows = yield* sql`
          UPDATE game_event_inbox SET taken_by = ${taker}, taken_until = ${DateTime.toDateUtc(DateTime.addDuration(now, leaseFor))}
          WHERE id = (
            SELECT id FROM game_event_inbox
            WHERE failed_at IS NULL AND (taken_until IS NULL OR taken_until <= ${DateTime.toDateUtc(now)})
            ORDER BY id LIMIT 1
            FOR UPDATE SKIP LOCKED)
          RETURNING id::text AS id, server, events::text AS events, request_id`.pipe(Effect.orDie)
        return rows[0]
      })

    return {
      put: Effect.fn("PgGameEventInbox.put")(function*(batch: ReceivedGameEvents, maxPendingEvents: number) {
        const now = yield* DateTime.now
        const events = storable(batch.events)
        yield* sql.withTransaction(Effect.gen(function*() {
          yield* sql`SELECT pg_advisory_xact_lock(${INBOX_LOCK}, 0)`
          // A statement after the lock: it sees every put committed before it.
          const [waiting] = yield* sql<{ readonly pending: number }>`
            SELECT coalesce(sum(jsonb_array_length(events)), 0)::int AS pending FROM game_event_inbox WHERE failed_at IS NULL`
          const pending = waiting?.pending ?? 0
          if (pending >= maxPendingEvents) return yield* new GameEventInboxFull({ pendingEvents: pending })
          yield* sql`
            INSERT INTO game_event_inbox (server, events, request_id, received_at)
            VALUES (${withoutUnsafeCharacters(batch.server)}, ${events}::jsonb, ${batch.requestId}, ${DateTime.toDateUtc(now)})`
        })).pipe(Effect.catchTag("SqlError", Effect.die))
      }),
      take: Effect.fn("PgGameEventInbox.take")(function*(taker: string, leaseFor: Duration.Duration) {
        for (;;) {
          const taken = yield* takeOne(taker, leaseFor)
          if (taken === undefined) return Option.none<InboxBatch>()
          const read = yield* Effect.result(Effect.gen(function*() {
            const row = yield* decodeRow(taken)
            const events = yield* decodeEvents(row.events)
            return { id: row.id, server: row.server, events, requestId: row.requestId }
          }))
          if (Result.isSuccess(read)) return Option.some<InboxBatch>(read.success)
          // Never taken again: a row that cannot be read now cannot be read at the next poll either.
          const id = typeof taken === "object" && taken !== null && "id" in taken ? String(taken.id) : undefined
          if (id === undefined) return yield* Effect.die(read.failure)
          yield* setAside(id, String(read.failure))
          yield* Effect.logError(`game events: batch ${id} of the inbox cannot be read back; set aside, never taken again`, read.failure)
        }
      }),
      setAside: Effect.fn("PgGameEventInbox.setAside")(setAside),
      release: Effect.fn("PgGameEventInbox.release")((id: string) =>
        Effect.asVoid(sql`UPDATE game_event_inbox SET taken_by = NULL, taken_until = NULL WHERE id = ${id}::bigint`.pipe(Effect.orDie))
      ),
      done: Effect.fn("PgGameEventInbox.done")((id: string) => Effect.asVoid(sql`DELETE FROM game_event_inbox WHERE id = ${id}::bigint`.pipe(Effect.orDie)))
    }
  })
)
