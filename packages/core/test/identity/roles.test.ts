import {
  AccountId,
  ADMINISTRATOR_ROLE_ID,
  ALL_PERMISSIONS,
  authenticateSession,
  compareRolesForListing,
  createRole,
  listRoles,
  MEMBER_DEFAULT_PERMISSIONS,
  MEMBER_ROLE_ID,
  presentRole,
  type Role,
  RoleId,
  Roles,
  updateRole
} from "@bluelight/core/identity"
import { accessNotChecked, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { TestClock } from "effect/testing"
import { anAccount, aUserCaller, readTables, signIn } from "./helpers.js"

const admin = aUserCaller(["admin.manage"], anAccount({ id: AccountId.make("admin-account") }))

describe("createRole", () => {
  it.effect("creates a role with sorted, distinct permissions and audits it with before null", () =>
    Effect.gen(function*() {
      const role = yield* createRole(admin, { name: "Dispatch", permissions: ["cad.view", "cad.dispatch", "cad.view"] })
      expect(role.name).toBe("Dispatch")
      expect(role.permissions).toEqual(["cad.dispatch", "cad.view"])
      const roles = yield* Roles
      expect(yield* roles.findById(role.id)).toEqual(Option.some(role))
      const entries = (yield* readTables).audit
      expect(entries).toHaveLength(1)
      expect(entries[0]).toMatchObject({
        action: "role.permissions.changed",
        actor: { type: "user", id: "admin-account" },
        targetType: "role",
        targetId: role.id,
        data: { name: "Dispatch", before: null, after: ["cad.dispatch", "cad.view"] }
      })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("refuses the reserved name in any case and with blanks; a near name is fine", () =>
    Effect.gen(function*() {
      const before = yield* readTables
      for (const name of ["Administrator", " administrator ", "ADMINISTRATOR"]) {
        const error = yield* Effect.flip(createRole(admin, { name, permissions: [] }))
        expect(error._tag).toBe("ReservedRole")
        expect(error.code).toBe("RESERVED_ROLE")
      }
      const after = yield* readTables
      expect(after.roles).toEqual(before.roles)
      expect(after.audit).toEqual([])
      const near = yield* createRole(admin, { name: "Administrators", permissions: [] })
      expect(near.name).toBe("Administrators")
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("refuses a name already taken, ignoring case and blanks, as InvalidState", () =>
    Effect.gen(function*() {
      yield* createRole(admin, { name: "Dispatch", permissions: ["cad.view"] })
      for (const name of ["Dispatch", "dispatch", " DISPATCH ", "member", "Member"]) {
        const error = yield* Effect.flip(createRole(admin, { name, permissions: [] }))
        expect(error._tag).toBe("InvalidState")
        expect(error.code).toBe("INVALID_STATE")
      }
      expect((yield* readTables).roles).toHaveLength(3)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})

describe("createRole under a race", () => {
  it.effect("two creates of the same name at once: one role, one InvalidState", () =>
    Effect.gen(function*() {
      const results = yield* Effect.all(
        [createRole(admin, { name: "Dispatch", permissions: [] }), createRole(admin, { name: " dispatch", permissions: [] })].map(Effect.result),
        { concurrency: "unbounded" }
      )
      expect(results.map((r) => r._tag).sort()).toEqual(["Failure", "Success"])
      const failed = results.find((r) => r._tag === "Failure")
      expect(failed?._tag === "Failure" && failed.failure._tag).toBe("InvalidState")
      const tables = yield* readTables
      expect(tables.roles.filter((r) => r.name.trim().toLowerCase() === "dispatch")).toHaveLength(1)
      expect(tables.audit).toHaveLength(1)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})

describe("updateRole", () => {
  it.effect("refuses a rename to the reserved name", () =>
    Effect.gen(function*() {
      const role = yield* createRole(admin, { name: "Dispatch", permissions: [] })
      for (const name of ["Administrator", " administrator ", "ADMINISTRATOR"]) {
        expect((yield* Effect.flip(updateRole(admin, role.id, { name })))._tag).toBe("ReservedRole")
      }
      const roles = yield* Roles
      expect(Option.map(yield* roles.findById(role.id), (r) => r.name)).toEqual(Option.some("Dispatch"))
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("refuses a rename to another role's name, ignoring case, as InvalidState", () =>
    Effect.gen(function*() {
      yield* createRole(admin, { name: "Dispatch", permissions: [] })
      const role = yield* createRole(admin, { name: "Moderation", permissions: [] })
      for (const name of ["dispatch", " Dispatch", "MEMBER"]) {
        expect((yield* Effect.flip(updateRole(admin, role.id, { name })))._tag).toBe("InvalidState")
      }
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("renames a role (its own name in another case too) and audits role.renamed", () =>
    Effect.gen(function*() {
      const role = yield* createRole(admin, { name: "Dispatch", permissions: ["cad.view"] })
      const renamed = yield* updateRole(admin, role.id, { name: "DISPATCH" })
      expect(renamed.name).toBe("DISPATCH")
      const again = yield* updateRole(admin, role.id, { name: "Control" })
      expect(again).toEqual({ ...role, name: "Control" })
      const entries = (yield* readTables).audit.slice(1)
      expect(entries.map((entry) => entry.action)).toEqual(["role.renamed", "role.renamed"])
      expect(entries[1]?.data).toMatchObject({ name: "Control", previousName: "DISPATCH" })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("the Administrator role cannot be edited at all", () =>
    Effect.gen(function*() {
      const before = yield* readTables
      for (const input of [{ name: "Boss" }, { permissions: ["cad.view" as const] }, { name: "Administrator", permissions: [] }, {}]) {
        const error = yield* Effect.flip(updateRole(admin, ADMINISTRATOR_ROLE_ID, input))
        expect(error._tag).toBe("ReservedRole")
      }
      const after = yield* readTables
      expect(after.roles).toEqual(before.roles)
      expect(after.audit).toEqual([])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("the Member role cannot be renamed, not even in another case", () =>
    Effect.gen(function*() {
      for (const name of ["Members", "member", " MEMBER "]) {
        const error = yield* Effect.flip(updateRole(admin, MEMBER_ROLE_ID, { name }))
        expect(error._tag).toBe("InvalidState")
      }
      // Its own name unchanged is no rename, nor is it padded (names are trimmed, as the API trims them).
      yield* updateRole(admin, MEMBER_ROLE_ID, { name: "Member" })
      yield* updateRole(admin, MEMBER_ROLE_ID, { name: " Member " })
      expect((yield* readTables).audit).toEqual([])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("the Member role's permissions can change; audited with before and after; it counts at once", () =>
    Effect.gen(function*() {
      const { token } = yield* signIn("alice")
      const updated = yield* updateRole(admin, MEMBER_ROLE_ID, { permissions: ["pnc.view", "civilians.create"] })
      expect(updated).toEqual({ id: MEMBER_ROLE_ID, name: "Member", permissions: ["civilians.create", "pnc.view"] })
      const entry = (yield* readTables).audit.at(-1)
      expect(entry).toMatchObject({
        action: "role.permissions.changed",
        actor: { type: "user", id: "admin-account" },
        targetType: "role",
        targetId: MEMBER_ROLE_ID,
        data: { name: "Member", before: [...MEMBER_DEFAULT_PERMISSIONS].sort(), after: ["civilians.create", "pnc.view"] }
      })
      const caller = yield* authenticateSession(token)
      expect([...caller.permissions].sort()).toEqual(["civilians.create", "pnc.view"])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("an update that changes nothing writes nothing", () =>
    Effect.gen(function*() {
      const role = yield* createRole(admin, { name: "Dispatch", permissions: ["cad.view", "cad.dispatch"] })
      const same = yield* updateRole(admin, role.id, { name: "Dispatch", permissions: ["cad.dispatch", "cad.view", "cad.view"] })
      expect(same).toEqual(role)
      expect((yield* readTables).audit).toHaveLength(1)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("an unknown role is NotFound", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(updateRole(admin, RoleId.make("no-such-role"), { name: "Xray" }))
      expect(error._tag).toBe("NotFound")
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})

describe("presentRole", () => {
  it("shows the Administrator with every permission, and other roles as stored", () => {
    expect(presentRole({ id: ADMINISTRATOR_ROLE_ID, name: "Administrator", permissions: [] }).permissions).toEqual(ALL_PERMISSIONS)
    const member = { id: MEMBER_ROLE_ID, name: "Member", permissions: MEMBER_DEFAULT_PERMISSIONS }
    expect(presentRole(member)).toEqual(member)
  })
})

describe("listRoles", () => {
  it.effect("the built-in Administrator and Member first, then the others newest first, paged", () =>
    Effect.gen(function*() {
      // Created a second apart, out of name order, so that neither the name nor chance orders them.
      const created: Array<string> = []
      for (const name of ["Bravo", "Alpha", "Delta", "Charlie"]) {
        created.push((yield* createRole(admin, { name, permissions: ["cad.view"] })).id)
        yield* TestClock.adjust("1 second")
      }
      const newestFirst = [...created].reverse()

      const all = yield* listRoles({ limit: 100, offset: 0 })
      expect(all.items.map((role) => role.id)).toEqual([ADMINISTRATOR_ROLE_ID, MEMBER_ROLE_ID, ...newestFirst])
      expect(all.meta).toEqual({ limit: 100, offset: 0, hasMore: false })
      // Presented as the API shows them: the Administrator with every permission.
      expect(all.items[0]!.permissions).toEqual(ALL_PERMISSIONS)

      const first = yield* listRoles({ limit: 3, offset: 0 })
      expect(first.items.map((role) => role.id)).toEqual([ADMINISTRATOR_ROLE_ID, MEMBER_ROLE_ID, newestFirst[0]])
      expect(first.meta.hasMore).toBe(true)
      const rest = yield* listRoles({ limit: 3, offset: 3 })
      expect(rest.items.map((role) => role.id)).toEqual(newestFirst.slice(1))
      expect(rest.meta).toEqual({ limit: 3, offset: 3, hasMore: false })
      expect((yield* listRoles({ limit: 3, offset: 6 })).items).toEqual([])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it("compareRolesForListing puts the built-in roles first, then the greater id first", () => {
    const role = (id: string): Role => ({ id: RoleId.make(id), name: id, permissions: [] })
    const shuffled = ["0190a", MEMBER_ROLE_ID, "0190c", ADMINISTRATOR_ROLE_ID, "0190b"].map(role)
    expect([...shuffled].sort(compareRolesForListing).map((r) => r.id)).toEqual([ADMINISTRATOR_ROLE_ID, MEMBER_ROLE_ID, "0190c", "0190b", "0190a"])
  })
})
