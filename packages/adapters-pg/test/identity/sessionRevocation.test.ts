import { describe, expect, it } from "vitest"
import { migrationDatabase } from "../migrationDatabase.js"

const database = migrationDatabase()

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
    await database.migrateBefore(3)
    await insertAccount("active", "ACTIVE")
    await insertAccount("suspended", "SUSPENDED")
    await insertSession("active-revoked", "active", true)
    await insertSession("active-live", "active", false)
    await insertSession("suspended-revoked", "suspended", true)

    const applied = await database.migrateAll()
    // 0003 and 0004 run now; later migrations (other contexts) follow them.
    expect(applied.map(([id]) => id).slice(0, 2)).toEqual([3, 4])

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
