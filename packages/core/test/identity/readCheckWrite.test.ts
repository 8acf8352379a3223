import {
  AccountId,
  Accounts,
  ADMINISTRATOR_ROLE_ID,
  authenticateSession,
  completePlatformLink,
  createRole,
  createStaffProfile,
  issueCredential,
  revokeCredential,
  Roles,
  ServiceCredentials,
  setAccountStatus,
  StaffProfiles,
  startPlatformLink,
  updateRole,
  updateStaffProfile
} from "@bluelight/core/identity"
import { accessNotChecked, InMemoryDatabase, InMemoryIdentityRepositories, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Context, Effect, Layer, Option, Ref } from "effect"
import { anAccount, aUserCaller, readTables, signIn } from "./helpers.js"

/**
 * Read-check-write: every use case that changes a record checks its rule on
 * the state its locking read answers, never on a plain read. Here the plain
 * finders lag (after `freeze` they answer the tables as they were then, as an
 * unlocked read may when another transaction commits in between) while the
 * locking finders answer the live tables, so a use case that checked on a
 * plain read would act on a state that is gone.
 */

type Database = Context.Service.Shape<typeof InMemoryDatabase>
type Tables = Effect.Success<Database["snapshot"]>

const withLaggingPlainReads = <A, E, R>(body: (freeze: Effect.Effect<void>) => Effect.Effect<A, E, R>) =>
  Effect.scoped(Effect.gen(function*() {
    const live = yield* InMemoryDatabase
    const frozen = yield* Ref.make(Option.none<Tables>())
    const lagging: Database = {
      ...live,
      rows: <T>(table: string) =>
        Effect.flatMap(
          Ref.get(frozen),
          Option.match({
            onNone: () => live.rows<T>(table),
            onSome: (tables) => Effect.succeed((tables.get(table) ?? []) as ReadonlyArray<T>)
          })
        )
    }
    const stale = yield* Layer.build(InMemoryIdentityRepositories.pipe(Layer.provide(Layer.succeed(InMemoryDatabase, lagging))))
    const [accounts, roles, staff, credentials] = [yield* Accounts, yield* Roles, yield* StaffProfiles, yield* ServiceCredentials]
    const [staleAccounts, staleRoles, staleStaff, staleCredentials] = [
      Context.get(stale, Accounts),
      Context.get(stale, Roles),
      Context.get(stale, StaffProfiles),
      Context.get(stale, ServiceCredentials)
    ]
    const freeze = Effect.flatMap(live.snapshot, (tables) => Ref.set(frozen, Option.some(tables)))
    return yield* body(freeze).pipe(
      Effect.provideService(Accounts, {
        ...accounts,
        findById: staleAccounts.findById,
        findByIdentityId: staleAccounts.findByIdentityId,
        findByPlatformId: staleAccounts.findByPlatformId
      }),
      Effect.provideService(Roles, { ...roles, all: staleRoles.all, findById: staleRoles.findById, findByName: staleRoles.findByName }),
      Effect.provideService(StaffProfiles, { ...staff, findById: staleStaff.findById, findByAccountId: staleStaff.findByAccountId }),
      Effect.provideService(ServiceCredentials, { ...credentials, findById: staleCredentials.findById })
    )
  }))

const admin = aUserCaller(["admin.manage", "staff.manage"], anAccount({ id: AccountId.make("admin-account") }))
/** Holds staff.manage but not admin.manage. */
const staffManager = aUserCaller(["staff.manage", "staff.view"], anAccount({ id: AccountId.make("manager-account") }))

const auditOf = (action: string) => Effect.map(readTables, (tables) => tables.audit.filter((entry) => entry.action === action).map((entry) => entry.data))

