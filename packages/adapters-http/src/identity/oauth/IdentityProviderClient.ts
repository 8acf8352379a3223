import { type IdentityProfile, IdentityProvider } from "@bluelight/core/identity"
import { HttpClient } from "@effect/platform"
import { Effect, Layer, Schema } from "effect"
import { makeAuthorizationCodeCalls, type OAuthClientOptions } from "./authorizationCode.js"

export type { OAuthClientOptions } from "./authorizationCode.js"

/** What the identity provider says at its userinfo endpoint. */
const IdentityUserinfo = Schema.Struct({
  id: Schema.NonEmptyString,
  username: Schema.NonEmptyString,
  global_name: Schema.optional(Schema.NullOr(Schema.String)),
  avatar: Schema.optional(Schema.NullOr(Schema.String))
})

/**
 * The identity provider over OAuth 2.0 authorization code (DESIGN.md,
 * "External protocols"): `scope=identify`, client credentials as HTTP Basic,
 * the profile from the userinfo endpoint.
 */
export const layerIdentityProviderClient = (
  options: OAuthClientOptions
): Layer.Layer<IdentityProvider, never, HttpClient.HttpClient> =>
  Layer.effect(
    IdentityProvider,
    Effect.map(HttpClient.HttpClient, (client) => {
      const calls = makeAuthorizationCodeCalls(options, client)
      return IdentityProvider.of({
        authorizationUrl: (state) => calls.authorizationUrl({ scope: "identify", state }),
        exchange: (code) =>
          calls.profileOf(code, {}, IdentityUserinfo).pipe(
            Effect.map((user): IdentityProfile => ({
              id: user.id,
              username: user.username,
              displayName: user.global_name ?? user.username,
              avatar: user.avatar ?? null
            }))
          )
      })
    })
  )
