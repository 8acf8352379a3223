import { SqlClient } from "effect/sql"
import { Effect } from "effect"

/**
 * Staff shifts and role-play sessions. One active shift per staff profile is
 * the partial unique index `shifts_one_active_per_staff_idx` (two starts
 * racing: one row, the other insert does nothing). Nothing here is deleted.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  yield* sql`
    CREATE TABLE shifts (
      id text PRIMARY KEY,
      staff_id text NOT NULL REFERENCES staff_profiles (id),
      type text NOT NULL CHECK (type IN ('MODERATION', 'CONTROL', 'PATROL', 'ADMINISTRATION')),
      source text NOT NULL CHECK (source IN ('MANUAL', 'MANAGER', 'INTEGRATION')),
      started_at timestamptz NOT NULL,
      ended_at timestamptz,
      CHECK (ended_at IS NULL OR ended_at >= started_at)
    )`
  yield* sql`CREATE UNIQUE INDEX shifts_one_active_per_staff_idx ON shifts (staff_id) WHERE ended_at IS NULL`
  yield* sql`CREATE INDEX shifts_staff_newest_idx ON shifts (staff_id, started_at DESC, id DESC)`
  yield* sql`CREATE INDEX shifts_newest_idx ON shifts (started_at DESC, id DESC)`

  yield* sql`
    CREATE TABLE roleplay_sessions (
      id text PRIMARY KEY,
      title text NOT NULL,
      description text,
      status text NOT NULL CHECK (status IN ('SCHEDULED', 'LIVE', 'ENDED', 'CANCELLED')),
      scheduled_for timestamptz NOT NULL,
      host_id text NOT NULL REFERENCES staff_profiles (id),
      started_at timestamptz,
      ended_at timestamptz,
      cancelled_at timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`
  yield* sql`CREATE INDEX roleplay_sessions_scheduled_idx ON roleplay_sessions (scheduled_for DESC, id DESC)`
})
