import { SIGN_IN_START_BUDGETS, type SignInStartBudgets } from "@bluelight/core/identity"
import { GAME_EVENT_INBOX_MAX_EVENTS } from "@bluelight/core/game"
import { Config, Effect, Option, Redacted, Result, Schema, SchemaIssue, SchemaTransformation } from "effect"
import { createPublicKey, KeyObject } from "node:crypto"
import type { TracingSettings } from "./tracing.js"

/** A provider's OAuth 2.0 client settings (identity provider or game platform). */
export interface OAuthClientSettings {
  readonly clientId: string
  readonly clientSecret: Redacted.Redacted
  readonly authorizeUrl: string
  readonly tokenUrl: string
  readonly userinfoUrl: string
}

/** The identity provider's member read, for role sync: `IDP_MEMBER_URL`, `IDP_GUILD_ID`, `IDP_BOT_TOKEN`. */
export interface RoleSyncSettings {
  /** With `{guildId}` and `{userId}` where the ids go. */
  readonly memberUrl: string
  readonly guildId: string
  readonly botToken: Redacted.Redacted
}

export interface GameServerSettings {
  readonly apiUrl: string
  readonly serverKey: Redacted.Redacted
}

/** Every setting of docs/decisions/operations-and-deployment.md, "Configuration", read once and typed. */
export interface Settings {
  readonly production: boolean
  /** `NODE_ENV` unset or `development` (what `npm start` runs): the built-in game server comes alive. Tests run as `test`. */
  readonly development: boolean
  readonly port: number
  readonly host: string
  readonly appUrl: string
  readonly databaseUrl: Option.Option<Redacted.Redacted>
  readonly databasePoolMax: number
  readonly dataDir: string
  readonly redisUrl: Option.Option<Redacted.Redacted>
  readonly idp: Option.Option<OAuthClientSettings>
  readonly platform: Option.Option<OAuthClientSettings>
  /**
   * The member read role sync uses; none when `IDP_MEMBER_URL`, `IDP_GUILD_ID` and `IDP_BOT_TOKEN` are unset
   * (outside production, with the development identity provider, it answers the read itself).
   */
  readonly roleSync: Option.Option<RoleSyncSettings>
  /** `IDP_ROLE_SYNC_MINUTES`: how often the role sync runs (10). */
  readonly roleSyncMinutes: number
  readonly game: Option.Option<GameServerSettings>
  readonly gameCommandCooldownSeconds: number
  /** How long a game command may take before its outcome counts as unknown (10 s; tests shorten it). */
  readonly gameCommandTimeoutMillis: number
  /**
   * `GAME_WEBHOOK_PUBLIC_KEY`: the game's Ed25519 key its webhook deliveries are verified with. Unset: the
   * receiver is off, except in development with the built-in simulator, whose own key is used.
   */
  readonly gameWebhookPublicKey: Option.Option<KeyObject>
  /** How many of the game's events may wait in the inbox before a delivery is answered `429`. */
  readonly gameEventInboxMaxEvents: number
  readonly adminIdentityIds: ReadonlyArray<string>
  readonly developerPassword: Option.Option<Redacted.Redacted>
  readonly rateLimitReadsPerMinute: number
  readonly rateLimitWritesPerMinute: number
  readonly signInStarts: SignInStartBudgets
  readonly trustedProxyHops: number
  readonly testHooks: boolean
  /** `LOG_LEVEL` lower-cased, one of `LOG_LEVELS` (`info` when unset). */
  readonly logLevel: string
  /** How long SIGTERM waits for requests in flight before it closes their connections. */
  readonly shutdownGraceSeconds: number
  /** Where traces are exported (none: not exported). */
  readonly tracing: Option.Option<TracingSettings>
  /** `WEBHOOK_ALLOW_PRIVATE_TARGETS`: webhooks may go to private and loopback addresses in production too. */
  readonly webhookAllowPrivateTargets: boolean
}

/**
 * The line that refuses a setting present but not understood, naming it: each
 * schema below says in its message what the setting takes.
 */
