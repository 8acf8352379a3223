import { createHash } from "node:crypto"
import { SqlClient } from "effect/sql"
import { HandledGameEvents } from "@bluelight/core/game"
import { Effect, Layer } from "effect"

/**
 * The game's events handled, by the SHA-256 of each event's key: the primary
 * key of `game_events_handled` makes a claim once. `ON CONFLICT DO NOTHING`
 * waits for a transaction inserting the same digest to end, so of two
 * instances handling one event at once the second claims nothing once the
 * first commits. The digest is made here: the key is the game's text, which
 * may hold what Postgres text cannot (`\u0000`).
 */
export const PgHandledGameEvents = Layer.effect(
  HandledGameEvents,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    return {
      claim: Effect.fn("PgHandledGameEvents.claim")((key: string) =>
        sql`
          INSERT INTO game_events_handled (digest, handled_at)
          VALUES (${createHash("sha256").update(key, "utf8").digest("hex")}, now())
          ON CONFLICT (digest) DO NOTHING
          RETURNING digest`.pipe(Effect.map((rows) => rows.length === 1), Effect.orDie)
      )
    }
  })
)
