import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect, Either } from "effect"
import { loadSettings } from "../src/config.js"

const load = (env: Record<string, string>) =>
  loadSettings.pipe(Effect.withConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(env)))), Effect.either)

describe("SHUTDOWN_GRACE_SECONDS", () => {
  it.effect("defaults to 10 seconds, and 0 is allowed", () =>
    Effect.gen(function*() {
      expect(Either.map(yield* load({}), (s) => s.shutdownGraceSeconds)).toEqual(Either.right(10))
      expect(Either.map(yield* load({ SHUTDOWN_GRACE_SECONDS: "0" }), (s) => s.shutdownGraceSeconds)).toEqual(Either.right(0))
    }))

  it.effect("refuses a negative value, more than an hour, or no integer", () =>
    Effect.gen(function*() {
      for (const value of ["-1", "3601", "1.5", "ten"]) {
        const problems = Either.match(yield* load({ SHUTDOWN_GRACE_SECONDS: value }), {
          onLeft: (error) => error.problems,
          onRight: () => []
        })
        expect(problems.join("\n"), value).toMatch(/SHUTDOWN_GRACE_SECONDS/)
      }
    }))
})
