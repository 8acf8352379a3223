import { SIGN_IN_START_BUDGETS, type SignInStartBudgets } from "@bluelight/core/identity"
import { Config, ConfigError, Effect, Either, Option, Redacted } from "effect"
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

/** Every setting of DESIGN.md's configuration table, read once and typed. */
export interface Settings {
  readonly production: boolean
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
  readonly adminIdentityIds: ReadonlyArray<string>
  readonly developerPassword: Option.Option<Redacted.Redacted>
  readonly rateLimitReadsPerMinute: number
  readonly rateLimitWritesPerMinute: number
  readonly signInStarts: SignInStartBudgets
  readonly trustedProxyHops: number
  readonly testHooks: boolean
  readonly logLevel: string
  /** How long SIGTERM waits for requests in flight before it closes their connections. */
  readonly shutdownGraceSeconds: number
  /** Where traces are exported (none: not exported). */
  readonly tracing: Option.Option<TracingSettings>
}

const optionalString = (name: string) => Config.option(Config.nonEmptyString(name))
const optionalSecret = (name: string) => Config.option(Config.redacted(Config.nonEmptyString(name)))

const oauthClient = (prefix: "IDP" | "PLATFORM") =>
  Config.all({
    clientId: optionalString(`${prefix}_CLIENT_ID`),
    clientSecret: optionalSecret(`${prefix}_CLIENT_SECRET`),
    authorizeUrl: optionalString(`${prefix}_AUTHORIZE_URL`),
    tokenUrl: optionalString(`${prefix}_TOKEN_URL`),
    userinfoUrl: optionalString(`${prefix}_USERINFO_URL`)
  })

const positiveInt = (name: string, fallback: number) =>
  Config.integer(name).pipe(
    Config.validate({ message: `${name} must be a positive integer`, validation: (n) => n > 0 }),
    Config.withDefault(fallback)
  )

const raw = Config.all({
  nodeEnv: Config.string("NODE_ENV").pipe(Config.withDefault("development")),
  // 0 asks the system for any free port (tests run many servers side by side).
  port: Config.integer("PORT").pipe(
    Config.validate({ message: "PORT must be an integer from 0 to 65535", validation: (n) => n >= 0 && n <= 65535 }),
    Config.withDefault(3000)
  ),
  host: optionalString("HOST"),
  appUrl: optionalString("APP_URL"),
  databaseUrl: optionalSecret("DATABASE_URL"),
  databasePoolMax: positiveInt("DATABASE_POOL_MAX", 10),
  dataDir: Config.nonEmptyString("DATA_DIR").pipe(Config.withDefault("./data")),
  redisUrl: optionalSecret("REDIS_URL"),
  idp: oauthClient("IDP"),
  platform: oauthClient("PLATFORM"),
  gameApiUrl: optionalString("GAME_API_URL"),
  gameServerKey: optionalSecret("GAME_SERVER_KEY"),
  gameCommandCooldownSeconds: positiveInt("GAME_COMMAND_COOLDOWN_SECONDS", 5),
  gameCommandTimeoutMillis: positiveInt("GAME_COMMAND_TIMEOUT_MS", 10_000),
  adminIdentityIds: Config.string("BLUELIGHT_ADMIN_IDENTITY_IDS").pipe(Config.withDefault("")),
  developerPassword: optionalSecret("BLUELIGHT_DEVELOPER_PASSWORD"),
  rateLimitReadsPerMinute: positiveInt("RATE_LIMIT_READS_PER_MINUTE", 180),
  rateLimitWritesPerMinute: positiveInt("RATE_LIMIT_WRITES_PER_MINUTE", 60),
  signInsPerMinute: positiveInt("RATE_LIMIT_SIGN_INS_PER_MINUTE", SIGN_IN_START_BUDGETS.perMinute),
  signInsPerAddressPerMinute: positiveInt("RATE_LIMIT_SIGN_INS_PER_ADDRESS_PER_MINUTE", SIGN_IN_START_BUDGETS.perAddressPerMinute),
  // Unset, no X-Forwarded-For is believed: any client can write one.
  trustedProxyHops: Config.integer("TRUSTED_PROXY_HOPS").pipe(
    Config.validate({ message: "TRUSTED_PROXY_HOPS must be an integer from 0 to 10", validation: (n) => n >= 0 && n <= 10 }),
    Config.withDefault(0)
  ),
  testHooks: Config.boolean("BLUELIGHT_TEST_HOOKS").pipe(Config.withDefault(false)),
  logLevel: Config.string("LOG_LEVEL").pipe(Config.withDefault("Info")),
  // An hour at most: Node's timers cannot wait much past 24 days, and no orchestrator waits an hour.
  shutdownGraceSeconds: Config.integer("SHUTDOWN_GRACE_SECONDS").pipe(
    Config.validate({ message: "SHUTDOWN_GRACE_SECONDS must be an integer from 0 to 3600", validation: (n) => n >= 0 && n <= 3600 }),
    Config.withDefault(10)
  ),
  otlpEndpoint: optionalString("OTEL_EXPORTER_OTLP_ENDPOINT"),
  otlpProtocol: Config.string("OTEL_EXPORTER_OTLP_PROTOCOL").pipe(Config.withDefault("http/protobuf")),
  otlpHeaders: Config.redacted(Config.string("OTEL_EXPORTER_OTLP_HEADERS")).pipe(Config.withDefault(Redacted.make(""))),
  serviceName: Config.nonEmptyString("OTEL_SERVICE_NAME").pipe(Config.withDefault("bluelight"))
})

type Raw = Config.Config.Success<typeof raw>

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
export const validate = (r: Raw): Either.Either<Settings, ReadonlyArray<string>> => {
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
  const tracing = tracingSettings(r, problems)
  if (problems.length > 0) return Either.left(problems)
  return Either.right({
    production,
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

/** Reads and checks the configuration once at start-up. */
export const loadSettings: Effect.Effect<Settings, InvalidSettings> = raw.pipe(
  Effect.mapError((error) => new InvalidSettings(configErrorLines(error))),
  Effect.flatMap((r) => Either.match(validate(r), { onLeft: (p) => Effect.fail(new InvalidSettings(p)), onRight: Effect.succeed }))
)

const configErrorLines = (error: ConfigError.ConfigError): ReadonlyArray<string> =>
  ConfigError.reduceWithContext(error, undefined, {
    andCase: (_, left: ReadonlyArray<string>, right: ReadonlyArray<string>) => [...left, ...right],
    orCase: (_, left: ReadonlyArray<string>, right: ReadonlyArray<string>) => [...left, ...right],
    invalidDataCase: (_, path, message) => [`invalid setting ${path.join("_")}: ${message}`],
    missingDataCase: (_, path) => [`missing required setting ${path.join("_")}`],
    sourceUnavailableCase: (_, path, message) => [`setting ${path.join("_")} unavailable: ${message}`],
    unsupportedCase: (_, path, message) => [`unsupported setting ${path.join("_")}: ${message}`]
  })
