/** Identity's field rules hold in the core: a use case called directly refuses what the API refuses. */
import {
  AccountId,
  createRole,
  createStaffProfile,
  issueCredential,
  MEMBER_ROLE_ID,
  type RoleId,
  Roles,
  updateRole,
  updateStaffProfile
} from "@bluelight/core/identity"
import { InvalidInput } from "@bluelight/core/kernel"
import { accessNotChecked, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { anAccount, aUserCaller, readTables, signIn } from "./helpers.js"

const admin = aUserCaller(["admin.manage", "staff.manage"], anAccount({ id: AccountId.make("admin-account") }))

describe("role fields in the core", () => {
  it.effect("a role name over 60 characters or on two lines is refused at its field, and no role is stored", () =>
    Effect.gen(function*() {
      const before = (yield* Roles.use((roles) => roles.all)).length
      const long = yield* Effect.flip(createRole(admin, { name: "R".repeat(61), permissions: [] }))
      expect(long).toBeInstanceOf(InvalidInput)
      expect(long).toMatchObject({ details: [{ path: ["name"], message: "must be at most 60 characters" }] })
      const twoLines = yield* Effect.flip(createRole(admin, { name: "Road\nPolicing", permissions: [] }))
      expect(twoLines).toMatchObject({ details: [{ path: ["name"], message: "must be one line, without control characters" }] })
      expect((yield* Roles.use((roles) => roles.all)).length).toBe(before)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a padded name is stored trimmed, as the API would store it", () =>
    Effect.gen(function*() {
      const role = yield* createRole(admin, { name: "  Road Policing ", permissions: ["cad.view"] })
      expect(role.name).toBe("Road Policing")
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a rename over 60 characters, a hidden-character name or over 32 permissions is refused at its field; nothing changes", () =>
    Effect.gen(function*() {
      const role = yield* createRole(admin, { name: "Dispatch", permissions: ["cad.view"] })
      const before = yield* readTables
      const long = yield* Effect.flip(updateRole(admin, role.id, { name: "R".repeat(61) }))
      expect(long).toBeInstanceOf(InvalidInput)
      expect(long).toMatchObject({ details: [{ path: ["name"], message: "must be at most 60 characters" }] })
      const hidden = yield* Effect.flip(updateRole(admin, role.id, { name: "Dis\u202Epatch" }))
      expect(hidden).toBeInstanceOf(InvalidInput)
      expect(hidden).toMatchObject({ details: [{ path: ["name"] }] })
      const many = yield* Effect.flip(updateRole(admin, role.id, { permissions: Array(33).fill("cad.view") }))
      expect(many).toMatchObject({ details: [{ path: ["permissions"], message: "at most 32 permissions" }] })
      const unknown = yield* Effect.flip(updateRole(admin, role.id, { permissions: ["cad.everything" as "cad.view"] }))
      expect(unknown).toMatchObject({ details: [{ path: ["permissions", "0"] }] })
      const after = yield* readTables
      expect(after.roles).toEqual(before.roles)
      expect(after.audit).toEqual(before.audit)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a valid rename is stored trimmed", () =>
    Effect.gen(function*() {
      const role = yield* createRole(admin, { name: "Dispatch", permissions: ["cad.view"] })
      const renamed = yield* updateRole(admin, role.id, { name: "  Control ", permissions: ["cad.view", "cad.dispatch"] })
      expect(renamed).toMatchObject({ name: "Control", permissions: ["cad.dispatch", "cad.view"] })
      expect((yield* readTables).roles.find((stored) => stored.id === role.id)?.name).toBe("Control")
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})

describe("service credential fields in the core", () => {
  it.effect("a name over 80 characters, no scopes or a lifetime over 90 days is refused at its field, and nothing is stored", () =>
    Effect.gen(function*() {
      const before = yield* readTables
      const error = yield* Effect.flip(issueCredential(admin, { name: "B".repeat(81), scopes: [], lifetimeDays: 91 }))
      expect(error).toBeInstanceOf(InvalidInput)
      expect(error).toMatchObject({
        message: "The service credential is not valid",
        details: [
          { path: ["name"], message: "must be at most 80 characters" },
          { path: ["scopes"], message: "at least one scope" },
          { path: ["lifetimeDays"], message: "lifetimeDays must be an integer from 1 to 90" }
        ]
      })
      const twoLines = yield* Effect.flip(issueCredential(admin, { name: "Discord\r\nbot", scopes: ["cad.view"], lifetimeDays: 0 }))
      expect(twoLines).toMatchObject({
        details: [
          { path: ["name"], message: "must be one line, without control characters" },
          { path: ["lifetimeDays"], message: "lifetimeDays must be an integer from 1 to 90" }
        ]
      })
      const after = yield* readTables
      expect(after.serviceCredentials).toEqual([])
      expect(after.audit).toEqual(before.audit)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a valid credential is issued with its name trimmed", () =>
    Effect.gen(function*() {
      const { credential } = yield* issueCredential(admin, { name: " Discord bot ", scopes: ["cad.view"], lifetimeDays: 90 })
      expect(credential.name).toBe("Discord bot")
      expect((yield* readTables).serviceCredentials).toEqual([credential])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})

describe("staff profile fields in the core", () => {
  it.effect("over 32 roles or a malformed role id is refused at its field; no profile is made or changed", () =>
    Effect.gen(function*() {
      const alice = yield* signIn("alice")
      const bob = yield* signIn("bob")
      const profile = yield* createStaffProfile(admin, { accountId: bob.account.id, roleIds: [MEMBER_ROLE_ID] })
      const before = yield* readTables
      const many = yield* Effect.flip(createStaffProfile(admin, { accountId: alice.account.id, roleIds: Array(33).fill(MEMBER_ROLE_ID) }))
      expect(many).toBeInstanceOf(InvalidInput)
      expect(many).toMatchObject({ message: "The staff profile is not valid", details: [{ path: ["roleIds"], message: "at most 32 roles" }] })
      const hostile = yield* Effect.flip(
        updateStaffProfile(admin, profile.id, { active: false, roleIds: [MEMBER_ROLE_ID, "x'; drop table roles" as RoleId] })
      )
      expect(hostile).toMatchObject({ details: [{ path: ["roleIds", "1"], message: "must contain only letters, digits, '_' and '-'" }] })
      const after = yield* readTables
      expect(after.staffProfiles).toEqual(before.staffProfiles)
      expect(after.audit).toEqual(before.audit)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a valid change still applies", () =>
    Effect.gen(function*() {
      const alice = yield* signIn("alice")
      const profile = yield* createStaffProfile(admin, { accountId: alice.account.id, roleIds: Array(32).fill(MEMBER_ROLE_ID) })
      expect(profile.roleIds).toEqual([MEMBER_ROLE_ID])
      const updated = yield* updateStaffProfile(admin, profile.id, { active: false })
      expect(updated.active).toBe(false)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})
