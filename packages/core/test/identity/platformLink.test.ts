import { type AccountId, Accounts, authenticateSession, completePlatformLink, startPlatformLink, startSignIn, type UserCaller } from "@bluelight/core/identity"
import { PlatformCalls, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { readTables, s256, signIn } from "./helpers.js"

const callerOf = (code: "alice" | "bob") => Effect.flatMap(signIn(code), ({ token }) => authenticateSession(token))

/** Starts and completes a link for the caller with a platform code. */
const link = (caller: UserCaller, code: string) =>
  Effect.gen(function*() {
    const { state } = yield* startPlatformLink(caller)
    return yield* completePlatformLink(caller, { state, boundState: state, code })
  })

const platformOf = (accountId: AccountId) => Accounts.use((accounts) => accounts.findById(accountId)).pipe(Effect.map(Option.map((a) => a.platform)))

describe("the S256 oracle these tests check the challenge with", () => {
  it("is RFC 7636's (appendix B)", () => {
    expect(s256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
  })
})

describe("completePlatformLink", () => {
  it.effect("links the platform account; the PKCE verifier reaches the provider and the challenge sent is its S256", () =>
    Effect.gen(function*() {
      const alice = yield* callerOf("alice")
      const { state, redirectTo } = yield* startPlatformLink(alice)
      const [stored] = (yield* readTables).signInStates
      expect(stored?.purpose).toBe("platform")
      expect(stored?.sessionId).toBe(alice.session.id)
      const verifier = stored?.codeVerifier
      expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/)

      const linked = yield* completePlatformLink(alice, { state, boundState: state, code: "platform-p1" })
      expect(linked.platform).toEqual({ id: "p1", username: "PlayerOne" })
      expect(yield* platformOf(alice.account.id)).toEqual(Option.some({ id: "p1", username: "PlayerOne" }))

      const calls = yield* PlatformCalls
      expect(calls.exchanges).toEqual([{ code: "platform-p1", codeVerifier: verifier }])
      expect(calls.authorizations).toEqual([{ state, codeChallenge: s256(verifier!) }])
      expect(calls.authorizations[0]?.codeChallenge).not.toBe(verifier)
      expect(redirectTo).toContain(s256(verifier!))
      expect(redirectTo).not.toContain(verifier!)

      expect((yield* readTables).audit.at(-1)).toMatchObject({
        action: "account.platform.linked",
        actor: { type: "user", id: alice.account.id },
        targetType: "account",
        targetId: alice.account.id,
        data: { platformId: "p1", platformUsername: "PlayerOne" }
      })
    }).pipe(Effect.provide(testPorts())))

  it.effect("only the session that started it can finish it", () =>
    Effect.gen(function*() {
      const alice = yield* callerOf("alice")
      const otherSession = yield* callerOf("alice")
      expect(otherSession.session.id).not.toBe(alice.session.id)
      const { state } = yield* startPlatformLink(alice)
      const error = yield* Effect.flip(completePlatformLink(otherSession, { state, boundState: state, code: "platform-p1" }))
      expect(error._tag).toBe("Unauthenticated")
      expect(yield* platformOf(alice.account.id)).toEqual(Option.some(null))
      expect((yield* PlatformCalls).exchanges).toEqual([])
      // The state is used up by the attempt: the right session cannot reuse it either.
      expect((yield* Effect.flip(completePlatformLink(alice, { state, boundState: state, code: "platform-p1" })))._tag).toBe("Unauthenticated")
    }).pipe(Effect.provide(testPorts())))

  it.effect("refuses a state not bound to the browser, a replayed one, and a sign-in state", () =>
    Effect.gen(function*() {
      const alice = yield* callerOf("alice")
      const { state } = yield* startPlatformLink(alice)
      expect((yield* Effect.flip(completePlatformLink(alice, { state, boundState: undefined, code: "platform-p1" })))._tag).toBe("Unauthenticated")
      expect((yield* Effect.flip(completePlatformLink(alice, { state, boundState: "other", code: "platform-p1" })))._tag).toBe("Unauthenticated")
      yield* completePlatformLink(alice, { state, boundState: state, code: "platform-p1" })
      expect((yield* Effect.flip(completePlatformLink(alice, { state, boundState: state, code: "platform-p1" })))._tag).toBe("Unauthenticated")
      const { state: idpState } = yield* startSignIn
      expect((yield* Effect.flip(completePlatformLink(alice, { state: idpState, boundState: idpState, code: "platform-p2" })))._tag).toBe("Unauthenticated")
    }).pipe(Effect.provide(testPorts())))

  it.effect("refuses a code the platform does not confirm", () =>
    Effect.gen(function*() {
      const alice = yield* callerOf("alice")
      expect((yield* Effect.flip(link(alice, "no-such-code")))._tag).toBe("Unauthenticated")
      expect(yield* platformOf(alice.account.id)).toEqual(Option.some(null))
    }).pipe(Effect.provide(testPorts())))

  it.effect("a platform account linked elsewhere is PLATFORM_ACCOUNT_TAKEN", () =>
    Effect.gen(function*() {
      const alice = yield* callerOf("alice")
      const bob = yield* callerOf("bob")
      yield* link(alice, "platform-p1")
      const before = yield* readTables
      const error = yield* Effect.flip(link(bob, "platform-p1"))
      expect(error._tag).toBe("PlatformAccountTaken")
      expect(error.code).toBe("PLATFORM_ACCOUNT_TAKEN")
      const after = yield* readTables
      expect(after.accounts).toEqual(before.accounts)
      expect(after.audit).toEqual(before.audit)
    }).pipe(Effect.provide(testPorts())))

  it.effect("an account keeps the platform account it linked", () =>
    Effect.gen(function*() {
      const alice = yield* callerOf("alice")
      yield* link(alice, "platform-p1")
      const error = yield* Effect.flip(link(alice, "platform-p2"))
      expect(error._tag).toBe("InvalidState")
      expect(yield* platformOf(alice.account.id)).toEqual(Option.some({ id: "p1", username: "PlayerOne" }))
    }).pipe(Effect.provide(testPorts())))
})

describe("completePlatformLink with a hostile profile", () => {
  it.effect("stores the username cleaned", () =>
    Effect.gen(function*() {
      const alice = yield* callerOf("alice")
      const linked = yield* link(alice, "platform-dirty")
      expect(linked.platform).toEqual({ id: "p3", username: "Player Three" })
      expect(yield* platformOf(alice.account.id)).toEqual(Option.some({ id: "p3", username: "Player Three" }))
      const entry = (yield* readTables).audit.find((e) => e.action === "account.platform.linked")
      expect(entry?.data).toEqual({ platformId: "p3", platformUsername: "Player Three" })
    }).pipe(Effect.provide(testPorts())))

  it.effect("refuses a platform id that cannot be a key, and links nothing", () =>
    Effect.gen(function*() {
      const alice = yield* callerOf("alice")
      const error = yield* Effect.flip(link(alice, "platform-bad-id"))
      expect(error._tag).toBe("Unauthenticated")
      expect(yield* platformOf(alice.account.id)).toEqual(Option.some(null))
    }).pipe(Effect.provide(testPorts())))
})
