import { SqlClient } from "effect/sql"
import { Effect } from "effect"

/**
 * The game's verified batches kept until they are handled, so that a crash
 * loses none the webhook answered `204` (docs/decisions/game.md, "The event
 * webhook"): one row per delivery, oldest first by id. A row is taken by one
 * instance at a time for a lease (`taken_by`, `taken_until`); a lease that
 * ran out (its taker crashed) lets another take it. No index but the key: the
 * table holds what arrived in the last seconds.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE game_event_inbox (
      id bigserial PRIMARY KEY,
      server text NOT NULL,
      events jsonb NOT NULL,
      request_id text,
      received_at timestamptz NOT NULL DEFAULT now(),
      taken_by text,
      taken_until timestamptz
    )`
})
