import { SqlClient } from "effect/sql"
import { Effect } from "effect"

/**
 * The community's own rules (docs/decisions/civilians.md, "Community settings
 * and totting-up"):
 *
 * - `community_settings`, one row for the deployment (its key can only be
 *   `true`), made here with the defaults (core's `defaultCommunitySettings`:
 *   12 points, 180 days, warrants without approval), so that a change locks
 *   that row (`SELECT … FOR UPDATE`) and no first change races another to
 *   insert it. `updated_at` and `updated_by` are null until first changed.
 * - `licences.suspension_reason`: why a stored suspension was made
 *   (`TOTTING_UP`, or the officer's reason), only while stored `SUSPENDED`.
 *   Licences suspended before this column take the reason of their latest
 *   `LICENCE_SUSPENDED` history entry (the history is only read).
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE community_settings (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      licence_points_threshold integer NOT NULL CHECK (licence_points_threshold BETWEEN 0 AND 100),
      totting_up_suspension_days integer NOT NULL CHECK (totting_up_suspension_days BETWEEN 1 AND 3650),
      warrants_need_approval boolean NOT NULL,
      updated_at timestamptz,
      updated_by text REFERENCES accounts (id),
      CHECK ((updated_at IS NULL) = (updated_by IS NULL))
    )`
  yield* sql`
    INSERT INTO community_settings (licence_points_threshold, totting_up_suspension_days, warrants_need_approval)
    VALUES (12, 180, false)`

  yield* sql`ALTER TABLE licences ADD COLUMN suspension_reason text`
  yield* sql`
    UPDATE licences l SET suspension_reason = (
      SELECT e.data ->> 'reason' FROM pnc_events e
      WHERE e.licence_id = l.id AND e.type = 'LICENCE_SUSPENDED'
      ORDER BY e.seq DESC LIMIT 1
    )
    WHERE l.status = 'SUSPENDED'`
  yield* sql`ALTER TABLE licences ADD CONSTRAINT licences_suspension_reason_check CHECK (status = 'SUSPENDED' OR suspension_reason IS NULL)`
})
