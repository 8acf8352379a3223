/**
 * What a harness that embeds the core can do with the testing kit alone: it
 * imports the package's public subpaths (`@bluelight/core/testing` for the
 * ports, `@bluelight/core/identity` for the use cases) and nothing of core's
 * own tests, and runs sign-in end to end on `testPorts()`.
 */
import {
  ALL_PERMISSIONS,
  authenticateSession,
  completePlatformLink,
  completeSignIn,
  countSignInStart,
  enableDeveloperAccess,
  MEMBER_DEFAULT_PERMISSIONS,
  meOf,
  signOut,
  startPlatformLink,
  startSignIn
} from "@bluelight/core/identity"
import { auditEntries, IDENTITY_PROFILES, PlatformCalls, setIdentityProfile, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"

const signInWith = (code: string) =>
  Effect.gen(function*() {
    const { state, redirectTo } = yield* startSignIn
    expect(redirectTo).toContain(encodeURIComponent(state))
    return yield* completeSignIn({ state, boundState: state, code, previousSessionToken: undefined })
  })

describe("a harness on the testing kit alone", () => {
  it.effect("signs a person in, knows them by their token, links their game account and signs them out", () =>
    Effect.gen(function*() {
      const { token, account } = yield* signInWith("alice")
      expect(account.displayName).toBe(IDENTITY_PROFILES.alice.displayName)

      const caller = yield* authenticateSession(token)
      expect(meOf(caller)).toMatchObject({ id: account.id, staff: null, roles: [], permissions: [...MEMBER_DEFAULT_PERMISSIONS].sort() })

      const { state } = yield* startPlatformLink(caller)
      const linked = yield* completePlatformLink(caller, { state, boundState: state, code: "platform-p1" })
      expect(linked.platform).toEqual({ id: "p1", username: "PlayerOne" })
      expect((yield* PlatformCalls).exchanges).toHaveLength(1)

      yield* signOut(caller)
      expect((yield* Effect.flip(authenticateSession(token)))._tag).toBe("Unauthenticated")
      expect((yield* auditEntries).map((entry) => entry.action)).toEqual([
        "account.created",
        "auth.signed_in",
        "account.platform.linked",
        "auth.signed_out"
      ])
    }).pipe(Effect.provide(testPorts())))

  it.effect("varies the settings a test needs: its own people, administrators and developer password", () =>
    Effect.gen(function*() {
      yield* setIdentityProfile("dana", { id: "idp-dana", username: "dana", displayName: "Dana", avatar: null })
      const dana = yield* Effect.flatMap(signInWith("dana"), ({ token }) => authenticateSession(token))
      expect([...dana.permissions].sort()).toEqual(ALL_PERMISSIONS)

      const erin = yield* Effect.flatMap(signInWith("erin"), ({ token }) => authenticateSession(token))
      expect(erin.developerAccess).toBe(false)
      const { token } = yield* enableDeveloperAccess(erin, "let me in")
      expect((yield* authenticateSession(token)).developerAccess).toBe(true)

      expect((yield* Effect.flip(signInWith("alice")))._tag).toBe("Unauthenticated")
    }).pipe(Effect.provide(testPorts({
      identityProfiles: { erin: { id: "idp-erin", username: "erin", displayName: "Erin", avatar: null } },
      adminIdentityIds: ["idp-dana"],
      developerPassword: "let me in"
    }))))

  it.effect("counts sign-in starts against the budgets it passes", () =>
    Effect.gen(function*() {
      const budgets = { perMinute: 3, perAddressPerMinute: 1 }
      expect((yield* countSignInStart("idp", "192.0.2.1", budgets)).decision.allowed).toBe(true)
      expect((yield* countSignInStart("idp", "192.0.2.1", budgets)).decision.allowed).toBe(false)
    }).pipe(Effect.provide(testPorts())))
})
