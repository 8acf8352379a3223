import { SqlClient } from "effect/sql"
import { Effect } from "effect"

/**
 * A batch of the inbox that cannot be read back, set aside rather than taken
 * again for ever (docs/decisions/game.md, "The event webhook"): when it was
 * set aside and why. A set-aside row is never taken and never counts towards
 * the inbox's bound; it stays for whoever looks at the table.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    ALTER TABLE game_event_inbox
      ADD COLUMN failed_at timestamptz,
      ADD COLUMN failure text,
      ADD CONSTRAINT game_event_inbox_failure CHECK ((failed_at IS NULL) = (failure IS NULL))`
})
