import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect, Option, Redacted, Result } from "effect"
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
