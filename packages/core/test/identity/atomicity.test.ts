/**
 * With an audit log that cannot write, every change must roll back whole:
 * the tables read back exactly as before.
 */
import { AccountId, Accounts, completeSignIn, createRole, issueCredential, openSession, setAccountStatus, startSignIn } from "@bluelight/core/identity"
import { newId } from "@bluelight/core/kernel"
import { accessNotChecked, IDENTITY_PROFILES, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { DateTime, Effect, Exit } from "effect"
import { TestClock } from "effect/testing"
import { anAccount, aUserCaller, readTables } from "./helpers.js"

/** Alice's account and a session of hers, written straight to the repositories (no audit needed). */
const seedAlice = Effect.gen(function*() {
  const id = yield* newId(AccountId)
  const account = anAccount({
    id,
    displayName: "Old name",
    identity: { id: IDENTITY_PROFILES.alice.id, username: "old", avatar: null }
  })
  yield* Accounts.use((accounts) => accounts.insert(account))
  const { token } = yield* openSession(id)
  return { account, token }
})

const expectDefect = <A, E>(exit: Exit.Exit<A, E>) => {
  expect(Exit.isFailure(exit)).toBe(true)
  if (Exit.isFailure(exit)) expect(exit.cause.reasons.map((reason) => reason._tag)).toEqual(["Die"])
}

describe("a change and its audit entry commit together", () => {
  it.effect("createRole writes no role", () =>
    Effect.gen(function*() {
      const admin = aUserCaller(["admin.manage"])
      const before = yield* readTables
      expectDefect(yield* Effect.exit(createRole(admin, { name: "Dispatch", permissions: ["cad.view"] })))
      expect(yield* readTables).toEqual(before)
    }).pipe(accessNotChecked, Effect.provide(testPorts({ auditLog: "failing" }))))

  it.effect("issueCredential stores no credential", () =>
    Effect.gen(function*() {
      const admin = aUserCaller(["admin.manage"])
      const before = yield* readTables
      expectDefect(yield* Effect.exit(issueCredential(admin, { name: "bot", scopes: ["cad.view"], lifetimeDays: 30 })))
      expect(yield* readTables).toEqual(before)
    }).pipe(accessNotChecked, Effect.provide(testPorts({ auditLog: "failing" }))))

  it.effect("setAccountStatus neither suspends nor revokes", () =>
    Effect.gen(function*() {
      const { account } = yield* seedAlice
      const admin = aUserCaller(["admin.manage"])
      yield* TestClock.adjust("1 hour")
      const before = yield* readTables
      expect(before.sessions.every((s) => s.revokedAt === null)).toBe(true)
      expectDefect(yield* Effect.exit(setAccountStatus(admin, account.id, "SUSPENDED")))
      expect(yield* readTables).toEqual(before)
    }).pipe(accessNotChecked, Effect.provide(testPorts({ auditLog: "failing" }))))

  it.effect("completeSignIn for a new person creates no account and no session", () =>
    Effect.gen(function*() {
      const { state } = yield* startSignIn
      const before = yield* readTables
      expectDefect(yield* Effect.exit(completeSignIn({ state, boundState: state, code: "bob", previousSessionToken: undefined })))
      const after = yield* readTables
      expect({ ...after, signInStates: [] }).toEqual({ ...before, signInStates: [] })
      expect(after.accounts).toEqual([])
      expect(after.sessions).toEqual([])
      // The state itself is used up before the transaction starts: single use, even when the sign-in fails.
      expect(after.signInStates).toEqual([])
    }).pipe(Effect.provide(testPorts({ auditLog: "failing" }))))

  it.effect("completeSignIn for a known person neither refreshes the account, nor revokes the old session, nor opens one", () =>
    Effect.gen(function*() {
      const { token } = yield* seedAlice
      yield* TestClock.adjust("1 hour")
      const { state } = yield* startSignIn
      const before = yield* readTables
      expectDefect(yield* Effect.exit(completeSignIn({ state, boundState: state, code: "alice", previousSessionToken: token })))
      const after = yield* readTables
      expect({ ...after, signInStates: [] }).toEqual({ ...before, signInStates: [] })
      expect(after.accounts[0]?.displayName).toBe("Old name")
      expect(after.sessions).toHaveLength(1)
      expect(after.sessions[0]?.revokedAt).toBeNull()
      expect(DateTime.toEpochMillis(after.accounts[0]!.updatedAt)).toBe(0)
    }).pipe(Effect.provide(testPorts({ auditLog: "failing" }))))
})
