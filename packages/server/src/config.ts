import { SIGN_IN_START_BUDGETS, type SignInStartBudgets } from "@bluelight/core/identity"
import { GAME_EVENT_INBOX_MAX_EVENTS } from "@bluelight/core/game"
import { Config, ConfigProvider, Effect, Option, Redacted, Result, Schema } from "effect"
import { createPublicKey, type KeyObject } from "node:crypto"
import type { TracingSettings } from "./tracing.js"

/** A provider's OAuth 2.0 client settings (identity provider or game platform). */
export interface OAuthClientSettings {
  readonly clientId: string
  readonly clientSecret: Redacted.Redacted
  readonly authorizeUrl: string
  readonly tokenUrl: string
  readonly userinfoUrl: string
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
}

/**
 * One setting read: its value, or the problem lines that refuse it. Every
 * setting is read whatever the others hold, so that one start names every
 * problem at once.
 */
type Read<A> = Effect.Effect<Result.Result<A, ReadonlyArray<string>>>

const problemOf = (name: string, error: Config.ConfigError): string =>
  Schema.isSchemaError(error.cause) ? `invalid setting ${name}: ${error.cause.message}` : `setting ${name} unavailable: ${error.cause.message}`

/**
 * The text of `name` (none when unset), parsed. The text is read as it is
 * (an empty string included) and parsed by the rules below, the ones these
 * settings have always had: Effect 4's own parsers accept other values (its
 * boolean takes `y`) and refuse in other words.
 */
const setting = <A>(name: string, parse: (text: Option.Option<string>) => Result.Result<A, string>): Read<A> =>
  Config.option(Config.String(name)).pipe(
    Effect.map((text) => Result.mapError(parse(text), (message) => [`invalid setting ${name}: ${message}`])),
    Effect.catch((error) => Effect.succeed(Result.fail([problemOf(name, error)])))
  )

type Values<Reads extends Record<string, Read<unknown>>> = { readonly [K in keyof Reads]: Reads[K] extends Read<infer A> ? A : never }

/** Settings read side by side: all their values, or every problem of every one of them, in order. */
const all = <const Reads extends Record<string, Read<unknown>>>(reads: Reads): Read<Values<Reads>> =>
  Effect.gen(function*() {
    const values: Record<string, unknown> = {}
    const problems: Array<string> = []
    for (const [key, read] of Object.entries(reads)) {
      const result = yield* read
      if (Result.isFailure(result)) problems.push(...result.failure)
      else values[key] = result.success
    }
    return problems.length > 0 ? Result.fail(problems) : Result.succeed(values as Values<Reads>)
  })

const integer = (text: string): Result.Result<number, string> => {
  const n = Number(text)
  return Number.isInteger(n) ? Result.succeed(n) : Result.fail(`Expected an integer value but received ${JSON.stringify(text)}`)
}

const TRUE_TEXTS: ReadonlySet<string> = new Set(["true", "yes", "on", "1"])
const FALSE_TEXTS: ReadonlySet<string> = new Set(["false", "no", "off", "0"])

const boolean = (text: string): Result.Result<boolean, string> =>
  TRUE_TEXTS.has(text)
    ? Result.succeed(true)
    : FALSE_TEXTS.has(text)
    ? Result.succeed(false)
    : Result.fail(`Expected a boolean value but received ${JSON.stringify(text)}`)

/** Set and not empty (an empty value counts as unset). */
const optionalString = (name: string) => setting(name, (text) => Result.succeed(Option.filter(text, (s) => s.length > 0)))
const optionalSecret = (name: string) => setting(name, (text) => Result.succeed(Option.map(Option.filter(text, (s) => s.length > 0), (s) => Redacted.make(s))))
const stringOr = (name: string, fallback: string) => setting(name, (text) => Result.succeed(Option.getOrElse(text, () => fallback)))
const nonEmptyStringOr = (name: string, fallback: string) =>
  setting(name, (text) => Result.succeed(Option.getOrElse(Option.filter(text, (s) => s.length > 0), () => fallback)))
const booleanOr = (name: string, fallback: boolean) => setting(name, (text) => Option.match(text, { onNone: () => Result.succeed(fallback), onSome: boolean }))

/** An integer, `fallback` when unset; `valid` refuses it with `message`. */
const integerOr = (name: string, fallback: number, valid: (n: number) => boolean, message: string) =>
  setting(name, (text) =>
    Option.match(text, {
      onNone: () => Result.succeed(fallback),
      onSome: (text) => Result.flatMap(integer(text), (n) => (valid(n) ? Result.succeed(n) : Result.fail(message)))
    }))

const oauthClient = (prefix: "IDP" | "PLATFORM") =>
  all({
    clientId: optionalString(`${prefix}_CLIENT_ID`),
    clientSecret: optionalSecret(`${prefix}_CLIENT_SECRET`),
    authorizeUrl: optionalString(`${prefix}_AUTHORIZE_URL`),
    tokenUrl: optionalString(`${prefix}_TOKEN_URL`),
    userinfoUrl: optionalString(`${prefix}_USERINFO_URL`)
  })

