import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Schedule } from "effect"
import { Redis } from "ioredis"
import { randomUUID } from "node:crypto"
import { makeRedisGameCommandSlot } from "../src/index.js"
import { captureLogs, connection, UNREACHABLE } from "./redisTestKit.js"

const settings = { cooldown: Duration.seconds(5), leaseTtl: Duration.seconds(30) }

describe("the game-command slot without an answer from Redis", () => {
  it.live("counts as taken (GAME_THROTTLED, logged): sending without it could put two commands in flight", () => {
    const logs = captureLogs()
    return Effect.gen(function*() {
      const slot = makeRedisGameCommandSlot(yield* connection(UNREACHABLE), randomUUID(), settings)
      const refused = yield* Effect.flip(slot.take)
      expect(refused).toMatchObject({ code: "GAME_THROTTLED", retryAfterSeconds: 5 })
      expect(logs.warnings().length).toBe(1)
      expect(logs.lines.join("\n")).not.toMatch(/s3cret|127\.0\.0\.1:1|redis:\/\//)
    }).pipe(Effect.provide(logs.layer))
  })
})

// CI sets TEST_REDIS_URL; without it (a newcomer's npm test) there is no Redis to test.
const redisUrl = process.env["TEST_REDIS_URL"]
const redisUrls = redisUrl === undefined || redisUrl === "" ? [] : [redisUrl]

for (const redisUrl of redisUrls)
  describe("the game-command slot in Redis", () => {
    it.live("is shared by two instances, cools down, and frees itself when its holder never releases", () =>
      Effect.gen(function*() {
        const one = new Redis(redisUrl, { lazyConnect: false })
        const two = new Redis(redisUrl, { lazyConnect: false })
        yield* Effect.addFinalizer(() =>
          Effect.promise(async () => {
            one.disconnect()
            two.disconnect()
          })
        )
        const server = randomUUID()
        const a = makeRedisGameCommandSlot(one, server, { cooldown: Duration.millis(1500), leaseTtl: Duration.millis(1500) })
        const b = makeRedisGameCommandSlot(two, server, { cooldown: Duration.millis(1500), leaseTtl: Duration.millis(1500) })
        const lease = yield* a.take
        const busy = yield* Effect.flip(b.take)
        expect(busy.code).toBe("GAME_THROTTLED")
        expect(busy.message).toMatch(
          /^Another command is in flight to the game server\. This action was not stored; send it again with the same Idempotency-Key/
        )
        yield* lease.release(false)
        const other = yield* b.take
        expect((yield* Effect.flip(a.take)).code).toBe("GAME_THROTTLED")
        yield* other.release(true)
        const cooling = yield* Effect.flip(a.take)
        expect(cooling.retryAfterSeconds).toBeGreaterThanOrEqual(1)
        expect(cooling.message).toContain(`cooling down after the last command: ${cooling.retryAfterSeconds} second`)
        // Another game server has its own slot.
        const elsewhere = yield* makeRedisGameCommandSlot(one, randomUUID(), settings).take
        yield* elsewhere.release(false)
        // Waiting out the cooldown (a real expiry in Redis) frees it.
        yield* Effect.retry(a.take, { schedule: Schedule.spaced("200 millis"), times: 50 })
        // That lease is never released: its expiry frees the slot for the other instance.
        yield* Effect.retry(b.take, { schedule: Schedule.spaced("200 millis"), times: 50 })
      }))
  })
