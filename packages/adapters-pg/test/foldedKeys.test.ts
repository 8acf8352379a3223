import { describe, expect, it } from "vitest"
import { migrationDatabase } from "./migrationDatabase.js"

const database = migrationDatabase()

const insertRole = (id: string, name: string) =>
  database.query(`INSERT INTO roles (id, name, name_key, permissions) VALUES ($1, $2, lower(trim($2)), '{}')`, [id, name])

const insertUnit = (id: string, callsign: string, createdAt: string) =>
  database.query(
    `INSERT INTO cad_units (id, callsign, agency_code, type, status, incident_id, version, created_at, updated_at)
     VALUES ($1, $2, 'MET', 'RESPONSE', 'OFF_DUTY', NULL, 1, $3, $3)`,
    [id, callsign, createdAt]
  )

describe("migration 0011: role names and callsigns compare by their folded keys", () => {
  it("rewrites the keys of stored rows; a look-alike stored before keeps a distinct key; the unique indexes hold the folded keys", async () => {
    await database.migrateBefore(11)
    // What the old rules let in: a forged Administrator and look-alike roles and callsigns.
    await insertRole("r-1", "Controller")
    await insertRole("r-2", "C\u043entroller") // Cyrillic о
    await insertRole("r-0", "Administrator\u200b")
    await insertRole("r-3", "Traffic  Unit")
    await insertUnit("u-2", "LK5\u041eC", "2026-01-02T00:00:00Z") // Cyrillic О, the later one
    await insertUnit("u-1", "LK5OC", "2026-01-01T00:00:00Z")
    await insertUnit("u-3", "\uff2c\uff2b\uff15\uff2f\uff23", "2026-01-03T00:00:00Z") // full-width
    await insertUnit("u-4", "ARV 1", "2026-01-01T00:00:00Z")

    const applied = await database.migrateAll()
    expect(applied.map(([id, name]) => `${id}_${name}`)).toContain("11_folded_keys")

    const roles = await database.query("SELECT id, name_key FROM roles ORDER BY id")
    expect(roles.rows).toEqual([
      { id: "administrator", name_key: "administrator" },
      { id: "member", name_key: "member" },
      { id: "r-0", name_key: "administrator\u001fr-0" },
      { id: "r-1", name_key: "controller" },
      { id: "r-2", name_key: "controller\u001fr-2" },
      { id: "r-3", name_key: "traffic unit" }
    ])
    const units = await database.query("SELECT id, callsign, callsign_key FROM cad_units ORDER BY id")
    expect(units.rows).toEqual([
      { id: "u-1", callsign: "LK5OC", callsign_key: "lk5oc" },
      { id: "u-2", callsign: "LK5\u041eC", callsign_key: "lk5oc\u001fu-2" },
      { id: "u-3", callsign: "\uff2c\uff2b\uff15\uff2f\uff23", callsign_key: "lk5oc\u001fu-3" },
      { id: "u-4", callsign: "ARV 1", callsign_key: "arv 1" }
    ])
    await expect(insertUnit("u-5", "arv 1", "2026-01-04T00:00:00Z")).rejects.toThrow(/null value|not-null/)
    await expect(database.query(
      `INSERT INTO cad_units (id, callsign, callsign_key, agency_code, type, status, version, created_at, updated_at)
       VALUES ('u-6', 'LK5OC', 'lk5oc', 'MET', 'RESPONSE', 'OFF_DUTY', 1, now(), now())`
    )).rejects.toThrow(/cad_units_callsign_key/)
  })
})
