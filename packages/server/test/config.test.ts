import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect, Option, Redacted, Result } from "effect"
import { format, inspect } from "node:util"
import { loadSettings } from "../src/config.js"

const load = (env: Record<string, string>) =>
  loadSettings.pipe(Effect.provideService(ConfigProvider.ConfigProvider, ConfigProvider.fromEnv({ env })), Effect.result)

describe("SHUTDOWN_GRACE_SECONDS", () => {
  it.effect("defaults to 10 seconds, and 0 is allowed", () =>
    Effect.gen(function*() {
      expect(Result.map(yield* load({}), (s) => s.shutdownGraceSeconds)).toEqual(Result.succeed(10))
      expect(Result.map(yield* load({ SHUTDOWN_GRACE_SECONDS: "0" }), (s) => s.shutdownGraceSeconds)).toEqual(Result.succeed(0))
    }))

  it.effect("refuses a negative value, more than an hour, or no integer", () =>
    Effect.gen(function*() {
      for (const value of ["-1", "3601", "1.5", "ten"]) {
        const problems = Result.match(yield* load({ SHUTDOWN_GRACE_SECONDS: value }), {
          onFailure: (error) => error.problems,
          onSuccess: () => []
        })
        expect(problems.join("\n"), value).toMatch(/SHUTDOWN_GRACE_SECONDS/)
      }
    }))
})

describe("LOG_LEVEL", () => {
  it.effect("defaults to info, and takes each level's name in any case", () =>
    Effect.gen(function*() {
      expect(Result.map(yield* load({}), (s) => s.logLevel)).toEqual(Result.succeed("info"))
      expect(Result.map(yield* load({ LOG_LEVEL: "" }), (s) => s.logLevel)).toEqual(Result.succeed("info"))
      for (const [value, level] of [["Debug", "debug"], ["WARN", "warn"], ["warning", "warning"], ["none", "none"], ["All", "all"]] as const) {
        expect(Result.map(yield* load({ LOG_LEVEL: value }), (s) => s.logLevel), value).toEqual(Result.succeed(level))
      }
    }))

  it.effect("refuses a name it does not know with one line naming the setting and the names it takes", () =>
    Effect.gen(function*() {
      const problems = Result.match(yield* load({ LOG_LEVEL: "verbose" }), { onFailure: (error) => error.problems, onSuccess: () => [] })
      expect(problems).toEqual([
        "invalid setting LOG_LEVEL: expected one of all, trace, debug, info, warn, warning, error, none (in any case) but received \"verbose\""
      ])
    }))
})

