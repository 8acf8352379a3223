import { SqlClient } from "effect/sql"
import { Effect } from "effect"

/**
 * The game's own events in CAD (issue 22): where a call came from (`API`, or
 * the game's emergency call with its call number), and the game's events
 * already handled, by the digest of each event's key, so that an event
 * delivered again, or to two instances at once, has one effect. Calls from
 * before are the API's.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    ALTER TABLE cad_calls
      ADD COLUMN source text NOT NULL DEFAULT 'API' CHECK (source IN ('API', 'GAME')),
      ADD COLUMN game_call_number integer,
      ADD CONSTRAINT cad_calls_game_call_number CHECK ((source = 'GAME') = (game_call_number IS NOT NULL))`
  // Every new call says where it came from.
  yield* sql`ALTER TABLE cad_calls ALTER COLUMN source DROP DEFAULT`
  yield* sql`CREATE INDEX cad_calls_game_call_number_idx ON cad_calls (game_call_number, created_at) WHERE game_call_number IS NOT NULL`
  yield* sql`
    CREATE TABLE game_events_handled (
      digest text PRIMARY KEY,
      handled_at timestamptz NOT NULL
    )`
})
