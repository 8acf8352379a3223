import type { Effect } from "effect"
import type { HttpRouter } from "effect/http"
import { addDevProvider, type DevClient, type DevMemberRead, type DevProviderSpec } from "./shared.js"

/** The provider roles the test identities hold on the development community server, until a sign-in gives them others. */
export const DEV_PROVIDER_ROLES = { dispatch: "1100000000000000001", officer: "1100000000000000002" } as const

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
    { id: "dev-admin", username: "alex.admin", displayName: "Alex Admin", roles: [] },
    { id: "dev-dispatcher", username: "dana.dispatcher", displayName: "Dana Dispatcher", roles: [DEV_PROVIDER_ROLES.dispatch] },
    { id: "dev-officer", username: "olly.officer", displayName: "Olly Officer", roles: [DEV_PROVIDER_ROLES.officer] },
    { id: "dev-member", username: "mo.member", displayName: "Mo Member", roles: [] }
  ],
  idPattern: "[A-Za-z0-9._-]{1,64}",
  idHint: "1 to 64 letters, digits, dots, dashes or underscores",
  memberRoles: true,
  userinfo: (identity) => ({
    id: identity.id,
    username: identity.username,
    global_name: identity.displayName,
    avatar: null
  })
}

/** Adds the `/dev/idp/*` routes to `router`, with the member read (`/dev/idp/guilds/{guildId}/members/{userId}`) when given its settings. */
export const addDevIdentityProvider = (
  router: HttpRouter.HttpRouter,
  client: DevClient,
  appUrl: string,
  memberRead: DevMemberRead | null = null
): Effect.Effect<void> => addDevProvider(router, devIdentityProvider, client, appUrl, memberRead)
