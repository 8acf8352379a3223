import { Data, Effect } from "effect"
import { SqlClient } from "effect/sql"
import { MIGRATIONS_TABLE } from "./kernel/migrate.js"
import { migrations } from "./migrations/index.js"

/** A migration as its file names it: `0013_game_calls`. */
const migrationName = (id: number, name: string) => `${String(id).padStart(4, "0")}_${name}`

/**
 * The database's schema is not the one this build of the package was made
 * for: migrations it lacks (the server that owns it is older, or it was never
 * migrated) or has that the package does not know (the server is newer). The
 * repositories would fail on it at the first query, or worse, write rows the
 * schema's newer rules do not expect.
 */
export class DatabaseSchemaMismatch extends Data.TaggedError("DatabaseSchemaMismatch")<{
  /** The package's migrations the database has not run, in order. */
  readonly missing: ReadonlyArray<string>
  /** The migrations the database has run that the package does not know, in order. */
  readonly unknown: ReadonlyArray<string>
}> {
  override get message(): string {
    const parts = [
      this.missing.length > 0 ? `lacks ${this.missing.join(", ")}` : undefined,
      this.unknown.length > 0 ? `has ${this.unknown.join(", ")}, which this package does not know` : undefined
    ].filter((part) => part !== undefined)
    return `the database is not on the schema @bluelight/adapters-pg was built for: it ${parts.join("; it ")}. ` +
      "Migrate it with the Bluelight server of the same version (`npm run migrate`), or install the @bluelight/adapters-pg of the server's version"
  }
}

/**
 * Holds the database to this build's migrations, exactly: the same ids under
 * the same names. Reads only: the server owns the schema and migrates it, a
 * tool never does. A database with no migrations table lacks them all.
 */
export const checkSchema = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const [table] = yield* sql<{ readonly found: string | null }>`SELECT to_regclass(${MIGRATIONS_TABLE})::text AS found`
  const applied = table?.found == null ? [] : yield* sql<{ readonly migrationId: number; readonly name: string }>`
    SELECT migration_id, name FROM ${sql(MIGRATIONS_TABLE)} ORDER BY migration_id`
  const expected = (yield* Effect.orDie(migrations)).map(([id, name]) => migrationName(id, name))
  const found = applied.map((row) => migrationName(row.migrationId, row.name))
  const missing = expected.filter((name) => !found.includes(name))
  const unknown = found.filter((name) => !expected.includes(name))
  if (missing.length > 0 || unknown.length > 0) return yield* new DatabaseSchemaMismatch({ missing, unknown })
})
