import { createHash } from "node:crypto"
import { SqlClient } from "effect/sql"
import { HandledGameEvents } from "@bluelight/core/game"
import { DateTime, Effect, Layer } from "effect"

/**
 * The game's events handled, by the SHA-256 of each event's key: the primary
 * key of `game_events_handled` makes a claim once. `ON CONFLICT DO NOTHING`
 * waits for a transaction inserting the same digest to end, so of two
 * instances handling one event at once the second claims nothing once the
 * first commits. The digest is made here: the key is the game's text, which
 * may hold what Postgres text cannot (`\u0000`). A claim is stamped by the
 * application's clock, as the cutoff it is forgotten by is computed; the
 * forgetting scans the table (no index on `handled_at`): it holds about a
 * day of events, read once an hour. The call ends remembered
 * (`game_call_ends`) are forgotten with the claims, by the same cutoff.
 */
export const PgHandledGameEvents = Layer.effect(
  HandledGameEvents,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    return {
      claim: Effect.fn("PgHandledGameEvents.claim")(function*(key: string) {
        const now = yield* DateTime.now
        const rows = yield* sql`
          INSERT INTO game_events_handled (digest, handled_at)
          VALUES (${createHash("sha256").update(key, "utf8").digest("hex")}, ${DateTime.toDateUtc(now)})
          ON CONFLICT (digest) DO NOTHING
          RETURNING digest`.pipe(Effect.orDie)
        return rows.length === 1
      }),
      forgetBefore: Effect.fn("PgHandledGameEvents.forgetBefore")((cutoff: DateTime.Utc) =>
        sql<{ readonly forgotten: number }>`
          WITH gone AS (DELETE FROM game_events_handled WHERE handled_at < ${DateTime.toDateUtc(cutoff)} RETURNING 1)
          SELECT count(*)::int AS forgotten FROM gone`.pipe(
          Effect.map((rows) => rows[0]?.forgotten ?? 0),
          Effect.tap(() => sql`DELETE FROM game_call_ends WHERE remembered_at < ${DateTime.toDateUtc(cutoff)}`),
          Effect.orDie
        )
      ),
      rememberCallEnd: Effect.fn("PgHandledGameEvents.rememberCallEnd")(function*(callNumber: number, endedAt: number) {
        const now = yield* DateTime.now
        yield* sql`
          INSERT INTO game_call_ends (call_number, ended_at, remembered_at) VALUES (${callNumber}, ${endedAt}, ${DateTime.toDateUtc(now)})
          ON CONFLICT (call_number, ended_at) DO NOTHING`.pipe(Effect.orDie)
      }),
      takeCallEnd: Effect.fn("PgHandledGameEvents.takeCallEnd")((callNumber: number, startedAt: number) =>
        sql`DELETE FROM game_call_ends WHERE call_number = ${callNumber} AND ended_at >= ${startedAt} RETURNING call_number`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie
        )
      )
    }
  })
)
