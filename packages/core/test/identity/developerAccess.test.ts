import {
  ALL_PERMISSIONS,
  authenticateSession,
  developerAccessActive,
  disableDeveloperAccess,
  enableDeveloperAccess,
  MEMBER_DEFAULT_PERMISSIONS,
  Sessions,
  setAccountStatus,
  signOut
} from "@bluelight/core/identity"
import { accessNotChecked, developerPasswordReads, setAttemptLogUp, setDeveloperPassword, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option, Result } from "effect"
import { TestClock } from "effect/testing"
import { auditActions, readTables, sha256Hex, signIn } from "./helpers.js"

const PASSWORD = "correct horse battery staple"
const withPassword = testPorts({ developerPassword: PASSWORD })

const aliceCaller = Effect.flatMap(signIn("alice"), ({ token }) => Effect.map(authenticateSession(token), (caller) => ({ token, caller })))

describe("enableDeveloperAccess", () => {
  it.effect("the right password turns it on and rotates the token", () =>
    Effect.gen(function*() {
      const { token: oldToken, caller } = yield* aliceCaller
      const { token, session } = yield* enableDeveloperAccess(caller, PASSWORD)
      expect(token).not.toBe(oldToken)
      expect(session.id).toBe(caller.session.id)
      expect(session.developerAccess).toBe(true)

      const sessions = yield* Sessions
      expect(Option.isNone(yield* sessions.findByTokenHash(sha256Hex(oldToken)))).toBe(true)
      const stored = yield* sessions.findByTokenHash(sha256Hex(token))
      expect(Option.map(stored, (s) => [s.id, s.developerAccess])).toEqual(Option.some([caller.session.id, true]))
      expect((yield* readTables).sessions).toHaveLength(1)

      expect((yield* Effect.flip(authenticateSession(oldToken)))._tag).toBe("Unauthenticated")
      const upgraded = yield* authenticateSession(token)
      expect(upgraded.developerAccess).toBe(true)
      expect([...upgraded.permissions].sort()).toEqual(ALL_PERMISSIONS)

      const entries = (yield* readTables).audit
      const enabled = entries.find((entry) => entry.action === "auth.developer_access.enabled")
      expect(enabled?.actor).toEqual({ type: "user", id: caller.account.id })
      expect(enabled?.targetId).toBe(caller.session.id)
      expect(JSON.stringify(entries)).not.toContain(PASSWORD)
    }).pipe(Effect.provide(withPassword)))

  it.effect("a wrong or missing password is refused as AuthenticationFailed and changes no session", () =>
    Effect.gen(function*() {
      const { token, caller } = yield* aliceCaller
      const before = yield* readTables
      for (const attempt of ["wrong", "", PASSWORD.toUpperCase(), undefined]) {
        const error = yield* Effect.flip(enableDeveloperAccess(caller, attempt))
        expect(error._tag).toBe("AuthenticationFailed")
        expect(error.code).toBe("AUTHENTICATION_FAILED")
        expect(error._tag === "AuthenticationFailed" ? error.retryAfterSeconds : "not refused as such").toBeUndefined()
      }
      const after = yield* readTables
      expect(after.sessions).toEqual(before.sessions)
      expect(after.audit.slice(before.audit.length).map((entry) => entry.action)).toEqual(Array(4).fill("auth.developer_access.refused"))
      expect((yield* authenticateSession(token)).developerAccess).toBe(false)
    }).pipe(Effect.provide(withPassword)))

  it.effect("every refused attempt is audited with its reason, and never with the password", () =>
    Effect.gen(function*() {
      const { caller } = yield* aliceCaller
      const refusals = Effect.map(readTables, (tables) => tables.audit.filter((entry) => entry.action === "auth.developer_access.refused"))
      yield* Effect.flip(enableDeveloperAccess(caller, "wrong password"))
      yield* Effect.flip(enableDeveloperAccess(caller, undefined))
      yield* setDeveloperPassword(null)
      yield* Effect.flip(enableDeveloperAccess(caller, PASSWORD))
      yield* setDeveloperPassword(PASSWORD)
      yield* Effect.flip(enableDeveloperAccess(caller, PASSWORD.toUpperCase()))
      yield* Effect.flip(enableDeveloperAccess(caller, PASSWORD.slice(1)))
      yield* Effect.flip(enableDeveloperAccess(caller, PASSWORD))
      yield* setAttemptLogUp(false)
      yield* Effect.flip(enableDeveloperAccess(caller, PASSWORD))
      const entries = yield* refusals
      expect(entries.map((entry) => entry.data)).toEqual([
        { reason: "wrong-password" },
        { reason: "malformed-body" },
        { reason: "feature-off" },
        { reason: "wrong-password" },
        { reason: "wrong-password" },
        { reason: "too-many-attempts" },
        { reason: "counter-unavailable" }
      ])
      for (const entry of entries) {
        expect(entry).toMatchObject({ actor: { type: "user", id: caller.account.id }, targetType: "session", targetId: caller.session.id })
      }
      expect(JSON.stringify((yield* readTables).audit)).not.toContain(PASSWORD.slice(1))
      expect(JSON.stringify((yield* readTables).audit).toLowerCase()).not.toContain("horse")
    }).pipe(Effect.provide(withPassword)))

  it.effect("five attempts just before a fifteen-minute boundary leave none just after it (a sliding window)", () =>
    Effect.gen(function*() {
      const { caller } = yield* aliceCaller
      yield* TestClock.adjust("899 seconds")
      for (let i = 0; i < 5; i++) yield* Effect.flip(enableDeveloperAccess(caller, "wrong"))
      yield* TestClock.adjust("2 seconds")
      const error = yield* Effect.flip(enableDeveloperAccess(caller, PASSWORD))
      expect(error._tag === "AuthenticationFailed" ? error.retryAfterSeconds : "not refused as such").toBe(898)
      // Once the five have left the window, the right password works.
      yield* TestClock.adjust("898 seconds")
      expect((yield* enableDeveloperAccess(caller, PASSWORD)).session.developerAccess).toBe(true)
    }).pipe(Effect.provide(withPassword)))

  it.effect("with the attempt counter unavailable it is refused as such: no window to wait for, the password unread", () =>
    Effect.gen(function*() {
      const { caller } = yield* aliceCaller
      yield* setAttemptLogUp(false)
      const readsBefore = yield* developerPasswordReads
      const error = yield* Effect.flip(enableDeveloperAccess(caller, PASSWORD))
      expect(error._tag).toBe("AuthenticationFailed")
      expect(error.message).toMatch(/cannot be counted/)
      expect(error.message).not.toMatch(/too many/i)
      expect(error._tag === "AuthenticationFailed" ? error.retryAfterSeconds : "not refused as such").toBeUndefined()
      expect(yield* developerPasswordReads).toBe(readsBefore)
      expect((yield* readTables).sessions.every((s) => !s.developerAccess)).toBe(true)
      // Back up, the attempt was not counted against the person.
      yield* setAttemptLogUp(true)
      expect((yield* enableDeveloperAccess(caller, PASSWORD)).session.developerAccess).toBe(true)
    }).pipe(Effect.provide(withPassword)))

  it.effect("is refused when no developer password is configured, whatever is sent", () =>
    Effect.gen(function*() {
      const { caller } = yield* aliceCaller
      for (const attempt of ["", "anything", undefined]) {
        expect((yield* Effect.flip(enableDeveloperAccess(caller, attempt)))._tag).toBe("AuthenticationFailed")
      }
      expect((yield* readTables).sessions.every((s) => !s.developerAccess)).toBe(true)
    }).pipe(Effect.provide(testPorts())))

  it.effect("the sixth attempt in fifteen minutes is refused without checking the password, with retryAfterSeconds", () =>
    Effect.gen(function*() {
      const { caller } = yield* aliceCaller
      for (let i = 0; i < 5; i++) {
        expect((yield* Effect.flip(enableDeveloperAccess(caller, "wrong")))._tag).toBe("AuthenticationFailed")
      }
      const readsBefore = yield* developerPasswordReads
      yield* TestClock.adjust("100 seconds")
      const error = yield* Effect.flip(enableDeveloperAccess(caller, PASSWORD))
      expect(error._tag).toBe("AuthenticationFailed")
      expect(error._tag === "AuthenticationFailed" ? error.retryAfterSeconds : "not refused as such").toBe(800)
      expect(yield* developerPasswordReads).toBe(readsBefore)
      expect((yield* readTables).sessions.every((s) => !s.developerAccess)).toBe(true)

      // Once the window is over, the right password works again.
      yield* TestClock.adjust("800 seconds")
      const { session } = yield* enableDeveloperAccess(caller, PASSWORD)
      expect(session.developerAccess).toBe(true)
    }).pipe(Effect.provide(withPassword)))

  it.effect("the attempts are counted per account", () =>
    Effect.gen(function*() {
      const { caller: alice } = yield* aliceCaller
      const bob = yield* Effect.flatMap(signIn("bob"), ({ token }) => authenticateSession(token))
      for (let i = 0; i < 6; i++) yield* Effect.flip(enableDeveloperAccess(alice, "wrong"))
      yield* enableDeveloperAccess(bob, PASSWORD)
    }).pipe(Effect.provide(withPassword)))

  it.effect("stops counting once the password setting is gone, and counts again when it is back", () =>
    Effect.gen(function*() {
      const { caller } = yield* aliceCaller
      const { token, session } = yield* enableDeveloperAccess(caller, PASSWORD)
      expect(yield* developerAccessActive(session)).toBe(true)

      yield* setDeveloperPassword(null)
      expect(yield* developerAccessActive(session)).toBe(false)
      const without = yield* authenticateSession(token)
      expect(without.developerAccess).toBe(false)
      expect([...without.permissions].sort()).toEqual([...MEMBER_DEFAULT_PERMISSIONS].sort())
      // And it cannot be switched on any more.
      expect((yield* Effect.flip(enableDeveloperAccess(without, PASSWORD)))._tag).toBe("AuthenticationFailed")

      yield* setDeveloperPassword("another")
      expect((yield* authenticateSession(token)).developerAccess).toBe(true)
    }).pipe(Effect.provide(withPassword)))

  it.effect("a session that never asked for it does not have it", () =>
    Effect.gen(function*() {
      const { caller } = yield* aliceCaller
      expect(yield* developerAccessActive(caller.session)).toBe(false)
    }).pipe(Effect.provide(withPassword)))
})

