import { SqlClient } from "effect/sql"
import { Effect } from "effect"

/**
 * Warrants a second officer approves (docs/decisions/civilians.md, "Warrant
 * approval"): two new statuses, `PENDING_APPROVAL` and `REJECTED`, who asked
 * for a warrant and when, and the decision on it.
 *
 * Every warrant so far was issued without approval, so its requester is its
 * issuer (`requested_by = issued_by`, `requested_at = issued_at`) and it has
 * no decision. The checks say what each status holds: a pending request has no
 * decision and is not closed; a rejected one has its decision with the reason
 * and is never closed; only an executed or withdrawn warrant is closed. The
 * pending requests get a partial index of their own, newest first: the queue
 * an approving officer lists (`?status=PENDING_APPROVAL`).
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    ALTER TABLE warrants
      ADD COLUMN requested_by text REFERENCES accounts (id),
      ADD COLUMN requested_at timestamptz,
      ADD COLUMN decided_by text REFERENCES accounts (id),
      ADD COLUMN decided_at timestamptz,
      ADD COLUMN decision_note text`
  yield* sql`UPDATE warrants SET requested_by = issued_by, requested_at = issued_at`
  yield* sql`ALTER TABLE warrants ALTER COLUMN requested_by SET NOT NULL, ALTER COLUMN requested_at SET NOT NULL`

  // The checks of 0009, by the names Postgres gave them, replaced by ones that know the new statuses.
  yield* sql`ALTER TABLE warrants DROP CONSTRAINT warrants_status_check, DROP CONSTRAINT warrants_check`
  yield* sql`
    ALTER TABLE warrants
      ADD CONSTRAINT warrants_status_check CHECK (status IN ('PENDING_APPROVAL', 'ACTIVE', 'EXECUTED', 'WITHDRAWN', 'REJECTED')),
      ADD CONSTRAINT warrants_closed_check CHECK (
        (status IN ('EXECUTED', 'WITHDRAWN')) = (closed_at IS NOT NULL)
        AND (closed_at IS NULL) = (closed_by IS NULL) AND (closed_at IS NULL) = (close_note IS NULL)),
      ADD CONSTRAINT warrants_decided_check CHECK (
        (decided_at IS NULL) = (decided_by IS NULL)
        AND (status <> 'PENDING_APPROVAL' OR decided_at IS NULL)
        AND (status <> 'REJECTED' OR (decided_at IS NOT NULL AND decision_note IS NOT NULL))
        AND (decision_note IS NULL OR decided_at IS NOT NULL))`
  yield* sql`CREATE INDEX warrants_pending_idx ON warrants (issued_at DESC, id DESC) WHERE status = 'PENDING_APPROVAL'`
})
