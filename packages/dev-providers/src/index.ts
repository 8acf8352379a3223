import { Effect, type Layer } from "effect"
import { HttpRouter } from "effect/http"
import { addDevIdentityProvider } from "./DevIdentityProvider.js"
import { addDevPlatformProvider } from "./DevPlatformProvider.js"
import type { DevClient, DevMemberRead } from "./shared.js"

export { DEV_PROVIDER_ROLES, devIdentityProvider } from "./DevIdentityProvider.js"
export { devPlatformProvider } from "./DevPlatformProvider.js"
export type { DevClient, DevIdentity, DevMemberRead, DevProviderSpec } from "./shared.js"

/**
 * The development identity provider (`/dev/idp/*`) and game platform
 * (`/dev/platform/*`), on the server's router beside the HttpApi and outside `/api`, for
 * when the real providers are not configured outside production. They speak
 * the real protocols, so the OAuth clients talk to them unchanged; point the
 * clients' URLs at `{APP_URL}/dev/idp/...` and `{APP_URL}/dev/platform/...`
 * with these client credentials.
 */
export const layerDevProviders = (options: DevProviders): Layer.Layer<never, never, HttpRouter.HttpRouter> =>
  HttpRouter.use((router) =>
    Effect.all([
      options.identity ? addDevIdentityProvider(router, options.client, options.appUrl, options.memberRead ?? null) : Effect.void,
      options.platform ? addDevPlatformProvider(router, options.client, options.appUrl) : Effect.void
    ], { discard: true })
  )

/**
 * A route the development providers serve, for the server's route index: the
 * method, the path, and whether its handler reads its own body (the token
 * route's form body, as OAuth says) instead of the API's JSON body rules.
 */
export interface DevRoute {
  readonly method: string
  readonly path: string
  readonly ownBody?: boolean
}

/** The routes `layerDevProviders(options)` adds, so the composition can hand them to the route index with the layer. */
export const devRoutes = (options: DevProviders): ReadonlyArray<DevRoute> =>
  [...(options.identity ? ["/dev/idp"] : []), ...(options.platform ? ["/dev/platform"] : [])].flatMap((base) => [
    { method: "GET", path: `${base}/authorize` },
    { method: "GET", path: `${base}/approve` },
    // OAuth token requests are form-encoded, as the protocol says.
    { method: "POST", path: `${base}/token`, ownBody: true },
    { method: "GET", path: `${base}/userinfo` }
  ]).concat(options.identity && options.memberRead != null ? [{ method: "GET", path: "/dev/idp/guilds/:guildId/members/:userId" }] : [])

/** Which development providers to serve (those whose real settings are absent), and the client they accept. */
export interface DevProviders {
  readonly client: DevClient
  /** `APP_URL`: the providers send codes only to this server's own callbacks under it. */
  readonly appUrl: string
  readonly identity: boolean
  readonly platform: boolean
  /** The identity provider's member read (role sync), answered when given: the community server's id and the bot token. */
  readonly memberRead?: DevMemberRead | null | undefined
}