/**
 * The names `LOG_LEVEL` takes, in any case (`layerLogging` maps each to
 * Effect's level). Anything else refuses the start: a misspelt level would
 * otherwise log at `info` without a word.
 */
export const LOG_LEVELS: ReadonlyArray<string> = ["all", "trace", "debug", "info", "warn", "warning", "error", "none"]

const logLevel = setting("LOG_LEVEL", (text) => {
  const level = Option.getOrElse(Option.filter(text, (s) => s.length > 0), () => "info").toLowerCase()
  return LOG_LEVELS.includes(level)
    ? Result.succeed(level)
    : Result.fail(`expected one of ${LOG_LEVELS.join(", ")} (in any case) but received ${JSON.stringify(Option.getOrElse(text, () => ""))}`)
})

const positiveInt = (name: string, fallback: number) => integerOr(name, fallback, (n) => n > 0, `${name} must be a positive integer`)

const raw = all({
  nodeEnv: stringOr("NODE_ENV", "development"),
  // 0 asks the system for any free port (tests run many servers side by side).
  port: integerOr("PORT", 3000, (n) => n >= 0 && n <= 65535, "PORT must be an integer from 0 to 65535"),
  host: optionalString("HOST"),
  appUrl: optionalString("APP_URL"),
  databaseUrl: optionalSecret("DATABASE_URL"),
  databasePoolMax: positiveInt("DATABASE_POOL_MAX", 10),
  dataDir: nonEmptyStringOr("DATA_DIR", "./data"),
  redisUrl: optionalSecret("REDIS_URL"),
  idp: oauthClient("IDP"),
  platform: oauthClient("PLATFORM"),
  gameApiUrl: optionalString("GAME_API_URL"),
  gameServerKey: optionalSecret("GAME_SERVER_KEY"),
  gameCommandCooldownSeconds: positiveInt("GAME_COMMAND_COOLDOWN_SECONDS", 5),
  gameCommandTimeoutMillis: positiveInt("GAME_COMMAND_TIMEOUT_MS", 10_000),
  gameWebhookPublicKey: optionalString("GAME_WEBHOOK_PUBLIC_KEY"),
  gameEventInboxMaxEvents: positiveInt("GAME_EVENT_INBOX_MAX_EVENTS", GAME_EVENT_INBOX_MAX_EVENTS),
  adminIdentityIds: stringOr("BLUELIGHT_ADMIN_IDENTITY_IDS", ""),
  developerPassword: optionalSecret("BLUELIGHT_DEVELOPER_PASSWORD"),
  rateLimitReadsPerMinute: positiveInt("RATE_LIMIT_READS_PER_MINUTE", 180),
  rateLimitWritesPerMinute: positiveInt("RATE_LIMIT_WRITES_PER_MINUTE", 60),
  signInsPerMinute: positiveInt("RATE_LIMIT_SIGN_INS_PER_MINUTE", SIGN_IN_START_BUDGETS.perMinute),
  signInsPerAddressPerMinute: positiveInt("RATE_LIMIT_SIGN_INS_PER_ADDRESS_PER_MINUTE", SIGN_IN_START_BUDGETS.perAddressPerMinute),
  // Unset, no X-Forwarded-For is believed: any client can write one.
  trustedProxyHops: integerOr("TRUSTED_PROXY_HOPS", 0, (n) => n >= 0 && n <= 10, "TRUSTED_PROXY_HOPS must be an integer from 0 to 10"),
  testHooks: booleanOr("BLUELIGHT_TEST_HOOKS", false),
  logLevel,
  // An hour at most: Node's timers cannot wait much past 24 days, and no orchestrator waits an hour.
  shutdownGraceSeconds: integerOr(
    "SHUTDOWN_GRACE_SECONDS",
    10,
    (n) => n >= 0 && n <= 3600,
    "SHUTDOWN_GRACE_SECONDS must be an integer from 0 to 3600"
  ),
  otlpEndpoint: optionalString("OTEL_EXPORTER_OTLP_ENDPOINT"),
  otlpProtocol: stringOr("OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf"),
  otlpHeaders: setting("OTEL_EXPORTER_OTLP_HEADERS", (text) => Result.succeed(Redacted.make(Option.getOrElse(text, () => "")))),
  serviceName: nonEmptyStringOr("OTEL_SERVICE_NAME", "bluelight")
})

type Raw = Result.Result.Success<Effect.Success<typeof raw>>

