import { AccountId, type AccountStatus, authenticateSession, setAccountStatus } from "@bluelight/core/identity"
import { InvalidInput } from "@bluelight/core/kernel"
import { accessNotChecked, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { DateTime, Effect } from "effect"
import { TestClock } from "effect/testing"
import { readTables, signIn } from "./helpers.js"

const signedInAdmin = Effect.flatMap(signIn("admin"), ({ token }) => authenticateSession(token))

describe("setAccountStatus", () => {
  it.effect("suspending revokes every session of the account, and only of that account", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      const first = yield* signIn("alice")
      const second = yield* signIn("alice")
      const bob = yield* signIn("bob")
      yield* TestClock.adjust("1 hour")
      const updated = yield* setAccountStatus(admin, first.account.id, "SUSPENDED")
      expect(updated.status).toBe("SUSPENDED")
      expect(DateTime.toEpochMillis(updated.updatedAt)).toBe(3_600_000)

      const sessions = (yield* readTables).sessions
      const alices = sessions.filter((s) => s.accountId === first.account.id)
      expect(alices).toHaveLength(2)
      expect(alices.every((s) => s.revokedAt !== null && DateTime.toEpochMillis(s.revokedAt) === 3_600_000)).toBe(true)
      expect(sessions.filter((s) => s.accountId !== first.account.id).every((s) => s.revokedAt === null)).toBe(true)
      for (const token of [first.token, second.token]) {
        expect((yield* Effect.flip(authenticateSession(token)))._tag).toBe("AccountDisabled")
      }
      yield* authenticateSession(bob.token)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("disabling revokes the sessions too", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      const alice = yield* signIn("alice")
      yield* setAccountStatus(admin, alice.account.id, "DISABLED")
      expect((yield* readTables).sessions.find((s) => s.accountId === alice.account.id)?.revokedAt).not.toBeNull()
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("reinstating does not restore the revoked sessions", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      const alice = yield* signIn("alice")
      yield* setAccountStatus(admin, alice.account.id, "SUSPENDED")
      const revoked = (yield* readTables).sessions.filter((s) => s.accountId === alice.account.id)
      yield* TestClock.adjust("1 minute")
      const reinstated = yield* setAccountStatus(admin, alice.account.id, "ACTIVE")
      expect(reinstated.status).toBe("ACTIVE")
      expect((yield* readTables).sessions.filter((s) => s.accountId === alice.account.id)).toEqual(revoked)
      expect((yield* Effect.flip(authenticateSession(alice.token)))._tag).toBe("Unauthenticated")
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("nobody can suspend or disable their own account; nothing changes", () =>
    Effect.gen(function*() {
      const { token } = yield* signIn("admin")
      const admin = yield* authenticateSession(token)
      const before = yield* readTables
      for (const status of ["SUSPENDED", "DISABLED"] as const) {
        const error = yield* Effect.flip(setAccountStatus(admin, admin.account.id, status))
        expect(error._tag).toBe("InvalidState")
      }
      const after = yield* readTables
      expect(after.accounts).toEqual(before.accounts)
      expect(after.sessions).toEqual(before.sessions)
      expect(after.audit).toEqual(before.audit)
      yield* authenticateSession(token)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("each change is audited with before and after; setting the same status writes nothing", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      const alice = yield* signIn("alice")
      yield* setAccountStatus(admin, alice.account.id, "SUSPENDED")
      yield* setAccountStatus(admin, alice.account.id, "SUSPENDED")
      yield* setAccountStatus(admin, alice.account.id, "ACTIVE")
      const entries = (yield* readTables).audit.filter((entry) => entry.action === "account.status.changed")
      expect(entries).toHaveLength(2)
      expect(entries[0]).toMatchObject({
        actor: { type: "user", id: admin.account.id },
        targetType: "account",
        targetId: alice.account.id,
        data: { before: "ACTIVE", after: "SUSPENDED" }
      })
      expect(entries[1]?.data).toEqual({ before: "SUSPENDED", after: "ACTIVE" })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("an unknown account is NotFound", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      expect((yield* Effect.flip(setAccountStatus(admin, AccountId.make("no-such-account"), "SUSPENDED")))._tag).toBe("NotFound")
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a status outside the account rules (a caller that skipped the contract) is refused; nothing is stored, revoked or audited", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      const alice = yield* signIn("alice")
      const before = yield* readTables
      for (const status of ["BANNED", "active", "ACTIVE\u202e"]) {
        const refused = yield* Effect.flip(setAccountStatus(admin, alice.account.id, status as unknown as AccountStatus))
        expect(refused).toBeInstanceOf(InvalidInput)
        expect(refused).toMatchObject({ details: [{ path: ["status"], message: "must be one of: ACTIVE, SUSPENDED, DISABLED" }] })
      }
      expect(yield* readTables).toEqual(before)
      expect((yield* setAccountStatus(admin, alice.account.id, "DISABLED")).status).toBe("DISABLED")
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})