describe("disableDeveloperAccess", () => {
  it.effect("turns it off for this session and rotates the token again", () =>
    Effect.gen(function*() {
      const { caller } = yield* aliceCaller
      const on = yield* enableDeveloperAccess(caller, PASSWORD)
      const upgraded = yield* authenticateSession(on.token)
      const off = yield* disableDeveloperAccess(upgraded)
      expect(off.session.developerAccess).toBe(false)
      expect(off.token).not.toBe(on.token)
      expect((yield* Effect.flip(authenticateSession(on.token)))._tag).toBe("Unauthenticated")
      const back = yield* authenticateSession(off.token)
      expect(back.developerAccess).toBe(false)
      expect([...back.permissions].sort()).toEqual([...MEMBER_DEFAULT_PERMISSIONS].sort())
      expect(yield* auditActions).toEqual([
        "account.created",
        "auth.signed_in",
        "auth.developer_access.enabled",
        "auth.developer_access.disabled"
      ])
    }).pipe(Effect.provide(withPassword)))

  it.effect("only this session: another session of the same account keeps its own setting", () =>
    Effect.gen(function*() {
      const { caller } = yield* aliceCaller
      const other = yield* signIn("alice")
      yield* enableDeveloperAccess(caller, PASSWORD)
      expect((yield* authenticateSession(other.token)).developerAccess).toBe(false)
    }).pipe(Effect.provide(withPassword)))
})