/** All five settings of a provider, or none; a partial set is named as missing. */
const completeClient = (
  prefix: "IDP" | "PLATFORM",
  client: Raw["idp"],
  missing: Array<string>
): Option.Option<OAuthClientSettings> => {
  const fields: ReadonlyArray<readonly [string, Option.Option<unknown>]> = [
    ["CLIENT_ID", client.clientId],
    ["CLIENT_SECRET", client.clientSecret],
    ["AUTHORIZE_URL", client.authorizeUrl],
    ["TOKEN_URL", client.tokenUrl],
    ["USERINFO_URL", client.userinfoUrl]
  ]
  const absent = fields.filter(([, value]) => Option.isNone(value)).map(([name]) => `${prefix}_${name}`)
  if (absent.length === fields.length) return Option.none()
  if (absent.length > 0) {
    missing.push(...absent)
    return Option.none()
  }
  return Option.some({
    clientId: Option.getOrThrow(client.clientId),
    clientSecret: Option.getOrThrow(client.clientSecret),
    authorizeUrl: Option.getOrThrow(client.authorizeUrl),
    tokenUrl: Option.getOrThrow(client.tokenUrl),
    userinfoUrl: Option.getOrThrow(client.userinfoUrl)
  })
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

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value)
    return url.protocol === "http:" || url.protocol === "https:"
  } catch {
    return false
  }
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
      missing.push("IDP_CLIENT_ID", "IDP_CLIENT_SECRET", "IDP_AUTHORIZE_URL", "IDP_TOKEN_URL", "IDP_USERINFO_URL")
    }
  }
  const game = Option.isSome(r.gameApiUrl) && Option.isSome(r.gameServerKey)
    ? Option.some({ apiUrl: r.gameApiUrl.value, serverKey: r.gameServerKey.value })
    : Option.none()
  if (Option.isSome(r.gameApiUrl) !== Option.isSome(r.gameServerKey)) {
    missing.push(Option.isSome(r.gameApiUrl) ? "GAME_SERVER_KEY" : "GAME_API_URL")
  }
  problems.push(...missing.map((name) => `missing required setting ${name}`))
  const appUrl = Option.getOrElse(r.appUrl, () => `http://localhost:${r.port === 0 ? 3000 : r.port}`)
  if (!isHttpUrl(appUrl)) problems.push(`APP_URL must be an http(s) URL, got ${JSON.stringify(appUrl)}`)
  if (production && r.testHooks) problems.push("BLUELIGHT_TEST_HOOKS cannot be on in production")
  const gameWebhookPublicKey = Option.flatMap(r.gameWebhookPublicKey, (text) => Option.fromNullishOr(ed25519PublicKey(text)))
  if (Option.isSome(r.gameWebhookPublicKey) && Option.isNone(gameWebhookPublicKey)) {
    problems.push("GAME_WEBHOOK_PUBLIC_KEY must be an Ed25519 public key: base64 of its DER SubjectPublicKeyInfo, as the game publishes it")
  }
  const tracing = tracingSettings(r, problems)
  if (problems.length > 0) return Result.fail(problems)
  return Result.succeed({
    production,
    development: r.nodeEnv === "development",
    port: r.port,
    host: Option.getOrElse(r.host, () => (production ? "0.0.0.0" : "127.0.0.1")),
    appUrl: appUrl.replace(/\/+$/, ""),
    databaseUrl: r.databaseUrl,
    databasePoolMax: r.databasePoolMax,
    dataDir: r.dataDir,
    redisUrl: r.redisUrl,
    idp,
    platform,
    game,
    gameCommandCooldownSeconds: r.gameCommandCooldownSeconds,
    gameCommandTimeoutMillis: r.gameCommandTimeoutMillis,
    gameWebhookPublicKey,
    gameEventInboxMaxEvents: r.gameEventInboxMaxEvents,
    adminIdentityIds: r.adminIdentityIds.split(",").map((id) => id.trim()).filter((id) => id.length > 0),
    developerPassword: r.developerPassword,
    rateLimitReadsPerMinute: r.rateLimitReadsPerMinute,
    rateLimitWritesPerMinute: r.rateLimitWritesPerMinute,
    signInStarts: { perMinute: r.signInsPerMinute, perAddressPerMinute: r.signInsPerAddressPerMinute },
    trustedProxyHops: r.trustedProxyHops,
    testHooks: r.testHooks,
    logLevel: r.logLevel,
    shutdownGraceSeconds: r.shutdownGraceSeconds,
    tracing
  })
}

/** Trace export, on when `OTEL_EXPORTER_OTLP_ENDPOINT` is set; its problems are added to `problems`. */
const tracingSettings = (r: Raw, problems: Array<string>): Option.Option<TracingSettings> => {
  if (Option.isNone(r.otlpEndpoint)) return Option.none()
  const endpoint = r.otlpEndpoint.value
  const protocol = r.otlpProtocol === "http/protobuf" || r.otlpProtocol === "http/json" ? r.otlpProtocol : undefined
  const headers = otlpHeaders(Redacted.value(r.otlpHeaders))
  if (!isHttpUrl(endpoint)) problems.push(`OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL, got ${JSON.stringify(endpoint)}`)
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
 * The process environment as the settings read it: a variable set to the
 * empty string is set, not absent (`PORT=` is port 0, `BLUELIGHT_TEST_HOOKS=`
 * is refused), as it always was.
 */
export const environment = ConfigProvider.fromEnv({ preserveEmptyStrings: true })

/** Reads and checks the configuration once at start-up, from the `ConfigProvider` in context. */
export const loadSettings: Effect.Effect<Settings, InvalidSettings> = Effect.flatMap(
  raw,
  (read) =>
    Result.match(Result.flatMap(read, validate), {
      onFailure: (problems) => Effect.fail(new InvalidSettings(problems)),
      onSuccess: Effect.succeed
    })
)
