import {
  type AccessRule,
  type Account,
  AccountId,
  ADMINISTRATOR_ROLE_ID,
  admitCaller,
  admitUser,
  ALL_PERMISSIONS,
  checkAccess,
  countingRoles,
  effectivePermissions,
  isReservedRoleName,
  MEMBER_DEFAULT_PERMISSIONS,
  MEMBER_ROLE_ID,
  type Permission,
  PERMISSIONS,
  type PermissionSources,
  type Role,
  RoleId,
  roleNameKey,
  type StaffProfile,
  StaffProfileId
} from "@bluelight/core/identity"
import { describe, expect, it } from "@effect/vitest"
import { DateTime, Effect } from "effect"
import fc from "fast-check"
import { aService } from "@bluelight/core/testing"
import { anAccount, aUserCaller } from "./helpers.js"

const EPOCH = DateTime.makeUnsafe(0)
const member: Role = { id: MEMBER_ROLE_ID, name: "Member", permissions: MEMBER_DEFAULT_PERMISSIONS }
const administrator: Role = { id: ADMINISTRATOR_ROLE_ID, name: "Administrator", permissions: [] }
const dispatcher: Role = { id: RoleId.make("dispatcher"), name: "Dispatcher", permissions: ["cad.dispatch", "cad.view"] }
const moderator: Role = { id: RoleId.make("moderator"), name: "Moderator", permissions: ["cad.view", "moderation.kick", "moderation.view"] }

const profile = (active: boolean, roleIds: ReadonlyArray<RoleId>): StaffProfile => ({
  id: StaffProfileId.make("staff-1"),
  accountId: AccountId.make("account-1"),
  active,
  roleIds,
  createdAt: EPOCH,
  updatedAt: EPOCH
})

const sources = (overrides: Partial<PermissionSources> = {}): PermissionSources => ({
  account: anAccount(),
  memberRole: member,
  staff: null,
  staffRoles: [],
  adminIdentity: false,
  developerAccess: false,
  ...overrides
})

const sorted = (set: ReadonlySet<Permission>) => [...set].sort()

describe("effectivePermissions", () => {
  it("the catalogue holds the API document's 32 distinct keys, and ALL_PERMISSIONS is all of them sorted", () => {
    expect(new Set(PERMISSIONS).size).toBe(32)
    expect(ALL_PERMISSIONS).toEqual([...PERMISSIONS].sort())
  })

  it("an inactive account holds nothing, whatever else applies", () => {
    for (const status of ["SUSPENDED", "DISABLED"] as const) {
      const account = anAccount({ status })
      expect(effectivePermissions(sources({ account })).size).toBe(0)
      expect(effectivePermissions(sources({ account, adminIdentity: true, developerAccess: true })).size).toBe(0)
      expect(effectivePermissions(sources({ account, staff: profile(true, [administrator.id]), staffRoles: [administrator] })).size).toBe(0)
    }
  })

  it("an administrator identity holds all 32", () => {
    expect(sorted(effectivePermissions(sources({ adminIdentity: true })))).toEqual(ALL_PERMISSIONS)
  })

  it("the Administrator role on an active profile holds all, though it stores no permission", () => {
    const result = effectivePermissions(sources({ staff: profile(true, [administrator.id]), staffRoles: [administrator] }))
    expect(sorted(result)).toEqual(ALL_PERMISSIONS)
  })

  it("an inactive profile counts for nothing: Member only", () => {
    const result = effectivePermissions(sources({ staff: profile(false, [administrator.id, dispatcher.id]), staffRoles: [administrator, dispatcher] }))
    expect(sorted(result)).toEqual([...MEMBER_DEFAULT_PERMISSIONS].sort())
  })

  it("Developer Access holds all", () => {
    expect(sorted(effectivePermissions(sources({ developerAccess: true })))).toEqual(ALL_PERMISSIONS)
  })

  it("Member plus the staff roles, united", () => {
    const result = effectivePermissions(sources({ staff: profile(true, [dispatcher.id, moderator.id]), staffRoles: [dispatcher, moderator] }))
    expect(sorted(result)).toEqual(
      ["cad.dispatch", "cad.view", "civilians.create", "civilians.manage_own", "moderation.kick", "moderation.view"]
    )
  })

  it("an account with no profile holds what Member holds, even when Member was changed", () => {
    const changed: Role = { ...member, permissions: ["pnc.view"] }
    expect(sorted(effectivePermissions(sources({ memberRole: changed })))).toEqual(["pnc.view"])
  })
})

