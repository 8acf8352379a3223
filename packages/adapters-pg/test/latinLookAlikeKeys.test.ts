import { describe, expect, it } from "vitest"
import { migrationDatabase } from "./migrationDatabase.js"

const database = migrationDatabase()

/** A row as a server before 0017 wrote it: its key as the kernel folded it then (Latin's look-alikes kept as they are). */
const insertRole = (id: string, name: string, nameKey: string) =>
  database.query(`INSERT INTO roles (id, name, name_key, permissions) VALUES ($1, $2, $3, '{}')`, [id, name, nameKey])

const insertUnit = (id: string, callsign: string, callsignKey: string, createdAt: string) =>
  database.query(
    `INSERT INTO cad_units (id, callsign, callsign_key, agency_code, type, status, incident_id, version, created_at, updated_at)
     VALUES ($1, $2, $3, 'MET', 'RESPONSE', 'OFF_DUTY', NULL, 1, $4, $4)`,
    [id, callsign, callsignKey, createdAt]
  )

describe("migration 0017: Latin's own look-alikes fold into the stored keys", () => {
  it("re-keys stored role names and callsigns; a look-alike stored beside its letter keeps a distinct key", async () => {
    await database.migrateBefore(16)
    await insertRole("r-1", "Dispatcher", "dispatcher")
    await insertRole("r-2", "Disp\u0251tcher", "disp\u0251tcher") // Latin alpha ɑ, let in before
    await insertRole("r-3", "\u0261old command", "\u0261old command") // script ɡ, alone
    await insertUnit("u-1", "ARV \u0251", "arv \u0251", "2026-01-01T00:00:00Z")
    await insertUnit("u-2", "ARV A", "arv a", "2026-01-02T00:00:00Z")

    const applied = await database.migrateAll()
    expect(applied.map(([id, name]) => `${id}_${name}`)).toContain("17_latin_look_alike_keys")

    const roles = await database.query("SELECT id, name, name_key FROM roles WHERE id LIKE 'r-%' ORDER BY id")
    expect(roles.rows).toEqual([
      { id: "r-1", name: "Dispatcher", name_key: "dispatcher" },
      { id: "r-2", name: "Disp\u0251tcher", name_key: "dispatcher\u001fr-2" },
      { id: "r-3", name: "\u0261old command", name_key: "gold command" }
    ])
    // Units: the oldest keeps the plain key, look-alike or not.
    const units = await database.query("SELECT id, callsign_key FROM cad_units ORDER BY id")
    expect(units.rows).toEqual([
      { id: "u-1", callsign_key: "arv a" },
      { id: "u-2", callsign_key: "arv a\u001fu-2" }
    ])
    await expect(insertRole("r-4", "Gold Command", "gold command")).rejects.toThrow(/roles_name_key/)
  })
})
