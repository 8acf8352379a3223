import {
  AccountId,
  ADMINISTRATOR_ROLE_ID,
  authenticateSession,
  createRole,
  createStaffProfile,
  findStaffMember,
  listStaff,
  type Permission,
  RoleId,
  staffMemberOf,
  type StaffProfile,
  StaffProfileId,
  updateStaffProfile
} from "@bluelight/core/identity"
import { accessNotChecked, InMemoryDatabase, STAFF_PROFILES_TABLE, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Cause, DateTime, Effect, Exit } from "effect"
import { anAccount, aUserCaller, readTables, signIn } from "./helpers.js"

const admin = aUserCaller(["admin.manage", "staff.manage"], anAccount({ id: AccountId.make("admin-account") }))
/** Holds staff.manage but not admin.manage. */
const staffManager = aUserCaller(["staff.manage", "staff.view"], anAccount({ id: AccountId.make("manager-account") }))

const role = (name: string, permissions: ReadonlyArray<Permission>) => createRole(admin, { name, permissions })

describe("createStaffProfile", () => {
  it.effect("makes an account staff with its roles; they count at once; audited", () =>
    Effect.gen(function*() {
      const alice = yield* signIn("alice")
      const dispatch = yield* role("Dispatch", ["cad.dispatch", "cad.view"])
      const profile = yield* createStaffProfile(staffManager, { accountId: alice.account.id, roleIds: [dispatch.id, dispatch.id] })
      expect(profile.accountId).toBe(alice.account.id)
      expect(profile.active).toBe(true)
      expect(profile.roleIds).toEqual([dispatch.id])
      const caller = yield* authenticateSession(alice.token)
      expect(caller.staff).toEqual(profile)
      expect(caller.roles.map((r) => r.id)).toEqual([dispatch.id])
      expect(caller.permissions.has("cad.dispatch")).toBe(true)
      const entry = (yield* readTables).audit.at(-1)
      expect(entry).toMatchObject({
        action: "staff.created",
        actor: { type: "user", id: "manager-account" },
        targetType: "staff",
        targetId: profile.id,
        data: { accountId: alice.account.id, roleIds: [dispatch.id] }
      })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("an unknown account is NotFound", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(createStaffProfile(admin, { accountId: AccountId.make("no-such-account"), roleIds: [] }))
      expect(error._tag).toBe("NotFound")
      expect(error.message).toBe(
        "No account has the id no-such-account. Account ids are Bluelight's own (GET /api/admin/accounts, or the person's home page), not the identity provider's"
      )
      expect((yield* readTables).staffProfiles).toEqual([])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("an identity provider's id instead of an account id is NotFound naming the account to use", () =>
    Effect.gen(function*() {
      const alice = yield* signIn("alice")
      const identityId = alice.account.identity.id
      const error = yield* Effect.flip(createStaffProfile(staffManager, { accountId: AccountId.make(identityId), roleIds: [] }))
      expect(error._tag).toBe("NotFound")
      expect(error.message).toBe(
        `No account has the id ${identityId}. Account ids are Bluelight's own (GET /api/admin/accounts, or the person's home page), not the identity provider's; ` +
          `the account of identity-provider id ${identityId} is ${alice.account.id}`
      )
      expect((yield* readTables).staffProfiles).toEqual([])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a second profile for the same account is InvalidState", () =>
    Effect.gen(function*() {
      const alice = yield* signIn("alice")
      yield* createStaffProfile(admin, { accountId: alice.account.id, roleIds: [] })
      const error = yield* Effect.flip(createStaffProfile(admin, { accountId: alice.account.id, roleIds: [] }))
      expect(error._tag).toBe("InvalidState")
      expect((yield* readTables).staffProfiles).toHaveLength(1)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("two creates for the same account at once: one profile, one InvalidState", () =>
    Effect.gen(function*() {
      const alice = yield* signIn("alice")
      const create = Effect.result(createStaffProfile(admin, { accountId: alice.account.id, roleIds: [] }))
      const results = yield* Effect.all([create, create], { concurrency: "unbounded" })
      expect(results.map((r) => r._tag).sort()).toEqual(["Failure", "Success"])
      const failed = results.find((r) => r._tag === "Failure")
      expect(failed?._tag === "Failure" && failed.failure._tag).toBe("InvalidState")
      expect((yield* readTables).staffProfiles).toHaveLength(1)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("unknown role ids are InvalidInput, one problem per unknown id at roleIds/<index>", () =>
    Effect.gen(function*() {
      const alice = yield* signIn("alice")
      const dispatch = yield* role("Dispatch", ["cad.view"])
      const error = yield* Effect.flip(
        createStaffProfile(admin, { accountId: alice.account.id, roleIds: [dispatch.id, RoleId.make("ghost"), RoleId.make("phantom")] })
      )
      expect(error._tag).toBe("InvalidInput")
      if (error._tag !== "InvalidInput") return
      expect(error.code).toBe("INVALID_INPUT")
      expect(error.details.map((problem) => problem.path)).toEqual([["roleIds", "1"], ["roleIds", "2"]])
      expect(error.details[0]?.message).toContain("ghost")
      expect((yield* readTables).staffProfiles).toEqual([])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("staff.manage without admin.manage cannot grant a role holding admin.manage, nor the Administrator role", () =>
    Effect.gen(function*() {
      const alice = yield* signIn("alice")
      const sneaky = yield* role("Helpers", ["cad.view", "admin.manage"])
      const plain = yield* role("Dispatch", ["cad.view"])
      for (const roleIds of [[sneaky.id], [ADMINISTRATOR_ROLE_ID], [plain.id, ADMINISTRATOR_ROLE_ID]]) {
        const error = yield* Effect.flip(createStaffProfile(staffManager, { accountId: alice.account.id, roleIds }))
        expect(error._tag).toBe("Forbidden")
        if (error._tag === "Forbidden") expect(error.permission).toBe("admin.manage")
      }
      expect((yield* readTables).staffProfiles).toEqual([])
      // With admin.manage it is allowed.
      const profile = yield* createStaffProfile(admin, { accountId: alice.account.id, roleIds: [ADMINISTRATOR_ROLE_ID] })
      expect(profile.roleIds).toEqual([ADMINISTRATOR_ROLE_ID])
      expect((yield* authenticateSession(alice.token)).permissions.size).toBe(32)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})

describe("updateStaffProfile", () => {
  it.effect("deactivating a profile drops its roles back to Member; audited with before and after", () =>
    Effect.gen(function*() {
      const alice = yield* signIn("alice")
      const dispatch = yield* role("Dispatch", ["cad.dispatch"])
      const profile = yield* createStaffProfile(staffManager, { accountId: alice.account.id, roleIds: [dispatch.id] })
      const updated = yield* updateStaffProfile(staffManager, profile.id, { active: false })
      expect(updated.active).toBe(false)
      expect(updated.roleIds).toEqual([dispatch.id])
      const caller = yield* authenticateSession(alice.token)
      expect(caller.roles).toEqual([])
      expect(caller.permissions.has("cad.dispatch")).toBe(false)
      expect((yield* readTables).audit.at(-1)).toMatchObject({
        action: "staff.updated",
        actor: { type: "user", id: "manager-account" },
        targetId: profile.id,
        data: { accountId: alice.account.id, active: { before: true, after: false }, roleIds: { before: [dispatch.id], after: [dispatch.id] } }
      })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("unknown role ids are InvalidInput with their paths", () =>
    Effect.gen(function*() {
      const alice = yield* signIn("alice")
      const profile = yield* createStaffProfile(admin, { accountId: alice.account.id, roleIds: [] })
      const error = yield* Effect.flip(updateStaffProfile(admin, profile.id, { roleIds: [RoleId.make("ghost")] }))
      expect(error._tag === "InvalidInput" && error.details.map((p) => p.path)).toEqual([["roleIds", "0"]])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("an unknown profile is NotFound", () =>
    Effect.gen(function*() {
      expect((yield* Effect.flip(updateStaffProfile(admin, StaffProfileId.make("no-such-profile"), { active: false })))._tag).toBe("NotFound")
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("staff.manage without admin.manage cannot grant an administering role by update either", () =>
    Effect.gen(function*() {
      const alice = yield* signIn("alice")
      const sneaky = yield* role("Helpers", ["admin.manage"])
      const profile = yield* createStaffProfile(staffManager, { accountId: alice.account.id, roleIds: [] })
      for (const roleIds of [[sneaky.id], [ADMINISTRATOR_ROLE_ID]]) {
        const error = yield* Effect.flip(updateStaffProfile(staffManager, profile.id, { roleIds }))
        expect(error._tag === "Forbidden" && error.permission).toBe("admin.manage")
      }
      expect((yield* readTables).staffProfiles).toEqual([profile])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("staff.manage without admin.manage cannot change the profile of someone holding an administering role", () =>
    Effect.gen(function*() {
      const alice = yield* signIn("alice")
      const bob = yield* signIn("bob")
      const plain = yield* role("Dispatch", ["cad.view"])
      const sneaky = yield* role("Helpers", ["admin.manage"])
      const adminProfile = yield* createStaffProfile(admin, { accountId: alice.account.id, roleIds: [ADMINISTRATOR_ROLE_ID] })
      const helperProfile = yield* createStaffProfile(admin, { accountId: bob.account.id, roleIds: [sneaky.id] })
      const before = yield* readTables
      for (
        const [id, input] of [
          [adminProfile.id, { active: false }],
          [adminProfile.id, { roleIds: [plain.id] }],
          [adminProfile.id, { roleIds: [ADMINISTRATOR_ROLE_ID, plain.id] }],
          [helperProfile.id, { active: false }],
          [helperProfile.id, { roleIds: [] }]
        ] as const
      ) {
        const error = yield* Effect.flip(updateStaffProfile(staffManager, id, input))
        expect(error._tag).toBe("Forbidden")
        if (error._tag === "Forbidden") {
          expect(error.permission).toBe("admin.manage")
          expect(error.message).toContain("admin.manage")
        }
      }
      const after = yield* readTables
      expect(after.staffProfiles).toEqual(before.staffProfiles)
      expect(after.audit).toEqual(before.audit)
      // An administrator may.
      yield* updateStaffProfile(admin, adminProfile.id, { active: false })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a staff manager may manage ordinary roles", () =>
    Effect.gen(function*() {
      const alice = yield* signIn("alice")
      const a = yield* role("Dispatch", ["cad.view"])
      const b = yield* role("Moderation", ["moderation.view"])
      const profile = yield* createStaffProfile(staffManager, { accountId: alice.account.id, roleIds: [a.id] })
      const updated = yield* updateStaffProfile(staffManager, profile.id, { roleIds: [b.id, a.id] })
      expect(updated.roleIds).toEqual([b.id, a.id])
      const caller = yield* authenticateSession(alice.token)
      expect([...caller.permissions].sort()).toEqual(["cad.view", "civilians.create", "civilians.manage_own", "moderation.view"])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})

describe("no escalation, for a real signed-in staff manager", () => {
  it.effect("a person whose role grants staff.manage cannot make anyone Administrator, nor grant themselves more", () =>
    Effect.gen(function*() {
      const manager = yield* signIn("carol")
      const alice = yield* signIn("alice")
      const managers = yield* role("Staff managers", ["staff.manage", "staff.view"])
      const managerProfile = yield* createStaffProfile(admin, { accountId: manager.account.id, roleIds: [managers.id] })
      const caller = yield* authenticateSession(manager.token)
      expect(caller.permissions.has("staff.manage")).toBe(true)
      expect(caller.permissions.has("admin.manage")).toBe(false)

      const grant = yield* Effect.flip(createStaffProfile(caller, { accountId: alice.account.id, roleIds: [ADMINISTRATOR_ROLE_ID] }))
      expect(grant._tag === "Forbidden" && grant.permission).toBe("admin.manage")
      const self = yield* Effect.flip(updateStaffProfile(caller, managerProfile.id, { roleIds: [managers.id, ADMINISTRATOR_ROLE_ID] }))
      expect(self._tag === "Forbidden" && self.permission).toBe("admin.manage")
      expect((yield* authenticateSession(manager.token)).permissions.has("admin.manage")).toBe(false)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})

describe("the staff directory", () => {
  it.effect("lists staff by display name with their person and role names, filtered and paged", () =>
    Effect.gen(function*() {
      const [carol, alice, bob] = [yield* signIn("carol"), yield* signIn("alice"), yield* signIn("bob")]
      const dispatch = yield* role("Dispatch", ["cad.view"])
      const control = yield* role("Control", ["cad.view"])
      const carolProfile = yield* createStaffProfile(admin, { accountId: carol.account.id, roleIds: [dispatch.id, control.id] })
      const bobProfile = yield* createStaffProfile(admin, { accountId: bob.account.id, roleIds: [] })
      const aliceProfile = yield* createStaffProfile(admin, { accountId: alice.account.id, roleIds: [control.id] })
      yield* updateStaffProfile(admin, bobProfile.id, { active: false })

      const all = yield* listStaff({}, { limit: 100, offset: 0 })
      expect(all.items.map((member) => member.account.displayName)).toEqual(["Alice", "Bob", "Carol"])
      expect(all.items[2]).toEqual({
        id: carolProfile.id,
        account: { id: carol.account.id, displayName: "Carol" },
        active: true,
        roles: [{ id: dispatch.id, name: "Dispatch", source: "MANUAL" }, { id: control.id, name: "Control", source: "MANUAL" }],
        createdAt: carolProfile.createdAt,
        updatedAt: carolProfile.updatedAt
      })
      expect((yield* listStaff({ active: false }, { limit: 100, offset: 0 })).items.map((m) => m.id)).toEqual([bobProfile.id])
      expect((yield* listStaff({ active: true }, { limit: 100, offset: 0 })).items.map((m) => m.id)).toEqual([aliceProfile.id, carolProfile.id])
      const page = yield* listStaff({}, { limit: 1, offset: 1 })
      expect(page).toEqual({ items: [all.items[1]], meta: { limit: 1, offset: 1, hasMore: true } })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("finds one member, or NotFound; a profile just written is found with its new roles", () =>
    Effect.gen(function*() {
      const alice = yield* signIn("alice")
      const dispatch = yield* role("Dispatch", ["cad.view"])
      const profile = yield* createStaffProfile(admin, { accountId: alice.account.id, roleIds: [] })
      const updated = yield* updateStaffProfile(admin, profile.id, { roleIds: [dispatch.id] })
      const member = yield* staffMemberOf(updated)
      expect(member.roles).toEqual([{ id: dispatch.id, name: "Dispatch", source: "MANUAL" }])
      expect(yield* findStaffMember(profile.id)).toEqual(member)
      expect((yield* Effect.flip(findStaffMember(StaffProfileId.make("no-such-profile"))))._tag).toBe("NotFound")
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a profile whose account is missing is a defect, never a member without a name", () =>
    Effect.gen(function*() {
      const db = yield* InMemoryDatabase
      const orphan: StaffProfile = {
        id: StaffProfileId.make("orphan"),
        accountId: AccountId.make("gone"),
        active: true,
        roleIds: [],
        createdAt: DateTime.makeUnsafe(0),
        updatedAt: DateTime.makeUnsafe(0)
      }
      yield* db.insert(STAFF_PROFILES_TABLE, orphan)
      const listed = yield* Effect.exit(listStaff({}, { limit: 10, offset: 0 }))
      expect(Exit.isFailure(listed) && Cause.hasDies(listed.cause)).toBe(true)
      const found = yield* Effect.exit(findStaffMember(StaffProfileId.make("orphan")))
      expect(Exit.isFailure(found) && Cause.hasDies(found.cause)).toBe(true)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})
