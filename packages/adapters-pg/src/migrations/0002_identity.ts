import { SqlClient } from "effect/sql"
import { Effect } from "effect"

/**
 * Accounts, sessions, sign-in states, roles, staff profiles and service
 * credentials, with the two built-in roles seeded.
 *
 * `roles.name_key` is written from core's `roleNameKey` (not computed by
 * Postgres), so uniqueness, `findByName` and the reserved-name rule all use
 * one definition of "the same name".
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  yield* sql`
    CREATE TABLE accounts (
      id text PRIMARY KEY,
      display_name text NOT NULL,
      status text NOT NULL CHECK (status IN ('ACTIVE', 'SUSPENDED', 'DISABLED')),
      identity_id text NOT NULL UNIQUE,
      identity_username text NOT NULL,
      identity_avatar text,
      platform_id text UNIQUE,
      platform_username text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      CHECK ((platform_id IS NULL) = (platform_username IS NULL))
    )`
  yield* sql`CREATE INDEX accounts_newest_idx ON accounts (created_at DESC, id DESC)`

  yield* sql`
    CREATE TABLE sessions (
      id text PRIMARY KEY,
      account_id text NOT NULL REFERENCES accounts (id),
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      developer_access boolean NOT NULL DEFAULT false
    )`
  yield* sql`CREATE INDEX sessions_account_id_idx ON sessions (account_id)`

  yield* sql`
    CREATE TABLE sign_in_states (
      state_hash text PRIMARY KEY,
      purpose text NOT NULL CHECK (purpose IN ('idp', 'platform')),
      code_verifier text,
      session_id text,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    )`

  yield* sql`
    CREATE TABLE roles (
      id text PRIMARY KEY,
      name text NOT NULL,
      name_key text NOT NULL UNIQUE,
      permissions text[] NOT NULL DEFAULT '{}'
    )`
  yield* sql`
    INSERT INTO roles (id, name, name_key, permissions) VALUES
      ('member', 'Member', 'member', ARRAY['civilians.create', 'civilians.manage_own']::text[]),
      ('administrator', 'Administrator', 'administrator', '{}'::text[])`

  yield* sql`
    CREATE TABLE staff_profiles (
      id text PRIMARY KEY,
      account_id text NOT NULL UNIQUE REFERENCES accounts (id),
      active boolean NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`
  yield* sql`
    CREATE TABLE staff_profile_roles (
      staff_profile_id text NOT NULL REFERENCES staff_profiles (id) ON DELETE CASCADE,
      role_id text NOT NULL REFERENCES roles (id),
      position integer NOT NULL,
      PRIMARY KEY (staff_profile_id, role_id)
    )`
  yield* sql`CREATE INDEX staff_profile_roles_role_id_idx ON staff_profile_roles (role_id)`

  yield* sql`
    CREATE TABLE service_credentials (
      id text PRIMARY KEY,
      name text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      scopes text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      issued_by text NOT NULL REFERENCES accounts (id)
    )`
  yield* sql`CREATE INDEX service_credentials_newest_idx ON service_credentials (created_at DESC, id DESC)`
})
