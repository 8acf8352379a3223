import { SqlClient } from "effect/sql"
import { Effect } from "effect"

/**
 * PNC records, warrants and markers: references from their own sequences
 * (`REC-`, `WAR-`, `MRK-`), nothing ever deleted. Time-dependent states
 * (an expired warrant, an expired marker) are worked out when read, so only
 * what people did is stored. The indexes serve the read models: a person's
 * records, warrants and markers, a vehicle's markers and records, and the
 * lists newest first; partial indexes keep the uncleared markers and the
 * active warrants small to scan.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  yield* sql`CREATE SEQUENCE pnc_record_reference_seq`
  yield* sql`CREATE SEQUENCE warrant_reference_seq`
  yield* sql`CREATE SEQUENCE marker_reference_seq`

  yield* sql`
    CREATE TABLE pnc_records (
      id text PRIMARY KEY,
      reference text NOT NULL UNIQUE CHECK (reference ~ '^REC-[0-9]{6,}$'),
      civilian_id text NOT NULL REFERENCES civilians (id),
      type text NOT NULL CHECK (type IN ('CITATION', 'CAUTION', 'ARREST', 'CHARGE', 'WARNING', 'INTELLIGENCE')),
      status text NOT NULL CHECK (status IN ('OPEN', 'CLOSED', 'VOID')),
      title text NOT NULL,
      description text NOT NULL,
      location text NOT NULL,
      occurred_at timestamptz NOT NULL,
      fine_amount numeric(12, 2) NOT NULL CHECK (fine_amount >= 0),
      points integer NOT NULL CHECK (points >= 0),
      vehicle_id text REFERENCES vehicles (id),
      disclosed boolean NOT NULL,
      recorded_by text NOT NULL REFERENCES accounts (id),
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      closed_at timestamptz,
      closed_by text REFERENCES accounts (id),
      close_reason text,
      CHECK ((status = 'OPEN') = (closed_at IS NULL) AND (closed_at IS NULL) = (closed_by IS NULL) AND (closed_at IS NULL) = (close_reason IS NULL))
    )`
  yield* sql`CREATE INDEX pnc_records_civilian_idx ON pnc_records (civilian_id, occurred_at DESC, reference DESC)`
  yield* sql`CREATE INDEX pnc_records_vehicle_idx ON pnc_records (vehicle_id) WHERE vehicle_id IS NOT NULL`
  yield* sql`CREATE INDEX endorsements_record_idx ON endorsements (record_id) WHERE record_id IS NOT NULL`

  yield* sql`
    CREATE TABLE warrants (
      id text PRIMARY KEY,
      reference text NOT NULL UNIQUE CHECK (reference ~ '^WAR-[0-9]{6,}$'),
      civilian_id text NOT NULL REFERENCES civilians (id),
      reason text NOT NULL,
      details text,
      status text NOT NULL CHECK (status IN ('ACTIVE', 'EXECUTED', 'WITHDRAWN')),
      issued_by text NOT NULL REFERENCES accounts (id),
      issued_at timestamptz NOT NULL,
      expires_at timestamptz,
      closed_at timestamptz,
      closed_by text REFERENCES accounts (id),
      close_note text,
      updated_at timestamptz NOT NULL,
      CHECK ((status = 'ACTIVE') = (closed_at IS NULL) AND (closed_at IS NULL) = (closed_by IS NULL) AND (closed_at IS NULL) = (close_note IS NULL))
    )`
  yield* sql`CREATE INDEX warrants_civilian_idx ON warrants (civilian_id, issued_at DESC, id DESC)`
  yield* sql`CREATE INDEX warrants_active_idx ON warrants (civilian_id) WHERE status = 'ACTIVE'`
  yield* sql`CREATE INDEX warrants_issued_idx ON warrants (issued_at DESC, id DESC)`

  yield* sql`
    CREATE TABLE markers (
      id text PRIMARY KEY,
      reference text NOT NULL UNIQUE CHECK (reference ~ '^MRK-[0-9]{6,}$'),
      type text NOT NULL CHECK (type IN ('PERSON_BOLO', 'VEHICLE_BOLO', 'WANTED', 'MISSING_PERSON', 'OFFICER_SAFETY', 'STOLEN_VEHICLE', 'GENERAL')),
      civilian_id text REFERENCES civilians (id),
      vehicle_id text REFERENCES vehicles (id),
      reason text NOT NULL,
      details text,
      issued_by text NOT NULL REFERENCES accounts (id),
      created_at timestamptz NOT NULL,
      expires_at timestamptz,
      cleared_at timestamptz,
      cleared_by text REFERENCES accounts (id),
      clear_reason text,
      CHECK (civilian_id IS NOT NULL OR vehicle_id IS NOT NULL),
      CHECK ((cleared_at IS NULL) = (cleared_by IS NULL) AND (cleared_at IS NULL) = (clear_reason IS NULL))
    )`
  yield* sql`CREATE INDEX markers_civilian_idx ON markers (civilian_id, created_at DESC, id DESC) WHERE civilian_id IS NOT NULL`
  yield* sql`CREATE INDEX markers_vehicle_idx ON markers (vehicle_id, created_at DESC, id DESC) WHERE vehicle_id IS NOT NULL`
  yield* sql`CREATE INDEX markers_uncleared_vehicle_idx ON markers (vehicle_id) WHERE cleared_at IS NULL AND vehicle_id IS NOT NULL`
  yield* sql`CREATE INDEX markers_created_idx ON markers (created_at DESC, id DESC)`
})