describe("trace export settings", () => {
  it.effect("are off without OTEL_EXPORTER_OTLP_ENDPOINT, whatever else is set", () =>
    Effect.gen(function*() {
      const settings = yield* load({ OTEL_SERVICE_NAME: "x", OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" })
      expect(Result.map(settings, (s) => Option.isNone(s.tracing))).toEqual(Result.succeed(true))
    }))

  it.effect("default to protobuf and the service name bluelight, and read the headers as the specification writes them", () =>
    Effect.gen(function*() {
      const tracing = Result.getOrThrow(
        yield* load({
          OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318",
          OTEL_EXPORTER_OTLP_HEADERS: "x-api-key=abc%3D%3D, tenant = blue"
        })
      ).tracing.pipe(Option.getOrThrow)
      expect(tracing).toMatchObject({ endpoint: "http://collector:4318", protocol: "http/protobuf", serviceName: "bluelight" })
      expect(Redacted.value(tracing.headers)).toEqual({ "x-api-key": "abc==", tenant: "blue" })
    }))

  it.effect("refuse an endpoint that is no http(s) URL, another protocol, and malformed headers without printing them", () =>
    Effect.gen(function*() {
      const problems = Result.match(
        yield* load({
          OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4317",
          OTEL_EXPORTER_OTLP_PROTOCOL: "grpc",
          OTEL_EXPORTER_OTLP_HEADERS: "secret-key-without-a-name"
        }),
        { onFailure: (error) => error.problems, onSuccess: () => [] }
      )
      expect(problems).toEqual([
        "OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL, got \"collector:4317\"",
        "OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json, got \"grpc\"",
        "OTEL_EXPORTER_OTLP_HEADERS must be key=value pairs separated by commas"
      ])
    }))
})

/** The lines a start with `env` is refused with (none when it starts). */
const problemsWith = (env: Record<string, string>) => Effect.map(load(env), Result.match({ onFailure: (error) => error.problems, onSuccess: () => [] }))

describe("integer settings", () => {
  it.effect("take their bounds and refuse one past them, in one line naming the setting and what it takes", () =>
    Effect.gen(function*() {
      const at = Result.getOrThrow(yield* load({ PORT: "65535", TRUSTED_PROXY_HOPS: "10", SHUTDOWN_GRACE_SECONDS: "3600", DATABASE_POOL_MAX: "1" }))
      expect([at.port, at.trustedProxyHops, at.shutdownGraceSeconds, at.databasePoolMax]).toEqual([65535, 10, 3600, 1])
      expect(Result.getOrThrow(yield* load({ PORT: "0", TRUSTED_PROXY_HOPS: "0" })).port).toBe(0)
      expect(yield* problemsWith({ PORT: "65536" })).toEqual(["invalid setting PORT: PORT must be an integer from 0 to 65535"])
      expect(yield* problemsWith({ PORT: "-1" })).toEqual(["invalid setting PORT: PORT must be an integer from 0 to 65535"])
      expect(yield* problemsWith({ TRUSTED_PROXY_HOPS: "11" })).toEqual([
        "invalid setting TRUSTED_PROXY_HOPS: TRUSTED_PROXY_HOPS must be an integer from 0 to 10"
      ])
      expect(yield* problemsWith({ SHUTDOWN_GRACE_SECONDS: "3601" })).toEqual([
        "invalid setting SHUTDOWN_GRACE_SECONDS: SHUTDOWN_GRACE_SECONDS must be an integer from 0 to 3600"
      ])
      expect(yield* problemsWith({ DATABASE_POOL_MAX: "0" })).toEqual(["invalid setting DATABASE_POOL_MAX: DATABASE_POOL_MAX must be a positive integer"])
    }))

  it.effect("refuse what is no integer in the same words", () =>
    Effect.gen(function*() {
      for (const value of ["ten", "1.5", "Infinity", "NaN"]) {
        expect(yield* problemsWith({ RATE_LIMIT_READS_PER_MINUTE: value }), value).toEqual([
          "invalid setting RATE_LIMIT_READS_PER_MINUTE: RATE_LIMIT_READS_PER_MINUTE must be a positive integer"
        ])
      }
    }))

  it.effect("keep their defaults when unset or set to the empty string", () =>
    Effect.gen(function*() {
      for (const env of [{}, { PORT: "", DATABASE_POOL_MAX: "", SHUTDOWN_GRACE_SECONDS: "" }]) {
        const settings = Result.getOrThrow(yield* load(env))
        expect([settings.port, settings.databasePoolMax, settings.shutdownGraceSeconds, settings.rateLimitReadsPerMinute]).toEqual([3000, 10, 10, 180])
      }
    }))
})

describe("BLUELIGHT_TEST_HOOKS", () => {
  it.effect("is off when unset or empty, and reads the usual words for on and off", () =>
    Effect.gen(function*() {
      for (const [value, on] of [["", false], ["true", true], ["yes", true], ["1", true], ["false", false], ["off", false], ["0", false]] as const) {
        expect(Result.map(yield* load({ BLUELIGHT_TEST_HOOKS: value }), (s) => s.testHooks), value).toEqual(Result.succeed(on))
      }
      expect(Result.map(yield* load({}), (s) => s.testHooks)).toEqual(Result.succeed(false))
    }))

  it.effect("refuses a malformed boolean with one line naming the setting and the words it takes", () =>
    Effect.gen(function*() {
      for (const value of ["maybe", "TRUE", "2"]) {
        const problems = yield* problemsWith({ BLUELIGHT_TEST_HOOKS: value })
        expect(problems, value).toHaveLength(1)
        expect(problems[0], value).toMatch(/^invalid setting BLUELIGHT_TEST_HOOKS: Expected "true" \| "yes" \| "on" \| "1" .*"false" \| "no" \| "off" \| "0"/)
      }
    }))

  it.effect("cannot be on in production", () =>
    Effect.gen(function*() {
      expect(yield* problemsWith({ NODE_ENV: "production", BLUELIGHT_TEST_HOOKS: "true" })).toContain("BLUELIGHT_TEST_HOOKS cannot be on in production")
    }))
})

describe("every problem at once", () => {
  it.effect("names each setting it does not understand, one line each, in the order of the settings", () =>
    Effect.gen(function*() {
      expect(
        yield* problemsWith({
          PORT: "x",
          APP_URL: "ftp://bluelight.example",
          DATABASE_POOL_MAX: "0",
          GAME_WEBHOOK_PUBLIC_KEY: "not a key",
          BLUELIGHT_TEST_HOOKS: "maybe",
          LOG_LEVEL: "verbose"
        })
      ).toEqual([
        "invalid setting PORT: PORT must be an integer from 0 to 65535",
        "invalid setting APP_URL: APP_URL must be an http(s) URL, got \"ftp://bluelight.example\"",
        "invalid setting DATABASE_POOL_MAX: DATABASE_POOL_MAX must be a positive integer",
        "invalid setting GAME_WEBHOOK_PUBLIC_KEY: GAME_WEBHOOK_PUBLIC_KEY must be an Ed25519 public key: base64 of its DER SubjectPublicKeyInfo, as the game publishes it",
        expect.stringMatching(/^invalid setting BLUELIGHT_TEST_HOOKS: /),
        "invalid setting LOG_LEVEL: expected one of all, trace, debug, info, warn, warning, error, none (in any case) but received \"verbose\""
      ])
    }))

  it.effect("names every missing production setting, a partial provider's by name", () =>
    Effect.gen(function*() {
      expect(yield* problemsWith({ NODE_ENV: "production", IDP_CLIENT_ID: "id", GAME_API_URL: "https://game.example" })).toEqual([
        "missing required setting IDP_CLIENT_SECRET",
        "missing required setting IDP_AUTHORIZE_URL",
        "missing required setting IDP_TOKEN_URL",
        "missing required setting IDP_USERINFO_URL",
        "missing required setting DATABASE_URL",
        "missing required setting APP_URL",
        "missing required setting GAME_SERVER_KEY"
      ])
    }))
})

const SECRETS = {
  DATABASE_URL: "postgres://bluelight:db-secret-1@db.example/bluelight",
  REDIS_URL: "redis://:redis-secret-2@redis.example:6379",
  IDP_CLIENT_ID: "id",
  IDP_CLIENT_SECRET: "idp-secret-3",
  IDP_AUTHORIZE_URL: "https://idp.example/authorize",
  IDP_TOKEN_URL: "https://idp.example/token",
  IDP_USERINFO_URL: "https://idp.example/userinfo",
  GAME_API_URL: "https://game.example",
  GAME_SERVER_KEY: "game-secret-4",
  BLUELIGHT_DEVELOPER_PASSWORD: "developer-secret-5",
  OTEL_EXPORTER_OTLP_ENDPOINT: "https://collector.example",
  OTEL_EXPORTER_OTLP_HEADERS: "x-api-key=otel-secret-6"
}

describe("secrets", () => {
  it.effect("are read redacted: their values are there to use, and never printed", () =>
    Effect.gen(function*() {
      const settings = Result.getOrThrow(yield* load(SECRETS))
      expect(settings.databaseUrl.pipe(Option.map(Redacted.value))).toEqual(Option.some(SECRETS.DATABASE_URL))
      expect(settings.game.pipe(Option.map((game) => Redacted.value(game.serverKey)))).toEqual(Option.some(SECRETS.GAME_SERVER_KEY))
      for (const printed of [JSON.stringify(settings), String(settings.databaseUrl), format(settings), inspect(settings, { depth: 10 })]) {
        for (const [name, secret] of Object.entries(SECRETS)) {
          if (/SECRET|PASSWORD|KEY|DATABASE_URL|REDIS_URL|HEADERS/.test(name)) expect(printed, name).not.toContain(secret)
        }
      }
    }))

  it.effect("are not printed when the start is refused", () =>
    Effect.gen(function*() {
      const problems = yield* problemsWith({ ...SECRETS, NODE_ENV: "production", PORT: "x", APP_URL: "ftp://x" })
      expect(problems.length).toBeGreaterThan(0)
      for (const secret of Object.values(SECRETS).filter((value) => value.includes("secret"))) expect(problems.join("\n")).not.toContain(secret)
    }))
})

describe("the ConfigProvider in context", () => {
  it.effect("is where the settings come from: a map of variables starts the server as the environment would", () =>
    Effect.gen(function*() {
      const settings = yield* loadSettings.pipe(
        Effect.provideService(
          ConfigProvider.ConfigProvider,
          ConfigProvider.fromUnknown({ PORT: "4123", LOG_LEVEL: "DEBUG", BLUELIGHT_ADMIN_IDENTITY_IDS: " a, b ,," })
        )
      )
      expect({ port: settings.port, logLevel: settings.logLevel, admins: settings.adminIdentityIds, appUrl: settings.appUrl }).toEqual({
        port: 4123,
        logLevel: "debug",
        admins: ["a", "b"],
        appUrl: "http://localhost:4123"
      })
    }))
})

describe("the identity provider's member read (role sync)", () => {
  const MEMBER = { IDP_MEMBER_URL: "https://idp.example/api/guilds/{guildId}/members/{userId}", IDP_GUILD_ID: "42", IDP_BOT_TOKEN: "bot" }

  it.effect("all three or none: none is no member read; all three are read, the token redacted; IDP_ROLE_SYNC_MINUTES defaults to 10", () =>
    Effect.gen(function*() {
      const none = Result.getOrThrow(yield* load({}))
      expect(Option.isNone(none.roleSync)).toBe(true)
      expect(none.roleSyncMinutes).toBe(10)
      const all = Result.getOrThrow(yield* load({ ...MEMBER, IDP_ROLE_SYNC_MINUTES: "1440" }))
      expect(Option.map(all.roleSync, (read) => ({ ...read, botToken: Redacted.value(read.botToken) }))).toEqual(
        Option.some({ memberUrl: MEMBER.IDP_MEMBER_URL, guildId: "42", botToken: "bot" })
      )
      expect(all.roleSyncMinutes).toBe(1440)
      expect(format("%j", all.roleSync)).not.toContain("\"bot\"")
    }))

  it.effect("a partial set names the missing ones; the URL must be http(s) with {userId}; the minutes 1 to 1440", () =>
    Effect.gen(function*() {
      const problems = (env: Record<string, string>) => Effect.map(load(env), Result.match({ onFailure: (error) => error.problems, onSuccess: () => [] }))
      expect(yield* problems({ IDP_GUILD_ID: "42" })).toEqual(["missing required setting IDP_MEMBER_URL", "missing required setting IDP_BOT_TOKEN"])
      for (const url of ["ftp://idp.example/{userId}", "https://idp.example/members/", "not a url {userId}"]) {
        expect((yield* problems({ ...MEMBER, IDP_MEMBER_URL: url })).join("\n"), url).toMatch(/IDP_MEMBER_URL must be an http\(s\) URL with \{userId\}/)
      }
      for (const minutes of ["0", "1441", "1.5"]) {
        expect((yield* problems({ IDP_ROLE_SYNC_MINUTES: minutes })).join("\n"), minutes).toMatch(/IDP_ROLE_SYNC_MINUTES must be an integer from 1 to 1440/)
      }
    }))
})
