import { SqlClient } from "effect/sql"
import { Effect } from "effect"

/**
 * The access change log (core's `AccessChanges`): every committed change to
 * who may do what is one row, numbered by an epoch from one counter row.
 *
 * The triggers are deferred constraint triggers, so they run at commit, after
 * the transaction's last statement: the counter row is the last lock the
 * transaction takes and is held only while it commits. Epochs are therefore
 * handed out in commit order and without gaps (a rolled-back transaction
 * gives its epoch back), and a reader that asks for what came after the last
 * epoch it read misses nothing. Taking the counter mid-transaction instead
 * would deadlock a suspension (account, then its sessions) against a
 * sign-out of one of those sessions.
 *
 * What counts as a change (what can narrow someone's access; a new session,
 * account, credential or role cannot):
 * - `sessions` updated or deleted (revoked, Developer Access on or off): the account's;
 * - `accounts` updated or deleted (status): the account's;
 * - `staff_profiles` and `staff_profile_roles` written (activation, roles): the profile's account's;
 * - `roles` updated or deleted (permissions): everyone's;
 * - `service_credentials` updated or deleted (revoked): the credential's.
 *
 * The log keeps its last 1000 rows; a reader further behind takes it as a
 * change for everyone.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  yield* sql`CREATE TABLE access_epoch (id boolean PRIMARY KEY DEFAULT true CHECK (id), epoch bigint NOT NULL)`
  yield* sql`INSERT INTO access_epoch (epoch) VALUES (0)`
  yield* sql`
    CREATE TABLE access_changes (
      epoch bigint PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('account', 'credential', 'everyone')),
      subject_id text,
      CHECK ((kind = 'everyone') = (subject_id IS NULL))
    )`
  // TG_ARGV: the kind, and the column naming the subject ('staff_profile_id': the profile's account).
  yield* sql`
    CREATE FUNCTION record_access_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      changed jsonb;
      subject text;
      kind text := TG_ARGV[0];
      next_epoch bigint;
    BEGIN
      IF TG_OP = 'DELETE' THEN changed := to_jsonb(OLD); ELSE changed := to_jsonb(NEW); END IF;
      IF kind <> 'everyone' THEN
        IF TG_ARGV[1] = 'staff_profile_id' THEN
          SELECT account_id INTO subject FROM staff_profiles WHERE id = changed ->> 'staff_profile_id';
        ELSE
          subject := changed ->> TG_ARGV[1];
        END IF;
        IF subject IS NULL THEN kind := 'everyone'; END IF;
      END IF;
      UPDATE access_epoch SET epoch = epoch + 1 RETURNING epoch INTO next_epoch;
      INSERT INTO access_changes (epoch, kind, subject_id) VALUES (next_epoch, kind, subject);
      DELETE FROM access_changes WHERE epoch <= next_epoch - 1000;
      RETURN NULL;
    END
    $$`
  const triggers: ReadonlyArray<readonly [table: string, events: string, kind: string, column: string]> = [
    ["sessions", "UPDATE OR DELETE", "account", "account_id"],
    ["accounts", "UPDATE OR DELETE", "account", "id"],
    ["staff_profiles", "INSERT OR UPDATE OR DELETE", "account", "account_id"],
    ["staff_profile_roles", "INSERT OR UPDATE OR DELETE", "account", "staff_profile_id"],
    ["roles", "UPDATE OR DELETE", "everyone", ""],
    ["service_credentials", "UPDATE OR DELETE", "credential", "id"]
  ]
  for (const [table, events, kind, column] of triggers) {
    yield* sql.unsafe(`
      CREATE CONSTRAINT TRIGGER ${table}_access_changed
      AFTER ${events} ON ${table}
      DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION record_access_change('${kind}', '${column}')`)
  }
})
