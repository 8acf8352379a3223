import {
  authenticateSession,
  completeSignIn,
  createSignInState,
  MEMBER_DEFAULT_PERMISSIONS,
  SessionId,
  Sessions,
  setAccountStatus,
  SIGN_IN_STATE_LIFETIME_SECONDS,
  startSignIn,
  Tokens
} from "@bluelight/core/identity"
import { accessNotChecked, IDENTITY_PROFILES, setIdentityProfile, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { DateTime, Effect, Option } from "effect"
import { TestClock } from "effect/testing"
import { auditActions, readTables, sha256Hex, signIn } from "./helpers.js"

const complete = (state: string, boundState: string | undefined, code = "alice", previousSessionToken?: string) =>
  completeSignIn({ state, boundState, code, previousSessionToken })

describe("completeSignIn: the state", () => {
  it.effect("starting keeps only the hash of a 43-character state, valid ten minutes", () =>
    Effect.gen(function*() {
      const { state, redirectTo } = yield* startSignIn
      expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(redirectTo).toContain(encodeURIComponent(state))
      const [stored] = (yield* readTables).signInStates
      expect(stored?.stateHash).toBe(sha256Hex(state))
      expect(stored?.purpose).toBe("idp")
      expect(JSON.stringify(stored)).not.toContain(state)
      expect(stored && DateTime.toEpochMillis(stored.expiresAt) - DateTime.toEpochMillis(stored.createdAt)).toBe(SIGN_IN_STATE_LIFETIME_SECONDS * 1000)
    }).pipe(Effect.provide(testPorts())))

  it.effect("refuses when no state is bound to the browser, and creates nothing", () =>
    Effect.gen(function*() {
      const { state } = yield* startSignIn
      const error = yield* Effect.flip(complete(state, undefined))
      expect(error._tag).toBe("Unauthenticated")
      const tables = yield* readTables
      expect(tables.accounts).toEqual([])
      expect(tables.sessions).toEqual([])
    }).pipe(Effect.provide(testPorts())))

  it.effect("refuses a state that is not the one bound to the browser (and does not use the real one up)", () =>
    Effect.gen(function*() {
      const { state } = yield* startSignIn
      const { state: other } = yield* startSignIn
      expect((yield* Effect.flip(complete(state, other)))._tag).toBe("Unauthenticated")
      expect((yield* Effect.flip(complete("", "")))._tag).toBe("Unauthenticated")
      expect((yield* readTables).accounts).toEqual([])
      // The genuine pair still works.
      yield* complete(state, state)
      expect((yield* readTables).accounts).toHaveLength(1)
    }).pipe(Effect.provide(testPorts())))

  it.effect("refuses a state that was never issued, even when it matches the cookie", () =>
    Effect.gen(function*() {
      const forged = "A".repeat(43)
      expect((yield* Effect.flip(complete(forged, forged)))._tag).toBe("Unauthenticated")
    }).pipe(Effect.provide(testPorts())))

  it.effect("refuses a replayed state", () =>
    Effect.gen(function*() {
      const { state } = yield* startSignIn
      yield* complete(state, state)
      const error = yield* Effect.flip(complete(state, state))
      expect(error._tag).toBe("Unauthenticated")
      expect((yield* readTables).sessions).toHaveLength(1)
    }).pipe(Effect.provide(testPorts())))

  it.effect("accepts a state just under ten minutes old", () =>
    Effect.gen(function*() {
      const { state } = yield* startSignIn
      yield* TestClock.adjust(SIGN_IN_STATE_LIFETIME_SECONDS * 1000 - 1)
      yield* complete(state, state)
    }).pipe(Effect.provide(testPorts())))

  it.effect("refuses a state ten minutes old or more", () =>
    Effect.gen(function*() {
      const { state } = yield* startSignIn
      yield* TestClock.adjust(`${SIGN_IN_STATE_LIFETIME_SECONDS} seconds`)
      expect((yield* Effect.flip(complete(state, state)))._tag).toBe("Unauthenticated")
      const { state: later } = yield* startSignIn
      yield* TestClock.adjust("1 hour")
      expect((yield* Effect.flip(complete(later, later)))._tag).toBe("Unauthenticated")
      expect((yield* readTables).accounts).toEqual([])
    }).pipe(Effect.provide(testPorts())))

  it.effect("refuses a state started for another purpose (a platform link)", () =>
    Effect.gen(function*() {
      const state = yield* createSignInState("platform", { codeVerifier: "v".repeat(43), sessionId: SessionId.make("s1") })
      expect((yield* Effect.flip(complete(state, state)))._tag).toBe("Unauthenticated")
      expect((yield* readTables).accounts).toEqual([])
    }).pipe(Effect.provide(testPorts())))

  it.effect("refuses a code the provider does not confirm", () =>
    Effect.gen(function*() {
      const { state } = yield* startSignIn
      expect((yield* Effect.flip(complete(state, state, "no-such-code")))._tag).toBe("Unauthenticated")
      expect((yield* readTables).accounts).toEqual([])
    }).pipe(Effect.provide(testPorts())))
})

describe("completeSignIn: the account", () => {
  it.effect("creates the account once and refreshes it from the profile on the next sign-in", () =>
    Effect.gen(function*() {
      const first = yield* signIn("alice")
      expect(first.account.displayName).toBe("Alice")
      expect(first.account.status).toBe("ACTIVE")
      expect(first.account.identity).toEqual({ id: IDENTITY_PROFILES.alice.id, username: "alice", avatar: null })
      expect(first.account.platform).toBeNull()

      yield* TestClock.adjust("1 hour")
      yield* setIdentityProfile("alice", { id: IDENTITY_PROFILES.alice.id, username: "alice2", displayName: "Alice Two", avatar: "a.png" })
      const second = yield* signIn("alice")
      expect(second.account.id).toBe(first.account.id)
      expect(second.account.displayName).toBe("Alice Two")
      expect(second.account.identity).toEqual({ id: IDENTITY_PROFILES.alice.id, username: "alice2", avatar: "a.png" })
      expect(second.account.createdAt).toEqual(first.account.createdAt)
      expect(DateTime.toEpochMillis(second.account.updatedAt)).toBe(3_600_000)

      const tables = yield* readTables
      expect(tables.accounts).toEqual([second.account])
      expect(yield* auditActions).toEqual(["account.created", "auth.signed_in", "auth.signed_in"])
      const created = tables.audit[0]!
      expect(created.actor).toEqual({ type: "user", id: first.account.id })
      expect(created.targetId).toBe(first.account.id)
    }).pipe(Effect.provide(testPorts())))

  it.effect("leaves an unchanged account as it is", () =>
    Effect.gen(function*() {
      const first = yield* signIn("bob")
      yield* TestClock.adjust("1 hour")
      const second = yield* signIn("bob")
      expect(second.account).toEqual(first.account)
    }).pipe(Effect.provide(testPorts())))

  it.effect("grants no role: no staff profile, Member permissions only", () =>
    Effect.gen(function*() {
      const { token } = yield* signIn("alice")
      expect((yield* readTables).staffProfiles).toEqual([])
      const caller = yield* authenticateSession(token)
      expect(caller.staff).toBeNull()
      expect(caller.roles).toEqual([])
      expect([...caller.permissions].sort()).toEqual([...MEMBER_DEFAULT_PERMISSIONS].sort())
    }).pipe(Effect.provide(testPorts())))

  it.effect("opens a seven-day session whose token is stored only as its hash", () =>
    Effect.gen(function*() {
      const { token, account } = yield* signIn("alice")
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      const [session] = (yield* readTables).sessions
      expect(session?.accountId).toBe(account.id)
      expect(session?.tokenHash).toBe(sha256Hex(token))
      expect(session?.developerAccess).toBe(false)
      expect(session && DateTime.toEpochMillis(session.expiresAt)).toBe(7 * 24 * 3600 * 1000)
      expect(JSON.stringify(yield* readTables)).not.toContain(token)
    }).pipe(Effect.provide(testPorts())))

  it.effect("a suspended account gets no session (AccountDisabled) and nothing is written", () =>
    Effect.gen(function*() {
      const admin = yield* Effect.flatMap(signIn("admin"), ({ token }) => authenticateSession(token))
      const alice = yield* signIn("alice")
      yield* setAccountStatus(admin, alice.account.id, "SUSPENDED")
      yield* setIdentityProfile("alice", { ...IDENTITY_PROFILES.alice, displayName: "Renamed" })
      yield* TestClock.adjust("1 minute")

      const { state } = yield* startSignIn
      const before = yield* readTables
      const error = yield* Effect.flip(complete(state, state, "alice", alice.token))
      expect(error._tag).toBe("AccountDisabled")
      expect(error.code).toBe("ACCOUNT_DISABLED")
      const after = yield* readTables
      expect(after.accounts).toEqual(before.accounts)
      expect(after.sessions).toEqual(before.sessions)
      expect(after.audit).toEqual(before.audit)
      expect(after.staffProfiles).toEqual(before.staffProfiles)
      // The state is used up all the same: it was single-use.
      expect(after.signInStates).toEqual([])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a disabled account gets no session either", () =>
    Effect.gen(function*() {
      const admin = yield* Effect.flatMap(signIn("admin"), ({ token }) => authenticateSession(token))
      const bob = yield* signIn("bob")
      yield* setAccountStatus(admin, bob.account.id, "DISABLED")
      expect((yield* Effect.flip(signIn("bob")))._tag).toBe("AccountDisabled")
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("revokes the browser's previous session, and only that one", () =>
    Effect.gen(function*() {
      const first = yield* signIn("alice")
      const elsewhere = yield* signIn("alice")
      yield* TestClock.adjust("5 minutes")
      const second = yield* signIn("alice", first.token)
      expect((yield* Effect.flip(authenticateSession(first.token)))._tag).toBe("Unauthenticated")
      yield* authenticateSession(second.token)
      yield* authenticateSession(elsewhere.token)
      const sessions = yield* Sessions
      const tokens = yield* Tokens
      const revoked = yield* sessions.findByTokenHash(yield* tokens.sha256(first.token))
      expect(Option.map(revoked, (s) => s.revokedAt && DateTime.toEpochMillis(s.revokedAt))).toEqual(Option.some(300_000))
    }).pipe(Effect.provide(testPorts())))

  it.effect("a previous session token that matches nothing is ignored", () =>
    Effect.gen(function*() {
      const { token } = yield* signIn("alice", "not-a-session")
      yield* authenticateSession(token)
    }).pipe(Effect.provide(testPorts())))
})
