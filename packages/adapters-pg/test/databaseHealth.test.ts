import { DatabaseHealth } from "@bluelight/core/system"
import { layerPgClient, PgDatabaseHealth } from "@bluelight/adapters-pg/internal"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Effect, Layer, ManagedRuntime, Redacted } from "effect"
import { freshDatabase, type TestDatabase } from "../../../test/harness/database.js"

let database: TestDatabase
let runtime: ManagedRuntime.ManagedRuntime<DatabaseHealth | SqlClient.SqlClient, never>

// One connection, so the query after the check runs on the very connection the check used.
beforeAll(async () => {
  database = await freshDatabase()
  runtime = ManagedRuntime.make(
    PgDatabaseHealth.pipe(Layer.provideMerge(layerPgClient({ url: Redacted.make(database.url), maxConnections: 1 })), Layer.orDie)
  )
})
afterAll(async () => {
  await runtime?.dispose()
  await database?.dispose()
})

describe("the database health check", () => {
  it("is up, and its statement timeout stays with its own query, not the pooled connection", async () => {
    const timeout = SqlClient.SqlClient.use((sql) => sql<{ statementTimeout: string }>`SHOW statement_timeout`).pipe(
      Effect.map((rows) => rows[0]?.statementTimeout)
    )
    const before = await runtime.runPromise(timeout)
    expect(await runtime.runPromise(DatabaseHealth.use((health) => health.check))).toBe(true)
    expect(await runtime.runPromise(timeout)).toBe(before)
  })
})
