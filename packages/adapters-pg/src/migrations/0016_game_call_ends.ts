import { SqlClient } from "effect/sql"
import { Effect } from "effect"

/**
 * The game's call ends handled while no waiting CAD call carried their
 * number (docs/decisions/game.md, "The game's events"): the end of a call
 * whose start is handled later (out of order, or on another instance) is
 * kept here, under the call number's lock, for the start to close its call at
 * once. By the game's number and the game's time of the end (Unix seconds);
 * stamped by the application's clock and forgotten with the claims, after a
 * day. No index but the key: the table holds about a day of ends.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE game_call_ends (
      call_number integer NOT NULL,
      ended_at bigint NOT NULL,
      remembered_at timestamptz NOT NULL,
      PRIMARY KEY (call_number, ended_at)
    )`
})
