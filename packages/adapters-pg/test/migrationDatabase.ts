import { layerPgClient, runMigrations } from "@bluelight/adapters-pg/internal"
import { Migrator } from "effect/sql"
import { Effect, Layer, ManagedRuntime, Redacted } from "effect"
import { afterAll, beforeAll } from "vitest"
import { freshDatabase, type TestDatabase } from "../../../test/harness/database.js"
import { migrations } from "../src/migrations/index.js"

/**
 * A fresh database for one migration's test, made before the file's tests and
 * dropped after them: migrate it to just before the migration under test, put
 * in rows the way the older schema allowed, then run the rest and look.
 */
export const migrationDatabase = () => {
  let database: TestDatabase
  let runtime: ManagedRuntime.ManagedRuntime<Layer.Success<ReturnType<typeof layerPgClient>>, never>
  beforeAll(async () => {
    database = await freshDatabase()
    runtime = ManagedRuntime.make(layerPgClient({ url: Redacted.make(database.url), maxConnections: database.poolSize }).pipe(Layer.orDie))
  })
  afterAll(async () => {
    await runtime?.dispose()
    await database?.dispose()
  })
  return {
    query: ((text, values) => database.query(text, values)) as TestDatabase["query"],
    /** Runs the landed migrations numbered below `id` (`12` for everything before `0012_…`). */
    migrateBefore: (id: number) =>
      runtime.runPromise(Effect.orDie(
        Migrator.make({})({
          loader: Effect.map(migrations, (all) => all.filter(([number]) => number < id)),
          table: "bluelight_migrations"
        })
      )),
    /** Runs every migration not yet run, as start-up does; answers those it ran. */
    migrateAll: () => runtime.runPromise(Effect.orDie(runMigrations))
  }
}