describe("countingRoles", () => {
  it("counts the profile's roles only while the profile and the account are both active", () => {
    const roles = [dispatcher, moderator]
    expect(countingRoles({ account: anAccount(), staff: profile(true, [dispatcher.id, moderator.id]), staffRoles: roles })).toEqual(roles)
    expect(countingRoles({ account: anAccount(), staff: profile(false, [dispatcher.id]), staffRoles: roles })).toEqual([])
    expect(countingRoles({ account: anAccount({ status: "SUSPENDED" }), staff: profile(true, [dispatcher.id]), staffRoles: roles })).toEqual([])
    expect(countingRoles({ account: anAccount(), staff: null, staffRoles: roles })).toEqual([])
  })
})

describe("effectivePermissions (property)", () => {
  /** Any key but admin.manage, so that no union of ordinary roles can add up to the whole catalogue by chance. */
  const ordinaryKeys = PERMISSIONS.filter((key) => key !== "admin.manage")
  const ordinaryRole = fc.record({
    id: fc.constantFrom("r1", "r2", "r3").map(RoleId.make),
    name: fc.constant("Some role"),
    permissions: fc.subarray([...ordinaryKeys])
  })
  const arbitrarySources = fc.record({
    status: fc.constantFrom("ACTIVE", "SUSPENDED", "DISABLED"),
    memberPermissions: fc.subarray([...ordinaryKeys]),
    staff: fc.option(fc.boolean(), { nil: null }),
    staffRoles: fc.array(fc.oneof(ordinaryRole, fc.constant(administrator)), { maxLength: 4 }),
    adminIdentity: fc.boolean(),
    developerAccess: fc.boolean()
  }).map((s): PermissionSources => {
    const account: Account = anAccount({ status: s.status })
    return {
      account,
      memberRole: { ...member, permissions: s.memberPermissions },
      staff: s.staff === null ? null : profile(s.staff, s.staffRoles.map((role) => role.id)),
      staffRoles: s.staffRoles,
      adminIdentity: s.adminIdentity,
      developerAccess: s.developerAccess
    }
  })

  it("is a subset of the catalogue, and all of it exactly when an administrator rule applies", () => {
    fc.assert(
      fc.property(arbitrarySources, (s) => {
        const result = effectivePermissions(s)
        const catalogue = new Set<string>(PERMISSIONS)
        expect([...result].every((key) => catalogue.has(key))).toBe(true)

        const active = s.account.status === "ACTIVE"
        const profileCounts = s.staff !== null && s.staff.active && active
        const administratorRule = active &&
          (s.developerAccess || s.adminIdentity || (profileCounts && s.staffRoles.some((role) => role.id === ADMINISTRATOR_ROLE_ID)))
        expect(result.size === PERMISSIONS.length).toBe(administratorRule)

        if (!active) expect(result.size).toBe(0)
        if (active && !administratorRule) {
          // Worked out from the sources alone, not through countingRoles (the code under test).
          const staffPermissions = profileCounts ? s.staffRoles.flatMap((role) => role.permissions) : []
          const expected = new Set([...s.memberRole.permissions, ...staffPermissions])
          expect(sorted(result)).toEqual([...expected].sort())
        }
      }),
      { numRuns: 500 }
    )
  })
})

