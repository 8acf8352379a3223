import {
  AccountId,
  ADMINISTRATOR_ROLE_ID,
  authenticateSession,
  createRole,
  createRoleLink,
  createStaffProfile,
  effectivePermissions,
  findStaffMember,
  isLinkable,
  listRoleLinks,
  MEMBER_ROLE_ID,
  type Permission,
  providerGrants,
  providerRoleIdsOf,
  removeRoleLink,
  type Role,
  RoleId,
  RoleLinkId,
  roleSyncStatus,
  RoleSyncRuns,
  scheduledRoleSync,
  type StaffProfile,
  syncRolesNow,
  updateRole,
  updateStaffProfile
} from "@bluelight/core/identity"
import {
  accessNotChecked,
  DirectoryAnswers,
  directoryFailure,
  InMemoryDatabase,
  setDirectoryAnswer,
  setMemberRoles,
  STAFF_PROFILES_TABLE,
  testPorts
} from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { DateTime, Effect, Fiber, Option, Ref } from "effect"
import { TestClock } from "effect/testing"
import { anAccount, aUserCaller, readTables, signIn } from "./helpers.js"

const admin = aUserCaller(["admin.manage", "staff.manage"], anAccount({ id: AccountId.make("admin-account") }))

const role = (name: string, permissions: ReadonlyArray<Permission>) => createRole(admin, { name, permissions })

const DISPATCH_UPSTREAM = "111111111111111111"
const OFFICER_UPSTREAM = "222222222222222222"

/** Alice signed in and made staff with `roleIds` by hand; answers her identity id, profile and session token. */
const aliceAsStaff = (roleIds: ReadonlyArray<RoleId> = []) =>
  Effect.gen(function*() {
    const alice = yield* signIn("alice")
    const profile = yield* createStaffProfile(admin, { accountId: alice.account.id, roleIds })
    return { identityId: alice.account.identity.id, profile, token: alice.token }
  })

const storedProfile = (id: StaffProfile["id"]) =>
  InMemoryDatabase.use((db) => Effect.map(db.rows<StaffProfile>(STAFF_PROFILES_TABLE), (rows) => rows.find((row) => row.id === id)!))

const syncAudits = Effect.map(readTables, (tables) => tables.audit.filter((entry) => entry.action === "staff.roles.synced"))

describe("the pure rules", () => {
  const plain: Role = { id: RoleId.make("dispatch"), name: "Dispatch", permissions: ["cad.view"] }
  const administers: Role = { id: RoleId.make("boss"), name: "Boss", permissions: ["admin.manage"] }
  const administrator: Role = { id: ADMINISTRATOR_ROLE_ID, name: "Administrator", permissions: [] }

  it("the Administrator and any role holding admin.manage are not linkable; others are", () => {
    expect(isLinkable(plain)).toBe(true)
    expect(isLinkable(administers)).toBe(false)
    expect(isLinkable(administrator)).toBe(false)
  })

  it("grants each linked role the member holds, once, only if it exists and is linkable", () => {
    const links = [
      { providerRoleId: "1", roleId: plain.id },
      { providerRoleId: "2", roleId: plain.id },
      { providerRoleId: "2", roleId: administers.id },
      { providerRoleId: "3", roleId: RoleId.make("gone") }
    ]
    expect(providerGrants(links, ["1", "2", "3"], [plain, administers])).toEqual([plain.id])
    expect(providerGrants(links, ["9"], [plain, administers])).toEqual([])
    expect(providerGrants(links, [], [plain])).toEqual([])
  })

  it("a role held only by the provider's grant stops counting once it holds admin.manage; a hand grant of it still counts", () => {
    const account = { ...anAccount(), status: "ACTIVE" as const }
    const member: Role = { id: MEMBER_ROLE_ID, name: "Member", permissions: [] }
    const base = { account, memberRole: member, adminIdentity: false, developerAccess: false }
    const staff = (roleIds: ReadonlyArray<RoleId>, providerRoleIds: ReadonlyArray<RoleId>): StaffProfile => ({
      id: "sp" as StaffProfile["id"],
      accountId: account.id,
      active: true,
      roleIds,
      providerRoleIds,
      createdAt: DateTime.makeUnsafe(0),
      updatedAt: DateTime.makeUnsafe(0)
    })
    expect(effectivePermissions({ ...base, staff: staff([], [administers.id]), staffRoles: [administers] }).has("admin.manage")).toBe(false)
    expect(effectivePermissions({ ...base, staff: staff([], [administrator.id]), staffRoles: [administrator] }).size).toBe(0)
    expect(effectivePermissions({ ...base, staff: staff([administers.id], [administers.id]), staffRoles: [administers] }).has("admin.manage")).toBe(true)
    expect(effectivePermissions({ ...base, staff: staff([], [plain.id]), staffRoles: [plain] }).has("cad.view")).toBe(true)
  })
})

