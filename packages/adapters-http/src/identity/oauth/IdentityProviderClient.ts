import { type IdentityProfile, IdentityProvider } from "@bluelight/core/identity"
import { type Layer, Schema } from "effect"
import type { HttpClient } from "effect/http"
import { type AuthorizationCodeFlavour, layerAuthorizationCodeClient, type OAuthClientOptions } from "./authorizationCode.js"

export type { OAuthClientOptions } from "./authorizationCode.js"

/** What the identity provider says at its userinfo endpoint. */
const IdentityUserinfo = Schema.Struct({
  id: Schema.NonEmptyString,
  username: Schema.NonEmptyString,
  global_name: Schema.optional(Schema.NullOr(Schema.String)),
  avatar: Schema.optional(Schema.NullOr(Schema.String))
})

/**
 * The identity provider over OAuth 2.0 authorization code
 * (docs/decisions/identity.md, "External protocols"): `scope=identify`, no PKCE, the profile from the
 * userinfo endpoint.
 */
export const identityProviderFlavour: AuthorizationCodeFlavour<IdentityProfile, typeof IdentityUserinfo.Type, typeof IdentityUserinfo.Encoded> = {
  scope: "identify",
  userinfo: IdentityUserinfo,
  profile: (user) => ({
    id: user.id,
    username: user.username,
    displayName: user.global_name ?? user.username,
    avatar: user.avatar ?? null
  })
}

export const layerIdentityProviderClient = (options: OAuthClientOptions): Layer.Layer<IdentityProvider, never, HttpClient.HttpClient> =>
  layerAuthorizationCodeClient(IdentityProvider, identityProviderFlavour, options, (client) => client)
