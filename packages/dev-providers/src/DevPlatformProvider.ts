import type { Effect } from "effect"
import type { HttpRouter } from "effect/http"
import { addDevProvider, type DevClient, type DevProviderSpec } from "./shared.js"

/**
 * The development game platform: the platform's protocol, PKCE S256 included
 * (docs/decisions/identity.md, "External protocols"), under `/dev/platform`. Its ids are
 * numeric strings like the real platform's, since the game server reports
 * players as `Username:PlatformId`.
 */
export const devPlatformProvider: DevProviderSpec = {
  basePath: "/dev/platform",
  callbackPath: "/api/auth/platform/callback",
  purpose: "account linking",
  providerName: "Game platform",
  pkce: true,
  identities: [
    { id: "1001", username: "AlexAdmin", displayName: "Alex Admin" },
    { id: "1002", username: "DanaDispatcher", displayName: "Dana Dispatcher" },
    { id: "1003", username: "OllyOfficer", displayName: "Olly Officer" },
    { id: "1004", username: "MoMember", displayName: "Mo Member" }
  ],
  idPattern: "[0-9]{1,20}",
  idHint: "1 to 20 digits",
  userinfo: (identity) => ({
    sub: identity.id,
    preferred_username: identity.username,
    name: identity.displayName ?? identity.username,
    picture: null
  })
}

/** Adds the `/dev/platform/*` routes to `router`. */
export const addDevPlatformProvider = (
  router: HttpRouter.HttpRouter,
  client: DevClient,
  appUrl: string
): Effect.Effect<void> => addDevProvider(router, devPlatformProvider, client, appUrl)
