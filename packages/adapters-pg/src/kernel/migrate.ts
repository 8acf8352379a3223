import { Migrator, SqlClient } from "effect/sql"
import { Effect } from "effect"
import { migrations } from "../migrations/index.js"

/** Where the migrator records the migrations it ran. */
export const MIGRATIONS_TABLE = "bluelight_migrations"

/** Any fixed number: the transaction-level advisory lock that instances creating the table take in turn. */
const CREATE_LOCK = 4_175_202_611

/**
 * The migrator's own table, made before the migrator looks for it. The
 * migrator creates it when `select …::regclass` fails, and two instances
 * starting together on a new database both find it missing: the second
 * `CREATE TABLE` fails (a duplicate `pg_type` row) and that instance exits.
 * Here the instances create it in turn, under an advisory lock held to the
 * end of a short transaction, with the migrator's own columns.
 */
const ensureMigrationsTable = SqlClient.SqlClient.use((sql) =>
  sql.withTransaction(
    Effect.andThen(
      sql`SELECT pg_advisory_xact_lock(${CREATE_LOCK})`,
      sql`CREATE TABLE IF NOT EXISTS ${sql(MIGRATIONS_TABLE)} (
        migration_id integer primary key,
        created_at timestamp with time zone not null default now(),
        name text not null
      )`
    )
  )
)

/**
 * Runs every pending migration. The migrator locks its table for the run, so
 * instances starting together apply each migration once: the first applies
 * them, the others wait for its lock and find nothing left. Answers the ones
 * it applied.
 */
export const runMigrations = Effect.andThen(ensureMigrationsTable, Migrator.make({})({ loader: migrations, table: MIGRATIONS_TABLE }))
