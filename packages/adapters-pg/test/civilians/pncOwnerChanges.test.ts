import { describe, expect, it } from "vitest"
import { migrationDatabase } from "../migrationDatabase.js"

const database = migrationDatabase()

const insertAccount = (id: string) =>
  database.query(
    `INSERT INTO accounts (id, display_name, status, identity_id, identity_username, created_at, updated_at)
     VALUES ($1, $1, 'ACTIVE', $1, $1, now(), now())`,
    [id]
  )

const insertCivilian = (id: string, reference: string, ownerId: string) =>
  database.query(
    `INSERT INTO civilians (id, reference, owner_id, full_name, date_of_birth, gender, address, status, created_at, updated_at)
     VALUES ($1, $2, $3, 'Jane Doe', '1990-05-14', 'FEMALE', '1 High Street', 'ACTIVE', now(), now())`,
    [id, reference, ownerId]
  )

const insertEvent = (id: string, type: string, actor: [string, string], civilianId: string | null, data: object) =>
  database.query(
    `INSERT INTO pnc_events (id, type, at, actor_type, actor_id, civilian_id, data) VALUES ($1, $2, now(), $3, $4, $5, $6::jsonb)`,
    [id, type, actor[0], actor[1], civilianId, JSON.stringify(data)]
  )

describe("migration 0012: which PNC history entries are a member's own change", () => {
  it("marks the entries written before it, takes the owner id out of their data, and keeps the history append-only", async () => {
    await database.migrateBefore(12)
    await insertAccount("alice")
    await insertAccount("bob")
    await insertAccount("manager")
    await insertCivilian("c-alice", "CIV-000001", "alice")
    await insertCivilian("c-bob", "CIV-000002", "bob")
    const from = { id: "c-alice", reference: "CIV-000001" }
    await insertEvent("e1", "CIVILIAN_CREATED", ["user", "alice"], "c-alice", { reference: "CIV-000001", fullName: "Jane Doe", ownerId: "alice" })
    await insertEvent("e2", "CIVILIAN_UPDATED", ["user", "alice"], "c-alice", { fields: ["address"] })
    await insertEvent("e3", "LICENCE_ISSUED", ["user", "alice"], "c-alice", {})
    await insertEvent("e4", "VEHICLE_REGISTERED", ["user", "alice"], "c-alice", {})
    await insertEvent("e5", "KEEPER_CHANGED", ["user", "alice"], "c-bob", { from, to: { id: "c-bob", reference: "CIV-000002" } })
    await insertEvent("e6", "CIVILIAN_UPDATED", ["user", "manager"], "c-bob", { fields: ["status"] })
    await insertEvent("e7", "LICENCE_SUSPENDED", ["user", "alice"], "c-alice", {})
    await insertEvent("e8", "CIVILIAN_UPDATED", ["service", "svc"], "c-alice", {})

    await database.migrateAll()

    const rows = await database.query("SELECT id, by_owner, data FROM pnc_events ORDER BY id")
    expect(rows.rows.map((r) => [r["id"], r["by_owner"]])).toEqual([
      ["e1", true],
      ["e2", true],
      ["e3", true],
      ["e4", true],
      ["e5", true],
      // a manager's change, an official change (even by the owner), a credential's: never the owner's own
      ["e6", false],
      ["e7", false],
      ["e8", false]
    ])
    expect(rows.rows[0]?.["data"]).toEqual({ reference: "CIV-000001", fullName: "Jane Doe" })
    await expect(database.query("UPDATE pnc_events SET by_owner = false")).rejects.toThrow(/append-only/)
    await expect(
      database.query(`INSERT INTO pnc_events (id, type, at, actor_type, actor_id) VALUES ('e9', 'X', now(), 'user', 'alice')`)
    ).rejects.toThrow(/by_owner/)
  })
})
