import { layerPgClient, runMigrations } from "@bluelight/adapters-pg"
import { Migrator } from "@effect/sql"
import { Effect, Layer, ManagedRuntime, Redacted } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freshDatabase, type TestDatabase } from "../../../../test/harness/database.js"
import auditLog from "../../src/migrations/0001_audit_log.js"
import identity from "../../src/migrations/0002_identity.js"

let database: TestDatabase
let runtime: ManagedRuntime.ManagedRuntime<Layer.Layer.Success<ReturnType<typeof layerPgClient>>, never>

beforeAll(async () => {
  database = await freshDatabase()
  runtime = ManagedRuntime.make(layerPgClient({ url: Redacted.make(database.url), maxConnections: database.poolSize }).pipe(Layer.orDie))
})
afterAll(async () => {
  await runtime?.dispose()
  await database?.dispose()
})

const insertAccount = (id: string, status: string) =>
  database.query(
    `INSERT INTO accounts (id, display_name, status, identity_id, identity_username, created_at, updated_at)
     VALUES ($1, $1, $2, $1, $1, now(), now())`,
    [id, status]
  )

const insertSession = (id: string, accountId: string, revoked: boolean) =>
  database.query(
    `INSERT INTO sessions (id, account_id, token_hash, created_at, expires_at, revoked_at)
     VALUES ($1, $2, $1, now(), now() + interval '1 day', ${revoked ? "now()" : "NULL"})`,
    [id, accountId]
  )

describe("migration 0004: why a session was revoked", () => {
  it("gives sessions revoked before it the reason that keeps what they answered, and requires a reason with every revocation", async () => {
    const before = Migrator.make({})({
      loader: Migrator.fromRecord({ "0001_audit_log": auditLog, "0002_identity": identity }),
      table: "bluelight_migrations"
    })
    await runtime.runPromise(Effect.orDie(before))
    await insertAccount("active", "ACTIVE")
    await insertAccount("suspended", "SUSPENDED")
    await insertSession("active-revoked", "active", true)
    await insertSession("active-live", "active", false)
    await insertSession("suspended-revoked", "suspended", true)

    const applied = await runtime.runPromise(Effect.orDie(runMigrations))
    expect(applied.map(([id]) => id)).toEqual([3, 4, 6])

    const rows = await database.query("SELECT id, revoked_reason FROM sessions ORDER BY id")
    expect(rows.rows).toEqual([
      { id: "active-live", revoked_reason: null },
      { id: "active-revoked", revoked_reason: "signed-out" },
      { id: "suspended-revoked", revoked_reason: "account-status" }
    ])
    await expect(database.query("UPDATE sessions SET revoked_at = now() WHERE id = 'active-live'")).rejects.toThrow(/check constraint/)
    await expect(database.query("UPDATE sessions SET revoked_reason = 'expired' WHERE id = 'active-revoked'")).rejects.toThrow(/check constraint/)
  })
})
