import { describe, expect, it } from "vitest"
import { migrationDatabase } from "../migrationDatabase.js"

const database = migrationDatabase()

const insertAccount = (id: string) =>
  database.query(
    `INSERT INTO accounts (id, display_name, status, identity_id, identity_username, created_at, updated_at)
     VALUES ($1, $1, 'ACTIVE', $1, $1, now(), now())`,
    [id]
  )

const insertLicence = async (id: string, reference: string, status: string) => {
  await database.query(
    `INSERT INTO civilians (id, reference, owner_id, full_name, date_of_birth, gender, address, status, created_at, updated_at)
     VALUES ($1, $2, 'alice', 'Jane Doe', '1990-05-14', 'FEMALE', '1 High Street', 'ACTIVE', now(), now())`,
    [`c-${id}`, reference]
  )
  await database.query(
    `INSERT INTO licences (id, civilian_id, number, categories, status, issued_at, expires_at, updated_at)
     VALUES ($1, $2, $3, ARRAY['B'], $4, now(), now() + interval '10 years', now())`,
    [id, `c-${id}`, `NUMBER-${id}`, status]
  )
}

const suspendedEvent = (id: string, licenceId: string, reason: string) =>
  database.query(
    `INSERT INTO pnc_events (id, type, at, actor_type, actor_id, licence_id, by_owner, data)
     VALUES ($1, 'LICENCE_SUSPENDED', now(), 'user', 'officer', $2, false, $3::jsonb)`,
    [id, licenceId, JSON.stringify({ number: `NUMBER-${licenceId}`, reason, until: null })]
  )

describe("migration 0018: the community's settings, and why a licence is suspended", () => {
  it("makes the one settings row with the defaults, and gives suspended licences the reason of their latest suspension", async () => {
    await database.migrateBefore(18)
    await insertAccount("alice")
    await insertAccount("officer")
    await insertLicence("suspended", "CIV-000001", "SUSPENDED")
    await insertLicence("reinstated", "CIV-000002", "VALID")
    await insertLicence("revoked", "CIV-000003", "REVOKED")
    await suspendedEvent("e1", "suspended", "First court order")
    await suspendedEvent("e2", "suspended", "Second court order")
    await suspendedEvent("e3", "reinstated", "Old suspension")
    await suspendedEvent("e4", "revoked", "Before revocation")

    await database.migrateAll()

    const licences = await database.query("SELECT id, suspension_reason FROM licences ORDER BY id")
    expect(licences.rows.map((row) => [row["id"], row["suspension_reason"]])).toEqual([
      ["reinstated", null],
      ["revoked", null],
      ["suspended", "Second court order"]
    ])
    const settings = await database.query("SELECT * FROM community_settings")
    expect(settings.rows).toEqual([{
      id: true,
      licence_points_threshold: 12,
      totting_up_suspension_days: 180,
      warrants_need_approval: false,
      updated_at: null,
      updated_by: null
    }])
    // One row only, within its bounds; a reason only while suspended.
    await expect(
      database.query(
        "INSERT INTO community_settings (id, licence_points_threshold, totting_up_suspension_days, warrants_need_approval) VALUES (false, 1, 1, false)"
      )
    )
      .rejects.toThrow(/check/)
    await expect(
      database.query("INSERT INTO community_settings (licence_points_threshold, totting_up_suspension_days, warrants_need_approval) VALUES (1, 1, false)")
    )
      .rejects.toThrow(/duplicate key/)
    await expect(database.query("UPDATE community_settings SET licence_points_threshold = 101")).rejects.toThrow(/check/)
    await expect(database.query("UPDATE community_settings SET totting_up_suspension_days = 0")).rejects.toThrow(/check/)
    await expect(database.query("UPDATE community_settings SET updated_at = now()")).rejects.toThrow(/check/)
    await expect(database.query("UPDATE licences SET suspension_reason = 'x' WHERE id = 'reinstated'")).rejects.toThrow(/licences_suspension_reason_check/)
  })
})
