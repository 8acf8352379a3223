import { SqlClient } from "effect/sql"
import { Effect } from "effect"

/**
 * Whether a PNC history entry is a member's own change to their character
 * (core's `isOwnersOwnChange`, decided when the change is recorded), so that
 * `GET /pnc/events` names the member only to readers holding
 * `civilians.manage`.
 *
 * Entries written before this column existed are marked the same way: the
 * portal's entry types whose actor owns the character the change was made
 * through (for `KEEPER_CHANGED`, the old keeper in `data.from`). The owner's
 * account id that `CIVILIAN_CREATED` used to copy into `data` is taken out.
 * The history refuses updates, so its guard is set aside for these two
 * statements only, inside this migration's transaction.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE pnc_events ADD COLUMN by_owner boolean NOT NULL DEFAULT false`
  yield* sql`ALTER TABLE pnc_events DISABLE TRIGGER pnc_events_append_only`
  yield* sql`
    UPDATE pnc_events e SET by_owner = true
    FROM civilians c
    WHERE e.actor_type = 'user'
      AND e.type IN ('CIVILIAN_CREATED', 'CIVILIAN_UPDATED', 'LICENCE_ISSUED', 'VEHICLE_REGISTERED', 'KEEPER_CHANGED')
      AND c.id = CASE WHEN e.type = 'KEEPER_CHANGED' THEN e.data -> 'from' ->> 'id' ELSE e.civilian_id END
      AND c.owner_id = e.actor_id`
  yield* sql`UPDATE pnc_events SET data = data - 'ownerId' WHERE type = 'CIVILIAN_CREATED'`
  yield* sql`ALTER TABLE pnc_events ENABLE TRIGGER pnc_events_append_only`
  // Every new entry says which it is.
  yield* sql`ALTER TABLE pnc_events ALTER COLUMN by_owner DROP DEFAULT`
})