const problemsOf = (error: Config.ConfigError): ReadonlyArray<string> =>
  Schema.isSchemaError(error.cause)
    ? SchemaIssue.makeFormatterStandardSchemaV1()(error.cause.issue).issues.map(({ message, path = [] }) =>
      `invalid setting ${path.map((segment) => String(typeof segment === "object" ? segment.key : segment)).join(".")}: ${message}`
    )
    : [`the settings could not be read: ${error.cause.message}`]

/**
 * An integer from `minimum` to `maximum`, `fallback` when unset. Its text is
 * read as JavaScript reads a number; no number, no integer and out of bounds
 * are refused in the same words, which say what it takes.
 */
const integer = (name: string, fallback: number, minimum: number, maximum: number, message = `${name} must be an integer from ${minimum} to ${maximum}`) =>
  Config.schema(Schema.NumberFromString.check(Schema.isInt({ message }), Schema.isBetween({ minimum, maximum }, { message })), name).pipe(
    Config.withDefault(fallback)
  )

const positiveInt = (name: string, fallback: number) => integer(name, fallback, 1, Number.MAX_SAFE_INTEGER, `${name} must be a positive integer`)

const optional = (name: string) => Config.option(Config.String(name))
const optionalSecret = (name: string) => Config.option(Config.Redacted(name))

const isHttpUrl = (value: string) => URL.canParse(value) && ["http:", "https:"].includes(new URL(value).protocol)
const notHttpUrl = (name: string, value: string) => `${name} must be an http(s) URL, got ${JSON.stringify(value)}`

/** An absolute http(s) URL, kept as written (`APP_URL`; the trace endpoint is checked only when it counts). */
const HttpUrl = (name: string) => Schema.String.check(Schema.makeFilter((text) => isHttpUrl(text) || notHttpUrl(name, text)))

/**
 * The names `LOG_LEVEL` takes, in any case (`layerLogging` maps each to
 * Effect's level). Anything else refuses the start: a misspelt level would
 * otherwise log at `info` without a word.
 */
export const LOG_LEVELS: ReadonlyArray<string> = ["all", "trace", "debug", "info", "warn", "warning", "error", "none"]

const LogLevelName = Schema.String.check(Schema.makeFilter((text) =>
  LOG_LEVELS.includes(text.toLowerCase()) ||
  `expected one of ${LOG_LEVELS.join(", ")} (in any case) but received ${JSON.stringify(text)}`
))

/**
 * An Ed25519 public key as the game publishes its webhook's: base64 of the
 * DER SubjectPublicKeyInfo (`MCowBQYDK2VwAyEA` and 44 more characters).
 * Undefined when it is anything else.
 */
export const ed25519PublicKey = (text: string): KeyObject | undefined => {
  const base64 = text.trim()
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return undefined
  try {
    const key = createPublicKey({ key: Buffer.from(base64, "base64"), format: "der", type: "spki" })
    return key.asymmetricKeyType === "ed25519" ? key : undefined
  } catch {
    return undefined
  }
}

/** `GAME_WEBHOOK_PUBLIC_KEY`'s text decoded into the key itself, or refused with what it must be. */
const WebhookPublicKey = Schema.String.pipe(Schema.decodeTo(
  Schema.declare((value): value is KeyObject => value instanceof KeyObject),
  SchemaTransformation.transformEffect({
    decode: (text) =>
      Effect.fromNullishOr(ed25519PublicKey(text)).pipe(Effect.mapError(() =>
        new SchemaIssue.InvalidValue({
          message: "GAME_WEBHOOK_PUBLIC_KEY must be an Ed25519 public key: base64 of its DER SubjectPublicKeyInfo, as the game publishes it"
        })
      )),
    encode: (key) => Effect.succeed(key.export({ type: "spki", format: "der" }).toString("base64"))
  })
))

/** `IDP_MEMBER_URL`: an http(s) URL with `{userId}` (and usually `{guildId}`) where the ids go. */
const MemberUrl = Schema.String.check(
  Schema.makeFilter((text) =>
    (isHttpUrl(text.replaceAll("{guildId}", "0").replaceAll("{userId}", "0")) && text.includes("{userId}")) ||
    `IDP_MEMBER_URL must be an http(s) URL with {userId} (and {guildId}) where the ids go, got ${JSON.stringify(text)}`
  )
)

