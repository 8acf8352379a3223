import { describe, expect, it } from "vitest"
import { MalformedSessionRow, sessionRecordOfRows } from "../../src/identity/sessionRecordRows.js"

const CREATED = new Date("2026-01-01T12:00:00.000Z")

/** One row of the session look-up for someone without a staff profile. */
const row = {
  session_id: "session-1",
  account_id: "account-1",
  token_hash: "hash",
  session_created_at: CREATED,
  expires_at: new Date("2026-01-08T12:00:00.000Z"),
  revoked_at: null,
  revoked_reason: null,
  developer_access: false,
  display_name: "Alice",
  status: "ACTIVE",
  identity_id: "idp-alice",
  identity_username: "alice",
  identity_avatar: null,
  platform_id: null,
  platform_username: null,
  account_created_at: CREATED,
  account_updated_at: CREATED,
  staff_id: null,
  staff_active: null,
  staff_created_at: null,
  staff_updated_at: null,
  role_id: null,
  role_name: null,
  role_permissions: null,
  member_id: "member",
  member_name: "Member",
  member_permissions: ["civilians.create"]
}

describe("sessionRecordOfRows", () => {
  it("reads no record from no row, and a record from a well-formed one", () => {
    expect(sessionRecordOfRows([])).toBeNull()
    expect(sessionRecordOfRows([row])?.memberRole).toEqual({ id: "member", name: "Member", permissions: ["civilians.create"] })
  })

  it("refuses a malformed column as a defect rather than reading it", () => {
    for (
      const malformed of [
        { ...row, status: "ASLEEP" },
        { ...row, expires_at: "2026-01-08" },
        { ...row, session_id: "not an id!" },
        { ...row, member_permissions: ["civilians.create", "everything"] },
        { ...row, member_id: null },
        { ...row, staff_id: "staff-1", staff_active: null }
      ]
    ) {
      expect(() => sessionRecordOfRows([malformed])).toThrow(MalformedSessionRow)
    }
  })
})
