import { Context, Effect, Layer, Ref } from "effect"
import { type IdentityProfile, IdentityProvider, type PlatformProfile, PlatformProvider, type ProviderFailure } from "../identity/index.js"

/** Identity-provider profiles the kit knows by default, by authorization code; `admin` is an administrator identity. */
export const IDENTITY_PROFILES = {
  alice: { id: "idp-alice", username: "alice", displayName: "Alice", avatar: null },
  bob: { id: "idp-bob", username: "bob", displayName: "Bob", avatar: "bob.png" },
  carol: { id: "idp-carol", username: "carol", displayName: "Carol", avatar: null },
  admin: { id: "idp-admin", username: "root", displayName: "Root", avatar: null }
} as const satisfies Record<string, IdentityProfile>

/** Game-platform profiles the kit knows by default, by authorization code. */
export const PLATFORM_PROFILES = {
  "platform-p1": { id: "p1", username: "PlayerOne" },
  "platform-p2": { id: "p2", username: "PlayerTwo" },
  /** A username no one should have to store or show. */
  "platform-dirty": { id: "p3", username: "\u0000Player\u202e\nThree\ud800" },
  /** An id that cannot be a key. */
  "platform-bad-id": { id: "p\u00004", username: "PlayerFour" }
} as const satisfies Record<string, PlatformProfile>

const unknownCode = (code: string): ProviderFailure => ({ _tag: "ProviderFailure", reason: `unknown code ${code}` })

/** What the kit's identity provider answers, by authorization code (a test may change it). */
export class IdentityProfiles extends Context.Service<
  IdentityProfiles,
  Ref.Ref<ReadonlyMap<string, IdentityProfile>>
>()("@bluelight/core/testing/IdentityProfiles") {}

/** From now on the identity provider answers `profile` for `code` (a person renamed, a new person). */
export const setIdentityProfile = (code: string, profile: IdentityProfile) =>
  IdentityProfiles.use((ref) => Ref.update(ref, (map) => new Map(map).set(code, profile)))

/** An identity provider that knows `profiles` by authorization code and refuses any other code. */
export const TestIdentityProvider = (profiles: Readonly<Record<string, IdentityProfile>>) =>
  Layer.effect(
    IdentityProvider,
    IdentityProfiles.useSync((ref) => ({
      authorizationUrl: (state: string) => `https://idp.test/authorize?state=${encodeURIComponent(state)}`,
      exchange: (code: string) =>
        Effect.flatMap(Ref.get(ref), (map) => {
          const profile = map.get(code)
          return profile === undefined ? Effect.fail(unknownCode(code)) : Effect.succeed(profile)
        })
    }))
  ).pipe(Layer.provideMerge(Layer.effect(IdentityProfiles, Ref.make<ReadonlyMap<string, IdentityProfile>>(new Map(Object.entries(profiles))))))

/** Everything the kit's game platform was sent, in order. */
export class PlatformCalls extends Context.Service<PlatformCalls, {
  readonly authorizations: ReadonlyArray<{ readonly state: string; readonly codeChallenge: string }>
  readonly exchanges: ReadonlyArray<{ readonly code: string; readonly codeVerifier: string }>
}>()("@bluelight/core/testing/PlatformCalls") {}

/**
 * A game platform that knows `profiles` by authorization code, refuses any
 * other code, and records what it was sent. It does not check the PKCE
 * verifier itself: a test reads `PlatformCalls` to see that the challenge and
 * the verifier belong together.
 */
export const TestPlatformProvider = (profiles: Readonly<Record<string, PlatformProfile>>, available = true) =>
  Layer.effectContext(
    Effect.sync(() => {
      const authorizations: Array<{ readonly state: string; readonly codeChallenge: string }> = []
      const exchanges: Array<{ readonly code: string; readonly codeVerifier: string }> = []
      const provider: Context.Service.Shape<typeof PlatformProvider> = {
        available,
        authorizationUrl: (state: string, codeChallenge: string) => {
          authorizations.push({ state, codeChallenge })
          return `https://platform.test/authorize?state=${encodeURIComponent(state)}&code_challenge=${codeChallenge}`
        },
        exchange: (code: string, codeVerifier: string) =>
          Effect.suspend(() => {
            exchanges.push({ code, codeVerifier })
            const profile = profiles[code]
            return profile === undefined ? Effect.fail(unknownCode(code)) : Effect.succeed(profile)
          })
      }
      return Context.make(PlatformProvider, provider).pipe(Context.add(PlatformCalls, { authorizations, exchanges }))
    })
  )