describe("a change checks its rule on the locked record", () => {
  it.effect("updateRole: each rename is audited against the name it replaced", () =>
    withLaggingPlainReads((freeze) =>
      Effect.gen(function*() {
        const role = yield* createRole(admin, { name: "Dispatch", permissions: ["cad.view"] })
        yield* freeze
        yield* updateRole(admin, role.id, { name: "Control" })
        yield* updateRole(admin, role.id, { name: "Command" })
        expect((yield* auditOf("role.renamed")).map((data) => [data["previousName"], data["name"]]))
          .toEqual([["Dispatch", "Control"], ["Control", "Command"]])
      })
    ).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("updateStaffProfile: a staff.manage holder may not touch a profile that was just granted Administrator", () =>
    withLaggingPlainReads((freeze) =>
      Effect.gen(function*() {
        const alice = yield* signIn("alice")
        const plain = yield* createRole(admin, { name: "Plain", permissions: ["staff.view"] })
        const profile = yield* createStaffProfile(admin, { accountId: alice.account.id, roleIds: [plain.id] })
        yield* freeze
        yield* updateStaffProfile(admin, profile.id, { roleIds: [plain.id, ADMINISTRATOR_ROLE_ID] })
        const error = yield* Effect.flip(updateStaffProfile(staffManager, profile.id, { roleIds: [plain.id] }))
        expect(error._tag).toBe("Forbidden")
        expect((yield* readTables).staffProfiles.map((p) => p.roleIds)).toEqual([[plain.id, ADMINISTRATOR_ROLE_ID]])
      })
    ).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("updateStaffProfile: the escalation rule reads the roles' permissions as they are, not as an earlier read saw them", () =>
    withLaggingPlainReads((freeze) =>
      Effect.gen(function*() {
        const alice = yield* signIn("alice")
        const plain = yield* createRole(admin, { name: "Plain", permissions: ["staff.view"] })
        const profile = yield* createStaffProfile(admin, { accountId: alice.account.id, roleIds: [plain.id] })
        const other = yield* createRole(admin, { name: "Other", permissions: ["cad.view"] })
        const bob = yield* signIn("bob")
        yield* freeze
        yield* updateRole(admin, plain.id, { permissions: ["admin.manage", "staff.view"] })
        yield* updateRole(admin, other.id, { permissions: ["admin.manage"] })
        expect((yield* Effect.flip(updateStaffProfile(staffManager, profile.id, { active: false })))._tag).toBe("Forbidden")
        expect((yield* Effect.flip(createStaffProfile(staffManager, { accountId: bob.account.id, roleIds: [other.id] })))._tag)
          .toBe("Forbidden")
        expect((yield* readTables).staffProfiles.map((p) => p.active)).toEqual([true])
      })
    ).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("setAccountStatus: a repeated suspension is no change, and a reinstatement reinstates", () =>
    withLaggingPlainReads((freeze) =>
      Effect.gen(function*() {
        const alice = yield* signIn("alice")
        yield* freeze
        yield* setAccountStatus(admin, alice.account.id, "SUSPENDED")
        yield* setAccountStatus(admin, alice.account.id, "SUSPENDED")
        expect(yield* auditOf("account.status.changed")).toEqual([{ before: "ACTIVE", after: "SUSPENDED" }])
        const reinstated = yield* setAccountStatus(admin, alice.account.id, "ACTIVE")
        expect(reinstated.status).toBe("ACTIVE")
        expect((yield* readTables).accounts.map((a) => a.status)).toEqual(["ACTIVE"])
        expect(yield* auditOf("account.status.changed")).toEqual([
          { before: "ACTIVE", after: "SUSPENDED" },
          { before: "SUSPENDED", after: "ACTIVE" }
        ])
      })
    ).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("revokeCredential: revoking twice is audited once", () =>
    withLaggingPlainReads((freeze) =>
      Effect.gen(function*() {
        const { account } = yield* signIn("admin")
        const issuer = aUserCaller(["admin.manage"], account)
        const { credential } = yield* issueCredential(issuer, { name: "Bot", scopes: ["cad.view"], lifetimeDays: 30 })
        yield* freeze
        yield* revokeCredential(issuer, credential.id)
        yield* revokeCredential(issuer, credential.id)
        expect(yield* auditOf("service.revoked")).toHaveLength(1)
      })
    ).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("completeSignIn: an account suspended meanwhile gets no session", () =>
    withLaggingPlainReads((freeze) =>
      Effect.gen(function*() {
        const alice = yield* signIn("alice")
        yield* freeze
        yield* setAccountStatus(admin, alice.account.id, "SUSPENDED")
        expect((yield* Effect.flip(signIn("alice")))._tag).toBe("AccountDisabled")
        expect((yield* readTables).sessions.filter((session) => session.revokedAt === null)).toEqual([])
        expect((yield* readTables).accounts.map((a) => a.status)).toEqual(["SUSPENDED"])
      })
    ).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("completePlatformLink: linking keeps a status changed since the session was checked", () =>
    withLaggingPlainReads((freeze) =>
      Effect.gen(function*() {
        const alice = yield* authenticateSession((yield* signIn("alice")).token)
        const { state } = yield* startPlatformLink(alice)
        yield* freeze
        yield* setAccountStatus(admin, alice.account.id, "SUSPENDED")
        yield* completePlatformLink(alice, { state, boundState: state, code: "platform-p1" })
        expect((yield* readTables).accounts.map((a) => [a.status, a.platform?.id])).toEqual([["SUSPENDED", "p1"]])
      })
    ).pipe(accessNotChecked, Effect.provide(testPorts())))
})
