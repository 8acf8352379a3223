import { AccountId, MEMBER_ROLE_ID, type SessionRecord, SessionId, sessionRefusal, userCaller } from "@bluelight/core/identity"
import { describe, expect, it } from "@effect/vitest"
import { DateTime } from "effect"

const at = (iso: string) => DateTime.makeUnsafe(iso)
const NOW = at("2026-01-05T12:00:00.000Z")

const record = (changes: {
  readonly status?: "ACTIVE" | "SUSPENDED"
  readonly expiresAt?: DateTime.Utc
  readonly revokedReason?: "signed-out" | "account-status"
}): SessionRecord => {
  const accountId = AccountId.make("account-1")
  return {
    session: {
      id: SessionId.make("session-1"),
      accountId,
      tokenHash: "hash",
      createdAt: at("2026-01-01T12:00:00.000Z"),
      expiresAt: changes.expiresAt ?? at("2026-01-08T12:00:00.000Z"),
      revokedAt: changes.revokedReason === undefined ? null : at("2026-01-02T12:00:00.000Z"),
      revokedReason: changes.revokedReason ?? null,
      developerAccess: false
    },
    account: {
      id: accountId,
      displayName: "Alice",
      status: changes.status ?? "ACTIVE",
      identity: { id: "idp-alice", username: "alice", avatar: null },
      platform: null,
      createdAt: at("2026-01-01T12:00:00.000Z"),
      updatedAt: at("2026-01-01T12:00:00.000Z")
    },
    staff: null,
    memberRole: { id: MEMBER_ROLE_ID, name: "Member", permissions: ["civilians.create"] },
    staffRoles: []
  }
}

describe("sessionRefusal", () => {
  it("lets a live session of an active account in", () => {
    expect(sessionRefusal(record({}), NOW)).toBeNull()
  })

  it("refuses a session at its expiry and after", () => {
    expect(sessionRefusal(record({ expiresAt: NOW }), NOW)?._tag).toBe("Unauthenticated")
    expect(sessionRefusal(record({ expiresAt: at("2026-01-05T11:59:59.999Z") }), NOW)?._tag).toBe("Unauthenticated")
  })

  it("answers AccountDisabled only for a session its account's status revoked while it is not active", () => {
    expect(sessionRefusal(record({ revokedReason: "account-status", status: "SUSPENDED" }), NOW)?._tag).toBe("AccountDisabled")
    expect(sessionRefusal(record({ revokedReason: "account-status" }), NOW)?._tag).toBe("Unauthenticated")
    expect(sessionRefusal(record({ revokedReason: "signed-out", status: "SUSPENDED" }), NOW)?._tag).toBe("Unauthenticated")
    expect(sessionRefusal(record({ status: "SUSPENDED" }), NOW)?._tag).toBe("AccountDisabled")
  })
})

describe("userCaller", () => {
  it("holds the Member role's permissions, and everything for an administrator identity or Developer Access", () => {
    expect([...userCaller(record({}), new Set(), false).permissions]).toEqual(["civilians.create"])
    expect(userCaller(record({}), new Set(["idp-alice"]), false).permissions.has("admin.manage")).toBe(true)
    const developer = userCaller(record({}), new Set(), true)
    expect(developer.developerAccess).toBe(true)
    expect(developer.permissions.has("admin.manage")).toBe(true)
  })
})
