import { SqlClient } from "effect/sql"
import { Effect } from "effect"

/**
 * Roles from the identity provider (docs/decisions/integrations.md, "Roles
 * from the identity provider").
 *
 * - `staff_profile_roles.source`: a grant is made by hand (`MANUAL`, every
 *   grant so far) or by the role sync (`PROVIDER`); one role may be granted
 *   both ways, so the source joins the key. The access-change trigger of 0010
 *   already logs every write of the table for the profile's account.
 * - `role_links`: members holding a provider role hold a Bluelight role; one
 *   link per pair, the provider's role id 1 to 32 digits.
 * - `role_sync_runs`: the finished runs, the last one read back.
 * - `role_sync_lease`: one row, whose holder runs the sync until `lease_until`
 *   (one instance at a time, without a connection held for the run: the
 *   embedded database has one).
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    ALTER TABLE staff_profile_roles
      ADD COLUMN source text NOT NULL DEFAULT 'MANUAL' CHECK (source IN ('MANUAL', 'PROVIDER'))`
  yield* sql`ALTER TABLE staff_profile_roles DROP CONSTRAINT staff_profile_roles_pkey`
  yield* sql`ALTER TABLE staff_profile_roles ADD PRIMARY KEY (staff_profile_id, role_id, source)`

  yield* sql`
    CREATE TABLE role_links (
      id text PRIMARY KEY,
      provider_role_id text NOT NULL CHECK (provider_role_id ~ '^[0-9]{1,32}$'),
      role_id text NOT NULL REFERENCES roles (id),
      created_at timestamptz NOT NULL,
      created_by text NOT NULL REFERENCES accounts (id),
      UNIQUE (provider_role_id, role_id)
    )`
  yield* sql`CREATE INDEX role_links_role_id_idx ON role_links (role_id)`

  yield* sql`
    CREATE TABLE role_sync_runs (
      id bigserial PRIMARY KEY,
      started_at timestamptz NOT NULL,
      finished_at timestamptz NOT NULL,
      checked integer NOT NULL CHECK (checked >= 0),
      changed integer NOT NULL CHECK (changed >= 0),
      failed integer NOT NULL CHECK (failed >= 0),
      trigger text NOT NULL CHECK (trigger IN ('SCHEDULE', 'ON_DEMAND'))
    )`

  yield* sql`
    CREATE TABLE role_sync_lease (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      holder text,
      lease_until timestamptz
    )`
  yield* sql`INSERT INTO role_sync_lease (id) VALUES (true)`
})
