import { SqlClient } from "effect/sql"
import { Effect } from "effect"

/**
 * The append-only audit log. A trigger refuses UPDATE and DELETE so that
 * "append-only" does not depend on every future query being careful.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE audit_log (
      id uuid PRIMARY KEY,
      at timestamptz NOT NULL,
      action text NOT NULL,
      actor_type text NOT NULL CHECK (actor_type IN ('user', 'service')),
      actor_id text NOT NULL,
      target_type text NOT NULL,
      target_id text,
      request_id text,
      data jsonb NOT NULL DEFAULT '{}'::jsonb
    )`
  yield* sql`CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC)`
  yield* sql`CREATE INDEX audit_log_action_idx ON audit_log (action, at DESC)`
  yield* sql`CREATE INDEX audit_log_actor_idx ON audit_log (actor_type, actor_id, at DESC)`
  yield* sql`CREATE INDEX audit_log_target_idx ON audit_log (target_id, at DESC)`
  yield* sql`
    CREATE FUNCTION refuse_audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_log is append-only';
    END
    $$`
  yield* sql`
    CREATE TRIGGER audit_log_append_only
    BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION refuse_audit_change()`
})