const oauthClient = (prefix: "IDP" | "PLATFORM") =>
  Config.all({
    clientId: optional(`${prefix}_CLIENT_ID`),
    clientSecret: optionalSecret(`${prefix}_CLIENT_SECRET`),
    authorizeUrl: optional(`${prefix}_AUTHORIZE_URL`),
    tokenUrl: optional(`${prefix}_TOKEN_URL`),
    userinfoUrl: optional(`${prefix}_USERINFO_URL`)
  })

/**
 * Every setting as its own `Config`, read from the `ConfigProvider` in context.
 * A variable set to the empty string counts as unset (Effect's `fromEnv`), so
 * its default applies. Each is read whatever the others hold (`Config.all`
 * stops at its first failure), so that one start names every problem at once.
 */
const raw = Effect.all({
  nodeEnv: Config.String("NODE_ENV").pipe(Config.withDefault("development")),
  // 0 asks the system for any free port (tests run many servers side by side).
  port: integer("PORT", 3000, 0, 65535),
  host: optional("HOST"),
  appUrl: Config.option(Config.schema(HttpUrl("APP_URL"), "APP_URL")),
  databaseUrl: optionalSecret("DATABASE_URL"),
  databasePoolMax: positiveInt("DATABASE_POOL_MAX", 10),
  dataDir: Config.String("DATA_DIR").pipe(Config.withDefault("./data")),
  redisUrl: optionalSecret("REDIS_URL"),
  idp: oauthClient("IDP"),
  platform: oauthClient("PLATFORM"),
  idpMemberUrl: Config.option(Config.schema(MemberUrl, "IDP_MEMBER_URL")),
  idpGuildId: optional("IDP_GUILD_ID"),
  idpBotToken: optionalSecret("IDP_BOT_TOKEN"),
  roleSyncMinutes: integer("IDP_ROLE_SYNC_MINUTES", 10, 1, 1440),
  gameApiUrl: optional("GAME_API_URL"),
  gameServerKey: optionalSecret("GAME_SERVER_KEY"),
  gameCommandCooldownSeconds: positiveInt("GAME_COMMAND_COOLDOWN_SECONDS", 5),
  gameCommandTimeoutMillis: positiveInt("GAME_COMMAND_TIMEOUT_MS", 10_000),
  gameWebhookPublicKey: Config.option(Config.schema(WebhookPublicKey, "GAME_WEBHOOK_PUBLIC_KEY")),
  gameEventInboxMaxEvents: positiveInt("GAME_EVENT_INBOX_MAX_EVENTS", GAME_EVENT_INBOX_MAX_EVENTS),
  adminIdentityIds: Config.Array(Schema.String, "BLUELIGHT_ADMIN_IDENTITY_IDS").pipe(
    Config.map((ids) => ids.map((id) => id.trim()).filter((id) => id.length > 0)),
    Config.withDefault([])
  ),
  developerPassword: optionalSecret("BLUELIGHT_DEVELOPER_PASSWORD"),
  rateLimitReadsPerMinute: positiveInt("RATE_LIMIT_READS_PER_MINUTE", 180),
  rateLimitWritesPerMinute: positiveInt("RATE_LIMIT_WRITES_PER_MINUTE", 60),
  signInsPerMinute: positiveInt("RATE_LIMIT_SIGN_INS_PER_MINUTE", SIGN_IN_START_BUDGETS.perMinute),
  signInsPerAddressPerMinute: positiveInt("RATE_LIMIT_SIGN_INS_PER_ADDRESS_PER_MINUTE", SIGN_IN_START_BUDGETS.perAddressPerMinute),
  // Unset, no X-Forwarded-For is believed: any client can write one.
  trustedProxyHops: integer("TRUSTED_PROXY_HOPS", 0, 0, 10),
  testHooks: Config.Boolean("BLUELIGHT_TEST_HOOKS").pipe(Config.withDefault(false)),
  webhookAllowPrivateTargets: Config.Boolean("WEBHOOK_ALLOW_PRIVATE_TARGETS").pipe(Config.withDefault(false)),
  logLevel: Config.schema(LogLevelName, "LOG_LEVEL").pipe(Config.map((level) => level.toLowerCase()), Config.withDefault("info")),
  // An hour at most: Node's timers cannot wait much past 24 days, and no orchestrator waits an hour.
  shutdownGraceSeconds: integer("SHUTDOWN_GRACE_SECONDS", 10, 0, 3600),
  // The trace export's settings count only with an endpoint, so they are checked with it (`tracingSettings`).
  otlpEndpoint: optional("OTEL_EXPORTER_OTLP_ENDPOINT"),
  otlpProtocol: Config.String("OTEL_EXPORTER_OTLP_PROTOCOL").pipe(Config.withDefault("http/protobuf")),
  otlpHeaders: Config.Redacted("OTEL_EXPORTER_OTLP_HEADERS").pipe(Config.withDefault(Redacted.make(""))),
  serviceName: Config.String("OTEL_SERVICE_NAME").pipe(Config.withDefault("bluelight"))
}, { mode: "result" })

