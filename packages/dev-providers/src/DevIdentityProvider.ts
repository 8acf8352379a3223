import type { Effect } from "effect"
import type { HttpRouter } from "effect/http"
import { addDevProvider, type DevClient, type DevProviderSpec } from "./shared.js"

/**
 * The development identity provider: the identity provider's protocol
 * (docs/decisions/identity.md, "External protocols") under `/dev/idp`, with a sign-in page
 * instead of a real account.
 */
export const devIdentityProvider: DevProviderSpec = {
  basePath: "/dev/idp",
  callbackPath: "/api/auth/idp/callback",
  purpose: "sign-in",
  providerName: "Identity provider",
  pkce: false,
  identities: [
    { id: "dev-admin", username: "alex.admin", displayName: "Alex Admin" },
    { id: "dev-dispatcher", username: "dana.dispatcher", displayName: "Dana Dispatcher" },
    { id: "dev-officer", username: "olly.officer", displayName: "Olly Officer" },
    { id: "dev-member", username: "mo.member", displayName: "Mo Member" }
  ],
  idPattern: "[A-Za-z0-9._-]{1,64}",
  idHint: "1 to 64 letters, digits, dots, dashes or underscores",
  userinfo: (identity) => ({
    id: identity.id,
    username: identity.username,
    global_name: identity.displayName,
    avatar: null
  })
}

/** Adds the `/dev/idp/*` routes to `router`. */
export const addDevIdentityProvider = (
  router: HttpRouter.HttpRouter,
  client: DevClient,
  appUrl: string
): Effect.Effect<void> => addDevProvider(router, devIdentityProvider, client, appUrl)
