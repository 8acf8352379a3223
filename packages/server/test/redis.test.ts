import { SharedStoreHealth } from "@bluelight/core/system"
import { describe, expect, it } from "@effect/vitest"
import { Context, Effect, Layer, Logger, Option, Redacted } from "effect"
import { layerRedis, SharedRedis } from "../src/redis.js"

// Nothing listens on port 1: connections are refused at once.
const UNREACHABLE = "redis://127.0.0.1:1"

const build = (url: string | undefined) => Layer.build(layerRedis({ redisUrl: Option.map(Option.fromNullishOr(url), (u) => Redacted.make(u)) }))

/** The connection itself (its start-up, warning and health) is tested in adapters-redis/test/connection.test.ts. */
describe("the server's one Redis connection, as the composition hands it out", () => {
  it.live("is none without REDIS_URL, and health says off", () =>
    Effect.gen(function*() {
      const context = yield* build(undefined)
      expect(Option.isNone(Context.get(context, SharedRedis))).toBe(true)
      expect(yield* Context.get(context, SharedStoreHealth).check).toBe("off")
    }))

  it.live("is the one connection with REDIS_URL, even unreachable, and health watches it", () =>
    Effect.gen(function*() {
      const context = yield* build(UNREACHABLE)
      expect(Option.isSome(Context.get(context, SharedRedis))).toBe(true)
      expect(yield* Context.get(context, SharedStoreHealth).check).toBe("down")
    }).pipe(Effect.provide(Logger.layer([]))))
})