type Raw = { readonly [K in keyof Effect.Success<typeof raw>]: Result.Result.Success<Effect.Success<typeof raw>[K]> }

/** A provider's five settings, by their field and the end of their name. */
const CLIENT_SETTINGS: ReadonlyArray<readonly [keyof OAuthClientSettings, string]> = [
  ["clientId", "CLIENT_ID"],
  ["clientSecret", "CLIENT_SECRET"],
  ["authorizeUrl", "AUTHORIZE_URL"],
  ["tokenUrl", "TOKEN_URL"],
  ["userinfoUrl", "USERINFO_URL"]
]

/** All five settings of a provider, or none; a partial set is named as missing. */
const completeClient = (prefix: "IDP" | "PLATFORM", client: Raw["idp"], missing: Array<string>): Option.Option<OAuthClientSettings> => {
  const absent = CLIENT_SETTINGS.flatMap(([key, name]) => (Option.isNone<unknown>(client[key]) ? [`${prefix}_${name}`] : []))
  if (absent.length > 0 && absent.length < CLIENT_SETTINGS.length) missing.push(...absent)
  return Option.all(client)
}

/**
 * `OTEL_EXPORTER_OTLP_HEADERS` as the OpenTelemetry specification writes it:
 * `key=value` pairs split by commas, values percent-encoded. Undefined when
 * malformed; the problem names the setting, never its value (it holds keys).
 */
const otlpHeaders = (raw: string): Record<string, string> | undefined => {
  const headers: Record<string, string> = {}
  for (const pair of raw.split(",")) {
    if (pair.trim() === "") continue
    const eq = pair.indexOf("=")
    if (eq <= 0) return undefined
    try {
      headers[pair.slice(0, eq).trim()] = decodeURIComponent(pair.slice(eq + 1).trim())
    } catch {
      return undefined
    }
  }
  return headers
}

/**
 * The settings, or the list of problems: in production every required setting
 * must be present (DATABASE_URL, APP_URL and the identity provider), and the
 * development defaults are never used there.
 */
