import { SqlClient } from "effect/sql"
import { Effect } from "effect"

/**
 * Row triggers never see TRUNCATE: without its own trigger one statement
 * could empty the append-only audit log. Refused like UPDATE and DELETE.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TRIGGER audit_log_no_truncate
    BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION refuse_audit_change()`
})
