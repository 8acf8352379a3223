import { SqlClient } from "effect/sql"
import { Effect } from "effect"

/**
 * CAD: incidents (numbered by a sequence), units, crew memberships, calls and
 * the append-only CAD history.
 *
 * - A person has at most one crew membership that has not ended: a partial
 *   unique index, so two parallel adds of one person give one membership.
 * - Callsigns are unique ignoring case (`cad_units_callsign_key`).
 * - A unit attends an incident exactly while its status says so.
 * - `cad_events.seq` orders the history; writers take a transaction-scoped
 *   advisory lock before appending, so entries commit in `seq` order and
 *   `after=<seq>` never skips one. A trigger refuses UPDATE, DELETE and
 *   TRUNCATE of the history.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  yield* sql`CREATE SEQUENCE cad_incident_number_seq`
  yield* sql`
    CREATE TABLE cad_incidents (
      id text PRIMARY KEY,
      number integer NOT NULL UNIQUE,
      status text NOT NULL CHECK (status IN ('OPEN', 'CLOSED')),
      priority text NOT NULL CHECK (priority IN ('IMMEDIATE', 'PRIORITY', 'SCHEDULED', 'RESOLUTION')),
      type text NOT NULL,
      location text NOT NULL,
      description text NOT NULL,
      control_notes text NOT NULL,
      version integer NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      closed_at timestamptz,
      CHECK ((status = 'CLOSED') = (closed_at IS NOT NULL))
    )`
  yield* sql`
    CREATE INDEX cad_incidents_board_idx ON cad_incidents (
      (CASE priority WHEN 'IMMEDIATE' THEN 0 WHEN 'PRIORITY' THEN 1 WHEN 'SCHEDULED' THEN 2 ELSE 3 END), number
    ) WHERE status = 'OPEN'`
  yield* sql`CREATE INDEX cad_incidents_closed_idx ON cad_incidents (closed_at DESC, number DESC) WHERE status = 'CLOSED'`

  yield* sql`
    CREATE TABLE cad_units (
      id text PRIMARY KEY,
      callsign text NOT NULL,
      agency_code text NOT NULL,
      type text NOT NULL CHECK (type IN ('RESPONSE', 'TRAFFIC', 'ARMED', 'DOG', 'AIR', 'SUPERVISOR', 'CID', 'FIRE', 'AMBULANCE')),
      status text NOT NULL CHECK (status IN ('OFF_DUTY', 'AVAILABLE', 'ASSIGNED', 'EN_ROUTE', 'ON_SCENE', 'BUSY', 'UNAVAILABLE')),
      incident_id text REFERENCES cad_incidents (id),
      version integer NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      CHECK ((status IN ('ASSIGNED', 'EN_ROUTE', 'ON_SCENE')) = (incident_id IS NOT NULL))
    )`
  yield* sql`CREATE UNIQUE INDEX cad_units_callsign_key ON cad_units (lower(callsign))`
  yield* sql`CREATE INDEX cad_units_incident_idx ON cad_units (incident_id) WHERE incident_id IS NOT NULL`

  yield* sql`
    CREATE TABLE cad_crew_memberships (
      id text PRIMARY KEY,
      unit_id text NOT NULL REFERENCES cad_units (id),
      user_id text NOT NULL REFERENCES accounts (id),
      identifier text NOT NULL,
      joined_at timestamptz NOT NULL,
      left_at timestamptz
    )`
  yield* sql`CREATE UNIQUE INDEX cad_crew_one_unit_per_person ON cad_crew_memberships (user_id) WHERE left_at IS NULL`
  yield* sql`CREATE INDEX cad_crew_unit_idx ON cad_crew_memberships (unit_id) WHERE left_at IS NULL`

  yield* sql`
    CREATE TABLE cad_calls (
      id text PRIMARY KEY,
      status text NOT NULL CHECK (status IN ('WAITING', 'ATTACHED', 'CLOSED')),
      caller_name text NOT NULL,
      caller_number text,
      location text NOT NULL,
      description text NOT NULL,
      incident_id text REFERENCES cad_incidents (id),
      close_reason text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      closed_at timestamptz,
      CHECK ((status = 'CLOSED') = (closed_at IS NOT NULL AND close_reason IS NOT NULL)),
      CHECK (status <> 'ATTACHED' OR incident_id IS NOT NULL)
    )`
  yield* sql`CREATE INDEX cad_calls_status_idx ON cad_calls (status, created_at, id)`
  yield* sql`CREATE INDEX cad_calls_incident_idx ON cad_calls (incident_id) WHERE incident_id IS NOT NULL`

  yield* sql`
    CREATE TABLE cad_events (
      seq bigserial PRIMARY KEY,
      id text NOT NULL UNIQUE,
      type text NOT NULL,
      at timestamptz NOT NULL,
      actor_type text NOT NULL CHECK (actor_type IN ('user', 'service')),
      actor_id text NOT NULL,
      incident_id text,
      unit_id text,
      call_id text,
      data jsonb NOT NULL DEFAULT '{}'::jsonb
    )`
  yield* sql`CREATE INDEX cad_events_incident_idx ON cad_events (incident_id, seq) WHERE incident_id IS NOT NULL`
  yield* sql`CREATE INDEX cad_events_unit_idx ON cad_events (unit_id, seq) WHERE unit_id IS NOT NULL`
  yield* sql`
    CREATE FUNCTION refuse_cad_history_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'cad_events is append-only';
    END
    $$`
  yield* sql`
    CREATE TRIGGER cad_events_append_only
    BEFORE UPDATE OR DELETE OR TRUNCATE ON cad_events
    FOR EACH STATEMENT EXECUTE FUNCTION refuse_cad_history_change()`
})
