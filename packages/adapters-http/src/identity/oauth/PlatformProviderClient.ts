import { type PlatformProfile, PlatformProvider } from "@bluelight/core/identity"
import { HttpClient } from "@effect/platform"
import { Effect, Layer, Schema } from "effect"
import { makeAuthorizationCodeCalls, type OAuthClientOptions } from "./authorizationCode.js"

/** What the game platform says at its userinfo endpoint (OpenID Connect claims). */
const PlatformUserinfo = Schema.Struct({
  sub: Schema.NonEmptyString,
  preferred_username: Schema.NonEmptyString,
  name: Schema.optional(Schema.NullOr(Schema.String)),
  picture: Schema.optional(Schema.NullOr(Schema.String))
})

/**
 * The game platform over OAuth 2.0 authorization code with PKCE S256
 * (DESIGN.md, "External protocols"): `scope=openid profile`, the challenge at
 * authorize and the verifier at the token endpoint.
 */
export const layerPlatformProviderClient = (
  options: OAuthClientOptions
): Layer.Layer<PlatformProvider, never, HttpClient.HttpClient> =>
  Layer.effect(
    PlatformProvider,
    Effect.map(HttpClient.HttpClient, (client) => {
      const calls = makeAuthorizationCodeCalls(options, client)
      return PlatformProvider.of({
        available: true,
        authorizationUrl: (state, codeChallenge) =>
          calls.authorizationUrl({
            scope: "openid profile",
            state,
            code_challenge: codeChallenge,
            code_challenge_method: "S256"
          }),
        exchange: (code, codeVerifier) =>
          calls.profileOf(code, { code_verifier: codeVerifier }, PlatformUserinfo).pipe(
            Effect.map((user): PlatformProfile => ({ id: user.sub, username: user.preferred_username }))
          )
      })
    })
  )

/** Linking is off: a production server without `PLATFORM_*` settings. */
export const PlatformLinkingUnavailable = Layer.succeed(PlatformProvider, {
  available: false,
  authorizationUrl: () => "",
  exchange: () => Effect.fail({ _tag: "ProviderFailure" as const, reason: "game-platform linking is not configured" })
})
