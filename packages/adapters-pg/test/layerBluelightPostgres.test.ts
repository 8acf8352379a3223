import { DatabaseSchemaMismatch, layerBluelightPostgres } from "@bluelight/adapters-pg"
import { layerPgClient } from "@bluelight/adapters-pg/internal"
import { assignUnit, createIncident, listCadEvents } from "@bluelight/core/cad"
import { admitted } from "@bluelight/core/identity"
import { aPerson, seedCrewedUnit } from "@bluelight/core/testing"
import { Effect, Exit, Layer, Redacted } from "effect"
import { Migrator } from "effect/sql"
import { afterEach, describe, expect, it } from "vitest"
import { freshDatabase, type FreshDatabaseOptions, type TestDatabase } from "../../../test/harness/database.js"
import { migrations } from "../src/migrations/index.js"

const opened: Array<TestDatabase> = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.dispose()))
})

const aDatabase = async (options?: FreshDatabaseOptions) => {
  const database = await freshDatabase(options)
  opened.push(database)
  return database
}

/** The package's migrations as their files name them (`0013_game_calls`), in order. */
const migrationNames = async () => (await Effect.runPromise(Effect.orDie(migrations))).map(([id, name]) => `${String(id).padStart(4, "0")}_${name}`)

/** Runs the package's migrations numbered below `before`, as an older server's start did. */
const migrateBefore = (database: TestDatabase, before: number) =>
  Effect.runPromise(
    Effect.orDie(
      Migrator.make({})({
        loader: Effect.map(migrations, (all) => all.filter(([id]) => id < before)),
        table: "bluelight_migrations"
      })
    ).pipe(Effect.provide(layerPgClient({ url: Redacted.make(database.url), maxConnections: 1 }).pipe(Layer.orDie)))
  )

/** What building the tool's layer on `database` ends with. */
const build = (database: TestDatabase) =>
  Effect.runPromise(Effect.exit(Effect.scoped(Layer.build(layerBluelightPostgres({ url: database.url, maxConnections: database.poolSize })))))

const mismatchOf = (exit: Exit.Exit<unknown, unknown>) => {
  expect(Exit.isFailure(exit)).toBe(true)
  const error = Exit.isFailure(exit) ? exit.cause.reasons.find((reason) => reason._tag === "Fail")?.error : undefined
  expect(error).toBeInstanceOf(DatabaseSchemaMismatch)
  return error as DatabaseSchemaMismatch
}

const tables = async (database: TestDatabase) =>
  (await database.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1")).rows.map((row) => row.name)

describe("layerBluelightPostgres: a tool's ports on the server's database", () => {
  it("refuses a database never migrated, naming every migration it lacks, and makes nothing in it", async () => {
    const database = await aDatabase()
    const mismatch = mismatchOf(await build(database))
    expect(mismatch.missing).toEqual(await migrationNames())
    expect(mismatch.unknown).toEqual([])
    expect(mismatch.message).toContain("npm run migrate")
    expect(await tables(database)).toEqual([])
  })

  it("refuses a database an older server migrated, naming what it lacks", async () => {
    const database = await aDatabase()
    await migrateBefore(database, 13)
    const mismatch = mismatchOf(await build(database))
    expect(mismatch.missing).toEqual((await migrationNames()).filter((name) => name >= "0013"))
    expect(mismatch.unknown).toEqual([])
    expect(await tables(database)).not.toContain("game_events_handled")
  })

  it("refuses a database a newer server migrated, or one whose migration has another name", async () => {
    const database = await aDatabase({ migrated: true })
    await database.query("INSERT INTO bluelight_migrations (migration_id, name) VALUES (9001, 'from_the_future')")
    expect(mismatchOf(await build(database))).toMatchObject({ missing: [], unknown: ["9001_from_the_future"] })
    await database.query("DELETE FROM bluelight_migrations WHERE migration_id = 9001")
    await database.query("UPDATE bluelight_migrations SET name = 'renamed' WHERE migration_id = 5")
    expect(mismatchOf(await build(database))).toMatchObject({ missing: ["0005_civilians_pnc"], unknown: ["0005_renamed"] })
  })

  it("fails with the driver's error when the database cannot be reached", async () => {
    const exit = await Effect.runPromise(
      Effect.exit(Effect.scoped(Layer.build(layerBluelightPostgres({ url: "postgres://postgres@127.0.0.1:1/none" }))))
    )
    expect(Exit.isFailure(exit)).toBe(true)
    const error = Exit.isFailure(exit) ? exit.cause.reasons.find((reason) => reason._tag === "Fail")?.error : undefined
    expect(error).toMatchObject({ _tag: "SqlError" })
  })

  it("runs the real rules on a database of this build's schema, its changes in the CAD history", async () => {
    const database = await aDatabase({ migrated: true })
    const control = aPerson({ displayName: "Control", permissions: ["cad.view", "cad.incidents.create", "cad.dispatch"] })
    const history = await Effect.runPromise(
      Effect.gen(function*() {
        const { unit } = yield* seedCrewedUnit({ callsign: "TOOL-1" })
        // As a tool does it: each use case after its endpoint's access rule, for the caller the tool acts as.
        const incident = yield* createIncident(control, { type: "Fire", location: "A1 J4", priority: "IMMEDIATE", description: "", controlNotes: "" })
          .pipe(admitted({ access: "session-or-credential", permissions: ["cad.view", "cad.incidents.create"] }, control))
        yield* assignUnit(control, incident.id, unit.id, unit.version)
          .pipe(admitted({ access: "session-or-credential", permissions: ["cad.view", "cad.dispatch"] }, control))
        return yield* listCadEvents({}, { limit: 100, offset: 0 }).pipe(admitted({ access: "session-or-credential", permissions: ["cad.view"] }, control))
      }).pipe(Effect.provide(layerBluelightPostgres({ url: Redacted.make(database.url), maxConnections: database.poolSize })))
    )
    expect(history.items.map((event) => event.type)).toEqual(["UNIT_CREATED", "CREW_JOINED", "UNIT_STATUS_CHANGED", "INCIDENT_CREATED", "UNIT_ASSIGNED"])
    // Each change has its entry in the audit log.
    const rows = await database.query<{ action: string }>("SELECT action FROM audit_log ORDER BY action")
    expect(rows.rows.map((row) => row.action)).toEqual([
      "cad.crew.joined",
      "cad.incident.created",
      "cad.unit.assigned",
      "cad.unit.created",
      "cad.unit.status.changed"
    ])
  })
})
