import { layerPgClient, runMigrations } from "@bluelight/adapters-pg"
import { Migrator } from "@effect/sql"
import { Effect, Layer, ManagedRuntime, Redacted } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freshDatabase, type TestDatabase } from "../../../test/harness/database.js"
import auditLog from "../src/migrations/0001_audit_log.js"
import identity from "../src/migrations/0002_identity.js"
import auditLogTruncate from "../src/migrations/0003_audit_log_truncate.js"
import sessionRevocation from "../src/migrations/0004_session_revocation.js"
import civiliansPnc from "../src/migrations/0005_civilians_pnc.js"
import cad from "../src/migrations/0006_cad.js"
import shiftsSessions from "../src/migrations/0007_shifts_sessions.js"
import moderation from "../src/migrations/0008_moderation.js"
import pncRecords from "../src/migrations/0009_pnc_records.js"

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
    const before = Migrator.make({})({
      loader: Migrator.fromRecord({
        "0001_audit_log": auditLog,
        "0002_identity": identity,
        "0003_audit_log_truncate": auditLogTruncate,
        "0004_session_revocation": sessionRevocation,
        "0005_civilians_pnc": civiliansPnc,
        "0006_cad": cad,
        "0007_shifts_sessions": shiftsSessions,
        "0008_moderation": moderation,
        "0009_pnc_records": pncRecords
      }),
      table: "bluelight_migrations"
    })
    await runtime.runPromise(Effect.orDie(before))
    // What the old rules let in: a forged Administrator and look-alike roles and callsigns.
    await insertRole("r-1", "Controller")
    await insertRole("r-2", "C\u043entroller") // Cyrillic о
    await insertRole("r-0", "Administrator\u200b")
    await insertRole("r-3", "Traffic  Unit")
    await insertUnit("u-2", "LK5\u041eC", "2026-01-02T00:00:00Z") // Cyrillic О, the later one
    await insertUnit("u-1", "LK5OC", "2026-01-01T00:00:00Z")
    await insertUnit("u-3", "\uff2c\uff2b\uff15\uff2f\uff23", "2026-01-03T00:00:00Z") // full-width
    await insertUnit("u-4", "ARV 1", "2026-01-01T00:00:00Z")

    const applied = await runtime.runPromise(Effect.orDie(runMigrations))
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
