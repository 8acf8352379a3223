import { SqlClient } from "effect/sql"
import { Effect } from "effect"

/**
 * The civilian records: characters (references from a sequence), their one
 * licence and its endorsements, vehicles with their keeper periods, and the
 * PNC's append-only history.
 *
 * - One licence per character and unique licence numbers are unique keys.
 * - A plate is unique among vehicles not scrapped, compared by `plate_key`
 *   (core's `plateKey`: no spaces, no hyphens, upper case): a partial unique
 *   index, so two registrations racing store one vehicle.
 * - Searches by part of a plate or of make and model, and by name, use
 *   trigram indexes where `pg_trgm` is available (every Postgres with its
 *   contrib modules; the embedded PGlite loads it). The queries are the same
 *   without it, only slower.
 * - Records, warrants and markers arrive in a later migration; the read
 *   models then add their joins.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  yield* sql`CREATE SEQUENCE civilian_reference_seq`
  yield* sql`
    CREATE TABLE civilians (
      id text PRIMARY KEY,
      reference text NOT NULL UNIQUE CHECK (reference ~ '^CIV-[0-9]{6,}$'),
      owner_id text NOT NULL REFERENCES accounts (id),
      full_name text NOT NULL,
      date_of_birth date NOT NULL,
      gender text NOT NULL CHECK (gender IN ('MALE', 'FEMALE', 'NON_BINARY', 'UNSPECIFIED')),
      address text NOT NULL,
      phone text,
      occupation text,
      image_url text,
      notes text,
      status text NOT NULL CHECK (status IN ('ACTIVE', 'INACTIVE', 'DECEASED')),
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`
  yield* sql`CREATE INDEX civilians_owner_idx ON civilians (owner_id, created_at DESC, id DESC)`
  yield* sql`CREATE INDEX civilians_name_idx ON civilians (lower(full_name), reference)`

  yield* sql`
    CREATE TABLE licences (
      id text PRIMARY KEY,
      civilian_id text NOT NULL UNIQUE REFERENCES civilians (id),
      number text NOT NULL UNIQUE,
      categories text[] NOT NULL CHECK (cardinality(categories) BETWEEN 1 AND 4 AND categories <@ ARRAY['A', 'B', 'C', 'D']),
      status text NOT NULL CHECK (status IN ('VALID', 'SUSPENDED', 'REVOKED')),
      suspended_until timestamptz,
      issued_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      CHECK (expires_at > issued_at),
      CHECK (status = 'SUSPENDED' OR suspended_until IS NULL)
    )`

  yield* sql`
    CREATE TABLE endorsements (
      id text PRIMARY KEY,
      licence_id text NOT NULL REFERENCES licences (id),
      code text NOT NULL,
      reason text NOT NULL,
      points integer NOT NULL CHECK (points >= 0),
      created_at timestamptz NOT NULL,
      expires_at timestamptz,
      issued_by text NOT NULL REFERENCES accounts (id),
      removed_at timestamptz,
      removed_by text REFERENCES accounts (id),
      removal_reason text,
      record_id text,
      CHECK ((removed_at IS NULL) = (removed_by IS NULL) AND (removed_at IS NULL) = (removal_reason IS NULL))
    )`
  yield* sql`CREATE INDEX endorsements_licence_idx ON endorsements (licence_id, created_at, id)`

  yield* sql`
    CREATE TABLE vehicles (
      id text PRIMARY KEY,
      plate text NOT NULL,
      plate_key text NOT NULL,
      make text NOT NULL,
      model text NOT NULL,
      colour text NOT NULL,
      type text NOT NULL CHECK (type IN ('CAR', 'MOTORCYCLE', 'VAN', 'LORRY', 'BUS', 'OTHER')),
      registration_status text NOT NULL CHECK (registration_status IN ('REGISTERED', 'SUSPENDED', 'SCRAPPED')),
      insurance_status text NOT NULL CHECK (insurance_status IN ('INSURED', 'UNINSURED')),
      mot_status text NOT NULL CHECK (mot_status IN ('VALID', 'EXPIRED')),
      tax_status text NOT NULL CHECK (tax_status IN ('TAXED', 'UNTAXED', 'SORN')),
      keeper_id text REFERENCES civilians (id),
      keeper_since timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      CHECK ((keeper_id IS NULL) = (keeper_since IS NULL))
    )`
  yield* sql`CREATE UNIQUE INDEX vehicles_plate_key_live_key ON vehicles (plate_key) WHERE registration_status <> 'SCRAPPED'`
  yield* sql`CREATE INDEX vehicles_plate_idx ON vehicles (plate COLLATE "C", id)`
  yield* sql`CREATE INDEX vehicles_keeper_idx ON vehicles (keeper_id, plate COLLATE "C", id)`

  yield* sql`
    CREATE TABLE vehicle_keepers (
      seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      vehicle_id text NOT NULL REFERENCES vehicles (id),
      civilian_id text NOT NULL REFERENCES civilians (id),
      started_at timestamptz NOT NULL,
      ended_at timestamptz
    )`
  yield* sql`CREATE INDEX vehicle_keepers_vehicle_idx ON vehicle_keepers (vehicle_id, seq DESC)`
  yield* sql`CREATE UNIQUE INDEX vehicle_keepers_open_key ON vehicle_keepers (vehicle_id) WHERE ended_at IS NULL`

  yield* sql`
    CREATE TABLE pnc_events (
      seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      id text NOT NULL UNIQUE,
      type text NOT NULL,
      at timestamptz NOT NULL,
      actor_type text NOT NULL CHECK (actor_type IN ('user', 'service')),
      actor_id text NOT NULL,
      civilian_id text,
      vehicle_id text,
      licence_id text,
      data jsonb NOT NULL DEFAULT '{}'::jsonb
    )`
  yield* sql`CREATE INDEX pnc_events_civilian_idx ON pnc_events (civilian_id, seq DESC)`
  yield* sql`CREATE INDEX pnc_events_vehicle_idx ON pnc_events (vehicle_id, seq DESC)`
  yield* sql`
    CREATE FUNCTION refuse_pnc_history_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'pnc_events is append-only';
    END
    $$`
  yield* sql`
    CREATE TRIGGER pnc_events_append_only
    BEFORE UPDATE OR DELETE OR TRUNCATE ON pnc_events
    FOR EACH STATEMENT EXECUTE FUNCTION refuse_pnc_history_change()`

  const trigram = yield* sql<{ readonly available: boolean }>`
    SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') AS available`
  if (trigram[0]?.available === true) {
    yield* sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`
    yield* sql`CREATE INDEX vehicles_plate_key_trgm_idx ON vehicles USING gin (plate_key gin_trgm_ops)`
    yield* sql`CREATE INDEX vehicles_make_model_trgm_idx ON vehicles USING gin ((lower(make || ' ' || model)) gin_trgm_ops)`
    yield* sql`CREATE INDEX civilians_name_trgm_idx ON civilians USING gin (lower(full_name) gin_trgm_ops)`
  }
})
