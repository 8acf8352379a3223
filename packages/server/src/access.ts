import {
  type ExtraRoutes,
  IdentityProviderDirectoryUnconfigured,
  layerIdentityProviderClient,
  layerIdentityProviderDirectory,
  layerPlatformProviderClient,
  PlatformLinkingUnavailable
} from "@bluelight/adapters-http"
import { layerRateLimiter, layerStreamSlots } from "@bluelight/adapters-redis"
import { AccessSettings } from "@bluelight/core/identity"
import { type DevProviders, devRoutes, layerDevProviders } from "@bluelight/dev-providers"
import { Effect, Layer, Option, Redacted } from "effect"
import { FetchHttpClient } from "effect/http"
import { randomBytes } from "node:crypto"
import type { Settings } from "./config.js"
import { SharedRedis } from "./redis.js"

/** The development community server's id, which the development identity provider's member read answers for. */
export const DEV_GUILD_ID = "1000000000000000000"

/**
 * The development providers to serve: outside production, those whose real
 * settings are absent, accepting a client made up at start-up. The
 * development identity provider also answers the member read (role sync)
 * when `IDP_MEMBER_URL` and the rest are unset, with a bot token made up at start-up.
 */
export const devProvidersFor = (settings: Settings): DevProviders | null => {
  const identity = Option.isNone(settings.idp)
  const platform = Option.isNone(settings.platform)
  return settings.production || (!identity && !platform)
    ? null
    : {
      client: { clientId: "bluelight-dev", clientSecret: randomBytes(24).toString("base64url") },
      appUrl: settings.appUrl,
      identity,
      platform,
      memberRead: identity && Option.isNone(settings.roleSync) ? { guildId: DEV_GUILD_ID, botToken: randomBytes(24).toString("base64url") } : null
    }
}

/**
 * The identity provider's member read for role sync: the configured one, the
 * development identity provider's, or none (links can be managed, no sync runs).
 */
const layerDirectory = (settings: Settings, dev: DevProviders | null) =>
  Option.match(settings.roleSync, {
    onSome: (read) => layerIdentityProviderDirectory(read),
    onNone: () =>
      dev?.memberRead != null
        ? layerIdentityProviderDirectory({
          memberUrl: `${settings.appUrl}/dev/idp/guilds/{guildId}/members/{userId}`,
          guildId: dev.memberRead.guildId,
          botToken: Redacted.make(dev.memberRead.botToken)
        })
        : IdentityProviderDirectoryUnconfigured
  })

/**
 * The development providers as the HTTP adapter's extra routes: the layer that
 * mounts them and their routes for the route index (none when they are off).
 */
export const devExtraRoutes = (dev: DevProviders | null): ExtraRoutes | null => dev === null ? null : { layer: layerDevProviders(dev), routes: devRoutes(dev) }

/**
 * The identity provider (with its member read) and game platform: the configured ones, or (outside
 * production, when a provider's settings are absent) the development
 * providers this server serves itself at `/dev/idp` and `/dev/platform`.
 */
export const layerProviders = (settings: Settings, dev: DevProviders | null) => {
  const devOptions = (base: string, path: string) => {
    if (dev === null) throw new Error("development providers are off")
    return {
      clientId: dev.client.clientId,
      clientSecret: Redacted.make(dev.client.clientSecret),
      authorizeUrl: `${settings.appUrl}${base}/authorize`,
      tokenUrl: `${settings.appUrl}${base}/token`,
      userinfoUrl: `${settings.appUrl}${base}/userinfo`,
      redirectUri: `${settings.appUrl}${path}`
    }
  }
  const idp = Option.match(settings.idp, {
    onSome: (idp) => layerIdentityProviderClient({ ...idp, redirectUri: `${settings.appUrl}/api/auth/idp/callback` }),
    onNone: () => layerIdentityProviderClient(devOptions("/dev/idp", "/api/auth/idp/callback"))
  })
  const platform = Option.match(settings.platform, {
    onSome: (p) => layerPlatformProviderClient({ ...p, redirectUri: `${settings.appUrl}/api/auth/platform/callback` }),
    onNone: () =>
      dev?.platform === true
        ? layerPlatformProviderClient(devOptions("/dev/platform", "/api/auth/platform/callback"))
        : PlatformLinkingUnavailable
  })
  return Layer.mergeAll(idp, platform, layerDirectory(settings, dev)).pipe(Layer.provide(FetchHttpClient.layer))
}

/**
 * Rate counters and the places for open streams (both over the
 * shared Redis connection, if any) and the settings the access rules read.
 */
export const layerAccess = (settings: Settings) =>
  Layer.mergeAll(
    Layer.unwrap(SharedRedis.useSync((redis) => Layer.merge(layerRateLimiter({ redis }), layerStreamSlots({ redis })))),
    Layer.succeed(AccessSettings, {
      adminIdentityIds: new Set(settings.adminIdentityIds),
      developerPassword: Effect.succeed(settings.developerPassword)
    })
  )
