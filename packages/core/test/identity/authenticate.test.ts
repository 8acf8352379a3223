import { authenticateCredential, authenticateSession, issueCredential, revokeCredential, setAccountStatus, signOut } from "@bluelight/core/identity"
import { accessNotChecked, auditEntries, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { signIn } from "./helpers.js"

const DAY_MS = 24 * 3600 * 1000

/** An administrator (by identity id) signed in, as a caller. */
const signedInAdmin = Effect.flatMap(signIn("admin"), ({ token }) => authenticateSession(token))

describe("authenticateSession", () => {
  it.effect("answers the person behind a valid token", () =>
    Effect.gen(function*() {
      const { token, account } = yield* signIn("alice")
      const caller = yield* authenticateSession(token)
      expect(caller._tag).toBe("User")
      expect(caller.account).toEqual(account)
      expect(caller.developerAccess).toBe(false)
    }).pipe(Effect.provide(testPorts())))

  it.effect("refuses an unknown token", () =>
    Effect.gen(function*() {
      yield* signIn("alice")
      expect((yield* Effect.flip(authenticateSession("A".repeat(43))))._tag).toBe("Unauthenticated")
      expect((yield* Effect.flip(authenticateSession("")))._tag).toBe("Unauthenticated")
    }).pipe(Effect.provide(testPorts())))

  it.effect("a session is valid just before seven days, refused at seven days and after", () =>
    Effect.gen(function*() {
      const { token } = yield* signIn("alice")
      yield* TestClock.adjust(7 * DAY_MS - 1)
      yield* authenticateSession(token)
      yield* TestClock.adjust(1)
      const error = yield* Effect.flip(authenticateSession(token))
      expect(error._tag).toBe("Unauthenticated")
      yield* TestClock.adjust("30 days")
      expect((yield* Effect.flip(authenticateSession(token)))._tag).toBe("Unauthenticated")
    }).pipe(Effect.provide(testPorts())))

  it.effect("a signed-out session is refused at once", () =>
    Effect.gen(function*() {
      const { token } = yield* signIn("alice")
      const caller = yield* authenticateSession(token)
      yield* signOut(caller)
      expect((yield* Effect.flip(authenticateSession(token)))._tag).toBe("Unauthenticated")
    }).pipe(Effect.provide(testPorts())))

  it.effect("signing out twice with one session (two requests racing) ends it once and audits it once", () =>
    Effect.gen(function*() {
      const { token } = yield* signIn("alice")
      const caller = yield* authenticateSession(token)
      yield* Effect.all([signOut(caller), signOut(caller)], { concurrency: 2 })
      const signedOut = (yield* auditEntries).filter((entry) => entry.action === "auth.signed_out")
      expect(signedOut).toHaveLength(1)
      expect((yield* Effect.flip(authenticateSession(token)))._tag).toBe("Unauthenticated")
    }).pipe(Effect.provide(testPorts())))

  it.effect("a suspended account is refused as AccountDisabled, though its sessions were revoked", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      const alice = yield* signIn("alice")
      yield* setAccountStatus(admin, alice.account.id, "SUSPENDED")
      const error = yield* Effect.flip(authenticateSession(alice.token))
      expect(error._tag).toBe("AccountDisabled")
      // Even after its expiry, the account's state is what answers.
      yield* TestClock.adjust("8 days")
      expect((yield* Effect.flip(authenticateSession(alice.token)))._tag).toBe("AccountDisabled")
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a session that had ended before the suspension is Unauthenticated, never AccountDisabled", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      // Signed out, replaced by a later sign-in in the same browser, and expired: all before the suspension.
      const signedOut = yield* signIn("alice")
      yield* signOut(yield* authenticateSession(signedOut.token))
      const replaced = yield* signIn("alice")
      yield* signIn("alice", replaced.token)
      const expired = yield* signIn("alice")
      yield* TestClock.adjust("7 days")
      const live = yield* signIn("alice")
      yield* setAccountStatus(admin, live.account.id, "SUSPENDED")
      for (const token of [signedOut.token, replaced.token, expired.token]) {
        expect((yield* Effect.flip(authenticateSession(token)))._tag).toBe("Unauthenticated")
      }
      // The session the suspension ended says why.
      expect((yield* Effect.flip(authenticateSession(live.token)))._tag).toBe("AccountDisabled")
      yield* setAccountStatus(admin, live.account.id, "DISABLED")
      expect((yield* Effect.flip(authenticateSession(signedOut.token)))._tag).toBe("Unauthenticated")
      expect((yield* Effect.flip(authenticateSession(live.token)))._tag).toBe("AccountDisabled")
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("reinstating does not bring back the revoked session", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      const alice = yield* signIn("alice")
      yield* setAccountStatus(admin, alice.account.id, "SUSPENDED")
      yield* setAccountStatus(admin, alice.account.id, "ACTIVE")
      expect((yield* Effect.flip(authenticateSession(alice.token)))._tag).toBe("Unauthenticated")
      // A fresh sign-in works again.
      const again = yield* signIn("alice")
      yield* authenticateSession(again.token)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("an administrator identity gets every permission", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      expect(admin.permissions.size).toBe(32)
    }).pipe(Effect.provide(testPorts())))
})

describe("authenticateCredential", () => {
  it.effect("refuses a token of the wrong format without looking it up", () =>
    Effect.gen(function*() {
      for (
        const bad of [
          "",
          "bluelight_",
          "bluelight_short",
          `bluelight_${"a".repeat(42)}`,
          `bluelight_${"a".repeat(44)}`,
          `Bluelight_${"a".repeat(43)}`,
          `bluelight_${"a".repeat(42)}=`,
          "a".repeat(53)
        ]
      ) {
        const error = yield* Effect.flip(authenticateCredential(bad))
        expect(error._tag).toBe("Unauthenticated")
      }
    }).pipe(Effect.provide(testPorts())))

  it.effect("refuses a well-formed token nobody issued", () =>
    Effect.gen(function*() {
      expect((yield* Effect.flip(authenticateCredential(`bluelight_${"a".repeat(43)}`)))._tag).toBe("Unauthenticated")
    }).pipe(Effect.provide(testPorts())))

  it.effect("answers the credential and exactly its scopes", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      const { credential, token } = yield* issueCredential(admin, { name: "bot", scopes: ["cad.view", "pnc.view"], lifetimeDays: 30 })
      const caller = yield* authenticateCredential(token)
      expect(caller._tag).toBe("Service")
      expect(caller.credential).toEqual(credential)
      expect([...caller.permissions].sort()).toEqual(["cad.view", "pnc.view"])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("refuses a revoked credential", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      const { credential, token } = yield* issueCredential(admin, { name: "bot", scopes: ["cad.view"], lifetimeDays: 30 })
      yield* revokeCredential(admin, credential.id)
      expect((yield* Effect.flip(authenticateCredential(token)))._tag).toBe("Unauthenticated")
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a credential works just before lifetimeDays and is refused at lifetimeDays", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      const { token } = yield* issueCredential(admin, { name: "bot", scopes: ["cad.view"], lifetimeDays: 3 })
      yield* TestClock.adjust(3 * DAY_MS - 1)
      yield* authenticateCredential(token)
      yield* TestClock.adjust(1)
      expect((yield* Effect.flip(authenticateCredential(token)))._tag).toBe("Unauthenticated")
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a session token is not a credential, nor a credential a session", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      const { token } = yield* issueCredential(admin, { name: "bot", scopes: ["cad.view"], lifetimeDays: 1 })
      expect((yield* Effect.flip(authenticateSession(token)))._tag).toBe("Unauthenticated")
      const { token: sessionToken } = yield* signIn("alice")
      expect((yield* Effect.flip(authenticateCredential(`bluelight_${sessionToken}`)))._tag).toBe("Unauthenticated")
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})
