import { SqlClient } from "effect/sql"
import { Effect } from "effect"

/**
 * The community's charges catalogue, and what each record cited of it.
 *
 * - `charges`: codes stored upper case (core's `storedChargeCode`), so the
 *   unique index on the code is unique ignoring case; it is built in the "C"
 *   collation, the code-unit order the catalogue is listed in (the in-memory
 *   port's order), which the list then reads from it. Fines are exact money
 *   (`numeric`, as a record's). Charges are retired (`active`), never deleted.
 *   No trigram index: a catalogue is a few hundred charges, scanned whole.
 * - `pnc_record_charges`: the copy a record keeps of each charge it cited, in
 *   the order cited, as the charge was then: a later change to the charge
 *   never changes a past record, so the copy is append-only by trigger, as
 *   the histories are.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  yield* sql`
    CREATE TABLE charges (
      id text PRIMARY KEY,
      code text NOT NULL CHECK (code = upper(code) AND code <> ''),
      title text NOT NULL,
      category text,
      fine_min numeric(12, 2) NOT NULL CHECK (fine_min >= 0),
      fine_max numeric(12, 2) NOT NULL CHECK (fine_max >= fine_min),
      points integer NOT NULL CHECK (points BETWEEN 0 AND 12),
      endorsement_code text,
      custody_max_days integer CHECK (custody_max_days >= 0),
      warning_applicable boolean NOT NULL,
      active boolean NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      CHECK ((points > 0) = (endorsement_code IS NOT NULL))
    )`
  yield* sql`CREATE UNIQUE INDEX charges_code_key ON charges (code COLLATE "C")`

  yield* sql`
    CREATE TABLE pnc_record_charges (
      record_id text NOT NULL REFERENCES pnc_records (id),
      position integer NOT NULL CHECK (position >= 0),
      charge_id text NOT NULL REFERENCES charges (id),
      code text NOT NULL,
      title text NOT NULL,
      count integer NOT NULL CHECK (count >= 1),
      fine_min numeric(12, 2) NOT NULL,
      fine_max numeric(12, 2) NOT NULL,
      points integer NOT NULL,
      PRIMARY KEY (record_id, position),
      UNIQUE (record_id, charge_id)
    )`
  yield* sql`CREATE INDEX pnc_record_charges_charge_idx ON pnc_record_charges (charge_id)`
  yield* sql`
    CREATE FUNCTION refuse_record_charges_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'pnc_record_charges is append-only';
    END
    $$`
  yield* sql`
    CREATE TRIGGER pnc_record_charges_append_only
    BEFORE UPDATE OR DELETE OR TRUNCATE ON pnc_record_charges
    FOR EACH STATEMENT EXECUTE FUNCTION refuse_record_charges_change()`
})
