import { SqlClient } from "effect/sql"
import { Effect } from "effect"

/**
 * Why each session was revoked (core's `SessionRevocation`), so that only the
 * sessions a suspension or disabling ended answer `ACCOUNT_DISABLED`.
 *
 * Sessions revoked before this column existed get the reason that keeps what
 * they answered until now: those of an account that is not active are taken
 * as ended by its status (they answered `ACCOUNT_DISABLED`), all others as
 * signed out.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE sessions ADD COLUMN revoked_reason text`
  yield* sql`
    UPDATE sessions s SET revoked_reason = CASE
      WHEN EXISTS (SELECT 1 FROM accounts a WHERE a.id = s.account_id AND a.status <> 'ACTIVE') THEN 'account-status'
      ELSE 'signed-out'
    END
    WHERE s.revoked_at IS NOT NULL`
  yield* sql`
    ALTER TABLE sessions
      ADD CONSTRAINT sessions_revoked_reason_check
        CHECK (revoked_reason IN ('signed-out', 'signed-in-again', 'account-status')),
      ADD CONSTRAINT sessions_revocation_complete_check
        CHECK ((revoked_at IS NULL) = (revoked_reason IS NULL))`
})
