import { describe, expect, it } from "vitest"
import { migrationDatabase } from "../migrationDatabase.js"

const database = migrationDatabase()

const insertAccount = (id: string) =>
  database.query(
    `INSERT INTO accounts (id, display_name, status, identity_id, identity_username, created_at, updated_at)
     VALUES ($1, $1, 'ACTIVE', $1, $1, now(), now())`,
    [id]
  )

const insertWarrant = (id: string, reference: string, status: string, issuedBy: string, issuedAt: string, closed: boolean) =>
  database.query(
    `INSERT INTO warrants (id, reference, civilian_id, reason, status, issued_by, issued_at, closed_at, closed_by, close_note, updated_at)
     VALUES ($1, $2, 'c1', 'Failed to appear', $3, $4, $5::timestamptz, $6::timestamptz, $7, $8, $5::timestamptz)`,
    [id, reference, status, issuedBy, issuedAt, closed ? issuedAt : null, closed ? issuedBy : null, closed ? "Arrested" : null]
  )

/** A warrant row as the new schema has it, with `columns` set as given: answers whether Postgres took it. */
const accepts = async (columns: Record<string, string | null>) => {
  const row: Record<string, string | null> = {
    id: `w-${Math.random().toString(36).slice(2)}`,
    reference: `WAR-${Math.floor(Math.random() * 1e8).toString().padStart(8, "0")}`,
    civilian_id: "c1",
    reason: "Failed to appear",
    status: "PENDING_APPROVAL",
    requested_by: "pc-one",
    requested_at: "2026-06-01T10:00:00Z",
    issued_by: "pc-one",
    issued_at: "2026-06-01T10:00:00Z",
    updated_at: "2026-06-01T10:00:00Z",
    ...columns
  }
  const names = Object.keys(row)
  try {
    await database.query(`INSERT INTO warrants (${names.join(", ")}) VALUES (${names.map((_, i) => `$${i + 1}`).join(", ")})`, Object.values(row))
    return true
  } catch (error) {
    if (String(error).includes("violates check constraint")) return false
    throw error
  }
}

describe("migration 0020: warrants a second officer approves", () => {
  it("makes every warrant before it its issuer's own request, undecided; the checks then hold each status to what it carries", async () => {
    await database.migrateBefore(20)
    await insertAccount("pc-one")
    await insertAccount("pc-two")
    await database.query(
      `INSERT INTO civilians (id, reference, owner_id, full_name, date_of_birth, gender, address, status, created_at, updated_at)
       VALUES ('c1', 'CIV-000001', 'pc-one', 'Jane Doe', '1990-05-14', 'FEMALE', '1 High Street', 'ACTIVE', now(), now())`
    )
    await insertWarrant("w1", "WAR-000001", "ACTIVE", "pc-one", "2026-01-02T03:04:05.000Z", false)
    await insertWarrant("w2", "WAR-000002", "EXECUTED", "pc-two", "2026-02-03T04:05:06.000Z", true)

    await database.migrateAll()

    const rows = await database.query<Record<string, unknown>>(
      `SELECT id, status, requested_by, requested_at = issued_at AS same_time, decided_by, decided_at, decision_note FROM warrants ORDER BY id`
    )
    expect(rows.rows).toEqual([
      { id: "w1", status: "ACTIVE", requested_by: "pc-one", same_time: true, decided_by: null, decided_at: null, decision_note: null },
      { id: "w2", status: "EXECUTED", requested_by: "pc-two", same_time: true, decided_by: null, decided_at: null, decision_note: null }
    ])

    // Every new warrant names its requester.
    await expect(accepts({ requested_by: null })).rejects.toThrow(/requested_by/)
    // A request: undecided and open.
    expect(await accepts({})).toBe(true)
    expect(await accepts({ decided_by: "pc-two", decided_at: "2026-06-01T11:00:00Z" })).toBe(false)
    expect(await accepts({ closed_at: "2026-06-01T11:00:00Z", closed_by: "pc-two", close_note: "Arrested" })).toBe(false)
    // Approved: active, decided, with or without a note.
    expect(await accepts({ status: "ACTIVE", decided_by: "pc-two", decided_at: "2026-06-01T11:00:00Z" })).toBe(true)
    expect(await accepts({ status: "ACTIVE", decided_by: "pc-two", decided_at: "2026-06-01T11:00:00Z", decision_note: "Checked" })).toBe(true)
    expect(await accepts({ status: "ACTIVE", decided_by: "pc-two" })).toBe(false)
    expect(await accepts({ status: "ACTIVE", decision_note: "Checked" })).toBe(false)
    // Rejected: decided with its reason, never closed.
    expect(await accepts({ status: "REJECTED", decided_by: "pc-two", decided_at: "2026-06-01T11:00:00Z", decision_note: "No grounds" })).toBe(true)
    expect(await accepts({ status: "REJECTED", decided_by: "pc-two", decided_at: "2026-06-01T11:00:00Z" })).toBe(false)
    expect(await accepts({ status: "REJECTED" })).toBe(false)
    expect(
      await accepts({
        status: "REJECTED",
        decided_by: "pc-two",
        decided_at: "2026-06-01T11:00:00Z",
        decision_note: "No grounds",
        closed_at: "2026-06-01T12:00:00Z",
        closed_by: "pc-two",
        close_note: "Arrested"
      })
    ).toBe(false)
    // Closed: only executed or withdrawn, and always with who and why.
    expect(await accepts({ status: "EXECUTED", closed_at: "2026-06-01T12:00:00Z", closed_by: "pc-two", close_note: "Arrested" })).toBe(true)
    expect(await accepts({ status: "EXECUTED" })).toBe(false)
    expect(await accepts({ status: "WITHDRAWN", closed_at: "2026-06-01T12:00:00Z", closed_by: "pc-two" })).toBe(false)
    expect(await accepts({ status: "EXPIRED" })).toBe(false)
  })
})