describe("checkAccess", () => {
  const service = aService({ scopes: ["cad.view"] })
  const rule = (access: AccessRule["access"], permissions: ReadonlyArray<Permission>, alternative?: ReadonlyArray<Permission>): AccessRule =>
    alternative === undefined ? { access, permissions } : { access, permissions, alternative }

  it.effect("admitCaller answers the very caller it admits, and refuses nobody even on a public rule (it is for rules that need a caller)", () =>
    Effect.gen(function*() {
      const caller = aUserCaller(["cad.view"])
      expect(yield* admitCaller(rule("session-or-credential", ["cad.view"]), caller)).toBe(caller)
      expect(yield* admitCaller(rule("session-or-credential", ["cad.view"]), service)).toBe(service)
      expect((yield* Effect.flip(admitCaller(rule("public", []), null)))._tag).toBe("Unauthenticated")
      expect((yield* Effect.flip(admitCaller(rule("session", ["audit.view"]), caller)))._tag).toBe("Forbidden")
    }))

  it.effect("admitUser answers the person, and refuses a credential as UserRequired whatever the rule says", () =>
    Effect.gen(function*() {
      const caller = aUserCaller(["cad.view"])
      expect(yield* admitUser(rule("session", ["cad.view"]), caller)).toBe(caller)
      expect((yield* Effect.flip(admitUser(rule("session-or-credential", ["cad.view"]), service)))._tag).toBe("UserRequired")
      expect((yield* Effect.flip(admitUser(rule("session", []), null)))._tag).toBe("Unauthenticated")
    }))

  it.effect("lets anyone through a public operation", () =>
    Effect.gen(function*() {
      yield* checkAccess(rule("public", ["admin.manage"]), null)
      yield* checkAccess(rule("public", []), service)
    }))

  it.effect("refuses a missing caller as Unauthenticated", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(checkAccess(rule("session-or-credential", []), null))
      expect(error._tag).toBe("Unauthenticated")
      expect(error.code).toBe("UNAUTHENTICATED")
      expect((yield* Effect.flip(checkAccess(rule("session", []), null)))._tag).toBe("Unauthenticated")
    }))

  it.effect("refuses a service credential on a session operation as UserRequired, even holding the permission", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(checkAccess(rule("session", ["cad.view"]), service))
      expect(error._tag).toBe("UserRequired")
      expect(error.code).toBe("USER_REQUIRED")
      yield* checkAccess(rule("session-or-credential", ["cad.view"]), service)
    }))

  it.effect("refuses a missing permission as Forbidden naming the first one missing", () =>
    Effect.gen(function*() {
      const caller = aUserCaller(["cad.view", "pnc.view"])
      const error = yield* Effect.flip(checkAccess(rule("session", ["cad.view", "pnc.records.manage", "audit.view"]), caller))
      expect(error._tag).toBe("Forbidden")
      if (error._tag !== "Forbidden") return
      expect(error.permission).toBe("pnc.records.manage")
      expect(error.code).toBe("FORBIDDEN")
      expect(error.message).toContain("pnc.records.manage")
      yield* checkAccess(rule("session", ["cad.view", "pnc.view"]), caller)
      yield* checkAccess(rule("session", []), caller)
    }))

  it.effect("a key in alternative grants access on its own", () =>
    Effect.gen(function*() {
      const r = rule("session-or-credential", ["civilians.manage_own"], ["civilians.manage"])
      yield* checkAccess(r, aUserCaller(["civilians.manage"]))
      yield* checkAccess(r, aUserCaller(["civilians.manage_own"]))
      const error = yield* Effect.flip(checkAccess(r, aUserCaller(["cad.view"])))
      expect(error._tag === "Forbidden" && error.permission).toBe("civilians.manage_own")
    }))
})

describe("reserved role names", () => {
  it("Administrator is reserved trimmed and in any case; near names are not", () => {
    for (const name of ["Administrator", " administrator ", "ADMINISTRATOR", "\tAdministrator\n"]) {
      expect(isReservedRoleName(name)).toBe(true)
    }
    for (const name of ["Administrators", "Admin", "Administrator 2", "Member", ""]) {
      expect(isReservedRoleName(name)).toBe(false)
    }
  })

  it("roleNameKey trims and lower-cases", () => {
    expect(roleNameKey(" administrator ")).toBe("administrator")
    expect(roleNameKey("ADMINISTRATOR")).toBe("administrator")
    expect(roleNameKey("  Shift Lead ")).toBe("shift lead")
  })
})
