import { type PlatformProfile, PlatformProvider } from "@bluelight/core/identity"
import { Effect, Layer, Schema } from "effect"
import type { HttpClient } from "effect/http"
import { type AuthorizationCodeFlavour, layerAuthorizationCodeClient, type OAuthClientOptions } from "./authorizationCode.js"

/** What the game platform says at its userinfo endpoint (OpenID Connect claims). */
const PlatformUserinfo = Schema.Struct({
  sub: Schema.NonEmptyString,
  preferred_username: Schema.NonEmptyString,
  name: Schema.optional(Schema.NullOr(Schema.String)),
  picture: Schema.optional(Schema.NullOr(Schema.String))
})

/**
 * The game platform over OAuth 2.0 authorization code with PKCE S256
 * (docs/decisions/identity.md, "External protocols"): `scope=openid profile`; the port passes
 * the challenge at authorize and the verifier at the token endpoint.
 */
export const platformProviderFlavour: AuthorizationCodeFlavour<PlatformProfile, typeof PlatformUserinfo.Type, typeof PlatformUserinfo.Encoded> = {
  scope: "openid profile",
  userinfo: PlatformUserinfo,
  profile: (user) => ({ id: user.sub, username: user.preferred_username })
}

export const layerPlatformProviderClient = (options: OAuthClientOptions): Layer.Layer<PlatformProvider, never, HttpClient.HttpClient> =>
  layerAuthorizationCodeClient(PlatformProvider, platformProviderFlavour, options, (client) => ({ available: true, ...client }))

/** Linking is off: a production server without `PLATFORM_*` settings. */
export const PlatformLinkingUnavailable = Layer.succeed(PlatformProvider, {
  available: false,
  authorizationUrl: () => "",
  exchange: () => Effect.fail({ _tag: "ProviderFailure" as const, reason: "game-platform linking is not configured" })
})