export const validate = (r: Raw): Result.Result<Settings, ReadonlyArray<string>> => {
  const production = r.nodeEnv === "production"
  const problems: Array<string> = []
  const missing: Array<string> = []
  const idp = completeClient("IDP", r.idp, missing)
  const platform = completeClient("PLATFORM", r.platform, missing)
  if (production) {
    if (Option.isNone(r.databaseUrl)) missing.push("DATABASE_URL")
    if (Option.isNone(r.appUrl)) missing.push("APP_URL")
    if (Option.isNone(idp) && !missing.some((name) => name.startsWith("IDP_"))) {
      missing.push(...CLIENT_SETTINGS.map(([, name]) => `IDP_${name}`))
    }
  }
  const memberRead = { IDP_MEMBER_URL: r.idpMemberUrl, IDP_GUILD_ID: r.idpGuildId, IDP_BOT_TOKEN: r.idpBotToken }
  const memberReadAbsent = Object.entries(memberRead).flatMap(([name, value]) => (Option.isNone<unknown>(value) ? [name] : []))
  if (memberReadAbsent.length > 0 && memberReadAbsent.length < 3) missing.push(...memberReadAbsent)
  const roleSync = Option.all({ memberUrl: r.idpMemberUrl, guildId: r.idpGuildId, botToken: r.idpBotToken })
  const game = Option.all({ apiUrl: r.gameApiUrl, serverKey: r.gameServerKey })
  if (Option.isSome(r.gameApiUrl) !== Option.isSome(r.gameServerKey)) {
    missing.push(Option.isSome(r.gameApiUrl) ? "GAME_SERVER_KEY" : "GAME_API_URL")
  }
  problems.push(...missing.map((name) => `missing required setting ${name}`))
  if (production && r.testHooks) problems.push("BLUELIGHT_TEST_HOOKS cannot be on in production")
  const tracing = tracingSettings(r, problems)
  if (problems.length > 0) return Result.fail(problems)
  return Result.succeed({
    production,
    development: r.nodeEnv === "development",
    port: r.port,
    host: Option.getOrElse(r.host, () => (production ? "0.0.0.0" : "127.0.0.1")),
    appUrl: Option.getOrElse(r.appUrl, () => `http://localhost:${r.port === 0 ? 3000 : r.port}`).replace(/\/+$/, ""),
    databaseUrl: r.databaseUrl,
    databasePoolMax: r.databasePoolMax,
    dataDir: r.dataDir,
    redisUrl: r.redisUrl,
    idp,
    platform,
    roleSync,
    roleSyncMinutes: r.roleSyncMinutes,
    game,
    gameCommandCooldownSeconds: r.gameCommandCooldownSeconds,
    gameCommandTimeoutMillis: r.gameCommandTimeoutMillis,
    gameWebhookPublicKey: r.gameWebhookPublicKey,
    gameEventInboxMaxEvents: r.gameEventInboxMaxEvents,
    adminIdentityIds: r.adminIdentityIds,
    developerPassword: r.developerPassword,
    rateLimitReadsPerMinute: r.rateLimitReadsPerMinute,
    rateLimitWritesPerMinute: r.rateLimitWritesPerMinute,
    signInStarts: { perMinute: r.signInsPerMinute, perAddressPerMinute: r.signInsPerAddressPerMinute },
    trustedProxyHops: r.trustedProxyHops,
    testHooks: r.testHooks,
    logLevel: r.logLevel,
    shutdownGraceSeconds: r.shutdownGraceSeconds,
    tracing,
    webhookAllowPrivateTargets: r.webhookAllowPrivateTargets
  })
}

/** Trace export, on when `OTEL_EXPORTER_OTLP_ENDPOINT` is set; its problems are added to `problems`. */
const tracingSettings = (r: Raw, problems: Array<string>): Option.Option<TracingSettings> => {
  if (Option.isNone(r.otlpEndpoint)) return Option.none()
  const endpoint = r.otlpEndpoint.value
  const protocol = r.otlpProtocol === "http/protobuf" || r.otlpProtocol === "http/json" ? r.otlpProtocol : undefined
  const headers = otlpHeaders(Redacted.value(r.otlpHeaders))
  if (!isHttpUrl(endpoint)) problems.push(notHttpUrl("OTEL_EXPORTER_OTLP_ENDPOINT", endpoint))
  if (protocol === undefined) {
    problems.push(`OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json, got ${JSON.stringify(r.otlpProtocol)}`)
  }
  if (headers === undefined) problems.push("OTEL_EXPORTER_OTLP_HEADERS must be key=value pairs separated by commas")
  return isHttpUrl(endpoint) && protocol !== undefined && headers !== undefined
    ? Option.some({ endpoint, protocol, headers: Redacted.make(headers), serviceName: r.serviceName })
    : Option.none()
}

/** A setting that is absent or malformed, with one line per problem. */
export class InvalidSettings extends Error {
  constructor(readonly problems: ReadonlyArray<string>) {
    super(problems.join("\n"))
  }
}

/**
 * Reads and checks the configuration once at start-up, from the
 * `ConfigProvider` in context: the process environment unless a caller
 * provides another (a test, a harness starting the server from a map).
 */
export const loadSettings: Effect.Effect<Settings, InvalidSettings> = Effect.flatMap(raw, (results) => {
  const values = Result.all(results)
  const settings = Result.isSuccess(values)
    ? validate(values.success)
    : Result.fail(
      Object.values<Result.Result<unknown, Config.ConfigError>>(results).flatMap((result) => (Result.isFailure(result) ? problemsOf(result.failure) : []))
    )
  return Effect.mapError(Effect.fromResult(settings), (problems) => new InvalidSettings(problems))
})