describe("Developer Access and a session revoked meanwhile", () => {
  /*
   * A request authenticates, then (before its switch commits) the session is
   * revoked: the account is suspended by an administrator, or the person signs
   * out in another request with the same cookie. The switch must not write the
   * request's stale copy of the session (revokedAt: null) back over the
   * revocation, or the session comes back to life with a fresh token.
   */
  it.effect("a suspension that lands between authentication and the switch stays in force after reinstatement", () =>
    Effect.gen(function*() {
      const admin = yield* Effect.flatMap(signIn("admin"), ({ token }) => authenticateSession(token))
      const { caller } = yield* aliceCaller
      yield* setAccountStatus(admin, caller.account.id, "SUSPENDED")
      const switched = yield* Effect.result(enableDeveloperAccess(caller, PASSWORD))
      const stored = (yield* readTables).sessions.find((s) => s.id === caller.session.id)
      expect(stored?.revokedAt).not.toBeNull()
      yield* setAccountStatus(admin, caller.account.id, "ACTIVE")
      if (Result.isSuccess(switched)) {
        expect((yield* Effect.result(authenticateSession(switched.success.token)))._tag).toBe("Failure")
      }
    }).pipe(accessNotChecked, Effect.provide(withPassword)))

  it.effect("a sign-out that lands between authentication and the switch stays in force", () =>
    Effect.gen(function*() {
      const { caller } = yield* aliceCaller
      yield* signOut(caller)
      const switched = yield* Effect.result(enableDeveloperAccess(caller, PASSWORD))
      const stored = (yield* readTables).sessions.find((s) => s.id === caller.session.id)
      expect(stored?.revokedAt).not.toBeNull()
      if (Result.isSuccess(switched)) {
        expect((yield* Effect.result(authenticateSession(switched.success.token)))._tag).toBe("Failure")
      }
    }).pipe(Effect.provide(withPassword)))
})
