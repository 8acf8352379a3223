import { describe, expect, it } from "@effect/vitest"
import { Effect, Logger, Option, Redacted } from "effect"
import { once } from "node:events"
import { redisConnection, redisHealth } from "../src/index.js"

// CI always sets it; without it the cases that need a Redis are not generated.
const redisUrl = process.env["TEST_REDIS_URL"]
const redisUrls = redisUrl === undefined || redisUrl === "" ? [] : [redisUrl]
// Nothing listens on port 1: connections are refused at once.
const UNREACHABLE = "redis://:s3cret-password@127.0.0.1:1"

/** Every log line, as logfmt. */
const captureLogs = () => {
  const lines: Array<string> = []
  const layer = Logger.layer([
    Logger.map(Logger.formatLogFmt, (line) => {
      lines.push(line)
    })
  ])
  return { lines, layer }
}

/** The connection to `url`, closed with the scope, and the health check over it. */
const build = (url: string) => Effect.map(redisConnection(Redacted.make(url)), (redis) => ({ redis, health: redisHealth(Option.some(redis)) }))

describe("the server's Redis connection", () => {
  it.effect("health says off without one", () =>
    Effect.gen(function*() {
      expect(yield* redisHealth(Option.none()).check).toBe("off")
    }))

  it.live("an unreachable Redis: start-up goes on with one warning that never names the URL, and health says down", () => {
    const logs = captureLogs()
    return Effect.gen(function*() {
      const { health } = yield* build(UNREACHABLE)
      expect(yield* health.check).toBe("down")
      const warnings = logs.lines.filter((line) => line.includes("level=WARN"))
      expect(warnings.length).toBe(1)
      expect(warnings[0]).toMatch(/Redis unavailable at start-up/)
      expect(logs.lines.join("\n")).not.toMatch(/s3cret|127\.0\.0\.1:1|redis:\/\//)
    }).pipe(Effect.provide(logs.layer))
  })

  for (const url of redisUrls) {
    it.live("connects before start-up goes on, health says up, and closes with the scope", () =>
      Effect.gen(function*() {
        const redis = yield* Effect.scoped(Effect.gen(function*() {
          const { health, redis } = yield* build(url)
          expect(redis.status).toBe("ready")
          expect(yield* health.check).toBe("up")
          return redis
        }))
        // QUIT is answered before the socket closes: the connection ends just after.
        if (redis.status !== "end") yield* Effect.promise(() => once(redis, "end"))
        expect(redis.status).toBe("end")
      }))
  }
})
