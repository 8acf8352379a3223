import { Option } from "effect"
import type { Settings } from "./config.js"
import { whereIs } from "./database.js"

/** What the server uses for one concern, and whether that is a development default. */
interface Concern {
  readonly name: string
  readonly value: string
  readonly development: boolean
}

const origin = (url: string) => {
  try {
    return new URL(url).origin
  } catch {
    return url
  }
}

/**
 * What the server runs on, concern by concern: the start-up line lists the
 * development defaults among them, the summary all of them.
 */
export const concerns = (settings: Settings): ReadonlyArray<Concern> => [
  Option.match(settings.databaseUrl, {
    onNone: () => ({ name: "database", value: `embedded PGlite in ${settings.dataDir}`, development: true }),
    onSome: (url) => ({ name: "database", value: `Postgres at ${whereIs(url)}`, development: false })
  }),
  Option.match(settings.redisUrl, {
    onNone: () => ({ name: "rate counters and locks", value: "in process memory", development: true }),
    onSome: (url) => ({ name: "rate counters and locks", value: `Redis at ${whereIs(url)}`, development: false })
  }),
  Option.match(settings.idp, {
    onNone: () => ({
      name: "identity provider",
      value: `development sign-in at ${settings.appUrl}/dev/idp (start at ${settings.appUrl}/api/auth/idp)`,
      development: true
    }),
    onSome: (idp) => ({ name: "identity provider", value: origin(idp.authorizeUrl), development: false })
  }),
  Option.match(settings.platform, {
    onNone: () => ({ name: "game platform", value: `development provider at ${settings.appUrl}/dev/platform`, development: true }),
    onSome: (platform) => ({ name: "game platform", value: origin(platform.authorizeUrl), development: false })
  }),
  Option.match(settings.game, {
    onNone: () =>
      settings.production
        ? { name: "game server", value: "none (GAME_API_URL unset)", development: false }
        : { name: "game server", value: "the built-in simulator on a loopback port", development: true },
    onSome: (game) => ({ name: "game server", value: origin(game.apiUrl), development: false })
  }),
  gameWebhook(settings),
  roleSync(settings)
]

/** Whether role sync runs, how often, and whose member read it asks (the development identity provider's on the defaults). */
const roleSync = (settings: Settings): Concern => {
  const every = `every ${settings.roleSyncMinutes} min`
  if (Option.isSome(settings.roleSync))
    return { name: "role sync", value: `${every}, member read at ${origin(settings.roleSync.value.memberUrl)}`, development: false }
  if (settings.production || Option.isSome(settings.idp))
    return { name: "role sync", value: "off (IDP_MEMBER_URL, IDP_GUILD_ID, IDP_BOT_TOKEN unset)", development: false }
  return { name: "role sync", value: `${every}, against the development identity provider's roles`, development: true }
}

/** Whether the game's event webhook is on, with which key, and its URL to paste into the game's settings. */
const gameWebhook = (settings: Settings): Concern => {
  const url = `${settings.appUrl}/api/game/events`
  if (Option.isSome(settings.gameWebhookPublicKey)) return { name: "game webhook", value: `${url} (GAME_WEBHOOK_PUBLIC_KEY)`, development: false }
  if (settings.production || Option.isSome(settings.game)) return { name: "game webhook", value: "off (GAME_WEBHOOK_PUBLIC_KEY unset)", development: false }
  return { name: "game webhook", value: `${url}, signed by the built-in simulator`, development: true }
}

/** The development defaults in use, as the start-up line's `defaults` lists them. */
export const activeDefaults = (settings: Settings): ReadonlyArray<string> =>
  concerns(settings).filter((concern) => concern.development).map((concern) => `${concern.name}: ${concern.value}`)

const signingInAsAdmin = (settings: Settings): string => {
  const admins = settings.adminIdentityIds.join(", ")
  if (Option.isSome(settings.idp)) {
    return admins === ""
      ? "no administrators: set BLUELIGHT_ADMIN_IDENTITY_IDS to identity-provider user ids"
      : `sign in as ${admins} with the identity provider`
  }
  return admins === ""
    ? "no administrators yet: start with BLUELIGHT_ADMIN_IDENTITY_IDS=dev-admin npm start, then sign in as dev-admin"
    : `open ${settings.appUrl}/, choose Sign in and pick ${admins}`
}

/**
 * A few lines for a person at a terminal: where to go, what the server runs
 * on, how to sign in as an administrator and how to stop it. `address` is
 * the socket the server listens on (`PORT=0` picks the port).
 */
export const startupSummary = (settings: Settings, address: string): string => {
  const rows: ReadonlyArray<readonly [string, string]> = [
    ["open", `${settings.appUrl}/`],
    ["API reference", `${settings.appUrl}/api/docs`],
    ["listening on", address],
    ...concerns(settings).map((concern) => [concern.name, concern.value] as const),
    ["administrator", signingInAsAdmin(settings)],
    ["stop", `Ctrl-C (or SIGTERM); requests in flight get up to ${settings.shutdownGraceSeconds}s`]
  ]
  const width = Math.max(...rows.map(([name]) => name.length))
  return ["Bluelight is running.", ...rows.map(([name, value]) => `  ${name.padEnd(width)}  ${value}`)].join("\n") + "\n"
}
