import { Migrator } from "@effect/sql"
import { migrations } from "../migrations/index.js"

const MIGRATIONS_TABLE = "bluelight_migrations"

/**
 * Runs every pending migration. The migrator locks its table, so instances
 * starting together apply each migration once. Answers the ones it applied.
 */
export const runMigrations = Migrator.make({})({ loader: migrations, table: MIGRATIONS_TABLE })