describe("role links", () => {
  it.effect("link, list, remove; audited role.link.created and role.link.removed", () =>
    Effect.gen(function*() {
      const dispatch = yield* role("Dispatch", ["cad.view", "cad.dispatch"])
      const link = yield* createRoleLink(admin, { providerRoleId: DISPATCH_UPSTREAM, roleId: dispatch.id })
      expect(link).toMatchObject({ providerRoleId: DISPATCH_UPSTREAM, role: { id: dispatch.id, name: "Dispatch" }, createdBy: admin.account.id })
      expect((yield* listRoleLinks({ limit: 25, offset: 0 })).items).toEqual([link])
      const removed = yield* removeRoleLink(admin, link.id)
      expect(removed).toEqual(link)
      expect((yield* listRoleLinks({ limit: 25, offset: 0 })).items).toEqual([])
      const audits = (yield* readTables).audit.filter((entry) => entry.action.startsWith("role.link"))
      expect(audits).toMatchObject([
        {
          action: "role.link.created",
          actor: { type: "user", id: "admin-account" },
          targetType: "role_link",
          targetId: link.id,
          data: { providerRoleId: DISPATCH_UPSTREAM, roleId: dispatch.id }
        },
        { action: "role.link.removed", targetId: link.id }
      ])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("the same pair twice is ROLE_LINK_EXISTS; the same provider role to another role is fine", () =>
    Effect.gen(function*() {
      const dispatch = yield* role("Dispatch", ["cad.view"])
      const officer = yield* role("Officer", ["pnc.view"])
      yield* createRoleLink(admin, { providerRoleId: DISPATCH_UPSTREAM, roleId: dispatch.id })
      const error = yield* Effect.flip(createRoleLink(admin, { providerRoleId: DISPATCH_UPSTREAM, roleId: dispatch.id }))
      expect(error.code).toBe("ROLE_LINK_EXISTS")
      yield* createRoleLink(admin, { providerRoleId: DISPATCH_UPSTREAM, roleId: officer.id })
      expect((yield* listRoleLinks({ limit: 25, offset: 0 })).items).toHaveLength(2)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("the Administrator and a role holding admin.manage are ROLE_NOT_LINKABLE; nothing written", () =>
    Effect.gen(function*() {
      const boss = yield* role("Boss", ["admin.manage"])
      for (const roleId of [ADMINISTRATOR_ROLE_ID, boss.id]) {
        const error = yield* Effect.flip(createRoleLink(admin, { providerRoleId: DISPATCH_UPSTREAM, roleId }))
        expect(error.code).toBe("ROLE_NOT_LINKABLE")
      }
      expect((yield* listRoleLinks({ limit: 25, offset: 0 })).items).toEqual([])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("provider role ids are 1 to 32 digits; an unknown role is NOT_FOUND; an unknown link NOT_FOUND", () =>
    Effect.gen(function*() {
      const dispatch = yield* role("Dispatch", ["cad.view"])
      yield* createRoleLink(admin, { providerRoleId: "1", roleId: dispatch.id })
      yield* createRoleLink(admin, { providerRoleId: "9".repeat(32), roleId: dispatch.id })
      for (const providerRoleId of ["", "9".repeat(33), "12a", " 12", "-1"]) {
        const error = yield* Effect.flip(createRoleLink(admin, { providerRoleId, roleId: dispatch.id }))
        expect([providerRoleId, error.code]).toEqual([providerRoleId, "INVALID_INPUT"])
      }
      const unknown = yield* Effect.flip(createRoleLink(admin, { providerRoleId: "5", roleId: RoleId.make("nope") }))
      expect(unknown.code).toBe("NOT_FOUND")
      const missing = yield* Effect.flip(removeRoleLink(admin, RoleLinkId.make("nope")))
      expect(missing.code).toBe("NOT_FOUND")
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})

describe("role sync", () => {
  it.effect("link, sync grants (source PROVIDER); audited as the role-sync service; the access counts at once", () =>
    Effect.gen(function*() {
      const dispatch = yield* role("Dispatch", ["cad.view", "cad.dispatch"])
      yield* createRoleLink(admin, { providerRoleId: DISPATCH_UPSTREAM, roleId: dispatch.id })
      const alice = yield* aliceAsStaff()
      yield* setMemberRoles(alice.identityId, [DISPATCH_UPSTREAM, "999"])
      const run = yield* scheduledRoleSync
      expect(Option.getOrThrow(run)).toMatchObject({ checked: 1, changed: 1, failed: 0, trigger: "SCHEDULE" })
      expect(providerRoleIdsOf(yield* storedProfile(alice.profile.id))).toEqual([dispatch.id])
      expect((yield* findStaffMember(alice.profile.id)).roles).toEqual([{ id: dispatch.id, name: "Dispatch", source: "PROVIDER" }])
      expect((yield* authenticateSession(alice.token)).permissions.has("cad.dispatch")).toBe(true)
      expect(yield* syncAudits).toMatchObject([{
        actor: { type: "service", id: "role-sync" },
        targetType: "staff",
        targetId: alice.profile.id,
        data: { added: [dispatch.id], removed: [] }
      }])
      // Nothing to change: no write, no audit.
      expect(Option.getOrThrow(yield* scheduledRoleSync)).toMatchObject({ checked: 1, changed: 0, failed: 0 })
      expect(yield* syncAudits).toHaveLength(1)
      expect((yield* roleSyncStatus()).lastRun).toMatchObject({ checked: 1, changed: 0, trigger: "SCHEDULE" })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a role removed upstream: sync removes only the provider grant; a hand grant of the same role survives", () =>
    Effect.gen(function*() {
      const dispatch = yield* role("Dispatch", ["cad.view"])
      const officer = yield* role("Officer", ["pnc.view"])
      yield* createRoleLink(admin, { providerRoleId: DISPATCH_UPSTREAM, roleId: dispatch.id })
      yield* createRoleLink(admin, { providerRoleId: OFFICER_UPSTREAM, roleId: officer.id })
      const alice = yield* aliceAsStaff([dispatch.id])
      yield* setMemberRoles(alice.identityId, [DISPATCH_UPSTREAM, OFFICER_UPSTREAM])
      yield* scheduledRoleSync
      expect((yield* findStaffMember(alice.profile.id)).roles).toEqual([
        { id: dispatch.id, name: "Dispatch", source: "MANUAL" },
        { id: officer.id, name: "Officer", source: "PROVIDER" }
      ])
      yield* setMemberRoles(alice.identityId, [])
      const run = Option.getOrThrow(yield* scheduledRoleSync)
      expect(run).toMatchObject({ checked: 1, changed: 1, failed: 0 })
      const stored = yield* storedProfile(alice.profile.id)
      expect(stored.roleIds).toEqual([dispatch.id])
      expect(providerRoleIdsOf(stored)).toEqual([])
      expect((yield* syncAudits).at(-1)?.data).toEqual({ accountId: stored.accountId, added: [], removed: [dispatch.id, officer.id] })
      expect((yield* findStaffMember(alice.profile.id)).roles).toEqual([{ id: dispatch.id, name: "Dispatch", source: "MANUAL" }])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a hand grant taken away leaves the provider grant of the same role; the role then shows as PROVIDER", () =>
    Effect.gen(function*() {
      const dispatch = yield* role("Dispatch", ["cad.view"])
      yield* createRoleLink(admin, { providerRoleId: DISPATCH_UPSTREAM, roleId: dispatch.id })
      const alice = yield* aliceAsStaff([dispatch.id])
      yield* setMemberRoles(alice.identityId, [DISPATCH_UPSTREAM])
      yield* scheduledRoleSync
      yield* updateStaffProfile(admin, alice.profile.id, { roleIds: [] })
      expect((yield* findStaffMember(alice.profile.id)).roles).toEqual([{ id: dispatch.id, name: "Dispatch", source: "PROVIDER" }])
      expect((yield* authenticateSession(alice.token)).permissions.has("cad.view")).toBe(true)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("not a member: every provider grant removed", () =>
    Effect.gen(function*() {
      const dispatch = yield* role("Dispatch", ["cad.view"])
      yield* createRoleLink(admin, { providerRoleId: DISPATCH_UPSTREAM, roleId: dispatch.id })
      const alice = yield* aliceAsStaff()
      yield* setMemberRoles(alice.identityId, [DISPATCH_UPSTREAM])
      yield* scheduledRoleSync
      yield* setDirectoryAnswer(alice.identityId, { _tag: "NotMember" })
      expect(Option.getOrThrow(yield* scheduledRoleSync)).toMatchObject({ changed: 1, failed: 0 })
      expect(providerRoleIdsOf(yield* storedProfile(alice.profile.id))).toEqual([])
      expect((yield* authenticateSession(alice.token)).permissions.has("cad.view")).toBe(false)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a provider that cannot be read (500, timeout): nothing changed for that person, failed counted, the others synced", () =>
    Effect.gen(function*() {
      const dispatch = yield* role("Dispatch", ["cad.view"])
      yield* createRoleLink(admin, { providerRoleId: DISPATCH_UPSTREAM, roleId: dispatch.id })
      const alice = yield* aliceAsStaff()
      const bob = yield* signIn("bob")
      const bobProfile = yield* createStaffProfile(admin, { accountId: bob.account.id, roleIds: [] })
      yield* setMemberRoles(alice.identityId, [DISPATCH_UPSTREAM])
      yield* scheduledRoleSync
      yield* setDirectoryAnswer(alice.identityId, directoryFailure("500"))
      yield* setMemberRoles(bob.account.identity.id, [DISPATCH_UPSTREAM])
      expect(Option.getOrThrow(yield* scheduledRoleSync)).toMatchObject({ checked: 2, changed: 1, failed: 1 })
      expect(providerRoleIdsOf(yield* storedProfile(alice.profile.id))).toEqual([dispatch.id])
      expect(providerRoleIdsOf(yield* storedProfile(bobProfile.id))).toEqual([dispatch.id])
      yield* setDirectoryAnswer(alice.identityId, directoryFailure("timeout"))
      expect(Option.getOrThrow(yield* scheduledRoleSync)).toMatchObject({ checked: 2, changed: 0, failed: 1 })
      expect(providerRoleIdsOf(yield* storedProfile(alice.profile.id))).toEqual([dispatch.id])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a 429: nothing changed for that person, failed counted, and the next request waits out Retry-After (on the test clock)", () =>
    Effect.gen(function*() {
      const dispatch = yield* role("Dispatch", ["cad.view"])
      yield* createRoleLink(admin, { providerRoleId: DISPATCH_UPSTREAM, roleId: dispatch.id })
      const alice = yield* aliceAsStaff()
      const bob = yield* signIn("bob")
      yield* createStaffProfile(admin, { accountId: bob.account.id, roleIds: [] })
      yield* setDirectoryAnswer(alice.identityId, directoryFailure("429", 30))
      yield* setDirectoryAnswer(bob.account.identity.id, directoryFailure("429", 30))
      const directory = yield* DirectoryAnswers
      const fiber = yield* Effect.forkChild(scheduledRoleSync)
      yield* TestClock.adjust("1 second")
      expect(yield* Ref.get(directory.asked)).toHaveLength(1)
      yield* TestClock.adjust("29 seconds")
      expect(yield* Ref.get(directory.asked)).toHaveLength(2)
      yield* TestClock.adjust("30 seconds")
      const run = Option.getOrThrow(yield* Fiber.join(fiber))
      expect(run).toMatchObject({ checked: 2, changed: 0, failed: 2 })
      expect(providerRoleIdsOf(yield* storedProfile(alice.profile.id))).toEqual([])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("never creates a staff profile, and skips inactive profiles", () =>
    Effect.gen(function*() {
      const dispatch = yield* role("Dispatch", ["cad.view"])
      yield* createRoleLink(admin, { providerRoleId: DISPATCH_UPSTREAM, roleId: dispatch.id })
      const bob = yield* signIn("bob")
      yield* setMemberRoles(bob.account.identity.id, [DISPATCH_UPSTREAM])
      const alice = yield* aliceAsStaff()
      yield* updateStaffProfile(admin, alice.profile.id, { active: false })
      yield* setMemberRoles(alice.identityId, [DISPATCH_UPSTREAM])
      expect(Option.getOrThrow(yield* scheduledRoleSync)).toMatchObject({ checked: 0, changed: 0 })
      expect((yield* readTables).staffProfiles).toHaveLength(1)
      expect(yield* Ref.get((yield* DirectoryAnswers).asked)).toEqual([])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a linked role that later holds admin.manage is not granted, and the grant sync made of it is taken back", () =>
    Effect.gen(function*() {
      const dispatch = yield* role("Dispatch", ["cad.view"])
      yield* createRoleLink(admin, { providerRoleId: DISPATCH_UPSTREAM, roleId: dispatch.id })
      const alice = yield* aliceAsStaff()
      yield* setMemberRoles(alice.identityId, [DISPATCH_UPSTREAM])
      yield* scheduledRoleSync
      yield* updateRole(admin, dispatch.id, { permissions: ["cad.view", "admin.manage"] })
      // From the next read on, the provider's grant administers nobody...
      expect((yield* authenticateSession(alice.token)).permissions.has("admin.manage")).toBe(false)
      // ...and the next sync takes it back.
      expect(Option.getOrThrow(yield* scheduledRoleSync)).toMatchObject({ changed: 1 })
      expect(providerRoleIdsOf(yield* storedProfile(alice.profile.id))).toEqual([])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a link removed: the next sync takes its grants back", () =>
    Effect.gen(function*() {
      const dispatch = yield* role("Dispatch", ["cad.view"])
      const link = yield* createRoleLink(admin, { providerRoleId: DISPATCH_UPSTREAM, roleId: dispatch.id })
      const alice = yield* aliceAsStaff()
      yield* setMemberRoles(alice.identityId, [DISPATCH_UPSTREAM])
      yield* scheduledRoleSync
      yield* removeRoleLink(admin, link.id)
      yield* scheduledRoleSync
      expect(providerRoleIdsOf(yield* storedProfile(alice.profile.id))).toEqual([])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("on demand: the administrator is the actor, the answer says what it did; one sync at a time", () =>
    Effect.gen(function*() {
      const dispatch = yield* role("Dispatch", ["cad.view"])
      yield* createRoleLink(admin, { providerRoleId: DISPATCH_UPSTREAM, roleId: dispatch.id })
      const alice = yield* aliceAsStaff()
      yield* setMemberRoles(alice.identityId, [DISPATCH_UPSTREAM])
      const result = yield* syncRolesNow(admin)
      expect(result).toMatchObject({ checked: 1, changed: 1, failed: 0 })
      expect(Object.keys(result).sort()).toEqual(["changed", "checked", "failed", "finishedAt"])
      expect((yield* syncAudits)[0]?.actor).toEqual({ type: "user", id: "admin-account" })
      expect((yield* roleSyncStatus()).lastRun?.trigger).toBe("ON_DEMAND")
      // Another instance holds the lease: a sync here is refused, and the scheduled one skips.
      const now = yield* DateTime.now
      expect(yield* RoleSyncRuns.use((runs) => runs.claim("other-instance", now, DateTime.add(now, { minutes: 5 })))).toBe(true)
      expect((yield* Effect.flip(syncRolesNow(admin))).code).toBe("INVALID_STATE")
      expect(yield* scheduledRoleSync).toEqual(Option.none())
      // Its lease runs out: a sync runs again.
      yield* TestClock.adjust("6 minutes")
      expect(Option.isSome(yield* scheduledRoleSync)).toBe(true)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("not configured: status says so, on demand is INVALID_STATE, the schedule does nothing", () =>
    Effect.gen(function*() {
      expect(yield* roleSyncStatus()).toEqual({ configured: false, lastRun: null })
      expect((yield* Effect.flip(syncRolesNow(admin))).code).toBe("INVALID_STATE")
      expect(yield* scheduledRoleSync).toEqual(Option.none())
    }).pipe(accessNotChecked, Effect.provide(testPorts({ roleSyncConfigured: false }))))

  it.effect("a run whose lease was taken over (it ran out) stops before its next person; what it checked is recorded", () =>
    Effect.gen(function*() {
      const alice = yield* aliceAsStaff()
      const bob = yield* signIn("bob")
      yield* createStaffProfile(admin, { accountId: bob.account.id, roleIds: [] })
      // While the run waits after Alice's 429, another instance whose clock is past the lease's end takes it over.
      yield* setDirectoryAnswer(alice.identityId, directoryFailure("429", 60))
      const fiber = yield* Effect.forkChild(scheduledRoleSync)
      yield* TestClock.adjust("1 second")
      const now = yield* DateTime.now
      expect(yield* RoleSyncRuns.use((runs) => runs.claim("other-instance", DateTime.add(now, { minutes: 6 }), DateTime.add(now, { minutes: 20 })))).toBe(true)
      yield* TestClock.adjust("1 minute")
      const run = Option.getOrThrow(yield* Fiber.join(fiber))
      expect(run).toMatchObject({ checked: 1, failed: 1, changed: 0 })
      expect(yield* Ref.get((yield* DirectoryAnswers).asked)).toEqual([alice.identityId])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("two syncs at once: one runs, the other is refused (the lease)", () =>
    Effect.gen(function*() {
      const alice = yield* aliceAsStaff()
      yield* setDirectoryAnswer(alice.identityId, directoryFailure("429", 10))
      const first = yield* Effect.forkChild(syncRolesNow(admin))
      yield* TestClock.adjust("1 second")
      const second = yield* Effect.flip(syncRolesNow(admin))
      expect(second.code).toBe("INVALID_STATE")
      yield* TestClock.adjust("10 seconds")
      expect(yield* Fiber.join(first)).toMatchObject({ checked: 1, failed: 1 })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})
