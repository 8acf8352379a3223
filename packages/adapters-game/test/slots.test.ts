import { makeMemoryGameCommandSlot, makeRedisGameCommandSlot } from "@bluelight/adapters-game"
import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Result, Schedule } from "effect"
import { TestClock } from "effect/testing"
import { Redis } from "ioredis"
import { randomUUID } from "node:crypto"

const settings = { cooldown: Duration.seconds(5), leaseTtl: Duration.seconds(30) }

describe("the in-memory game-command slot", () => {
  it.effect("holds one lease at a time, cools down after a command sent, and frees an abandoned lease", () =>
    Effect.gen(function*() {
      const slot = yield* makeMemoryGameCommandSlot(settings)
      const first = yield* slot.take
      const busy = yield* Effect.flip(slot.take)
      expect(busy).toMatchObject({ code: "GAME_THROTTLED", details: { availability: "unavailable" }, retryAfterSeconds: 5 })
      expect(busy.message).toBe(
        "Another command is in flight to the game server. This action was not stored; send it again with the same Idempotency-Key after Retry-After (5 seconds)"
      )
      yield* first.release(true)
      yield* TestClock.adjust("2 seconds")
      const cooling = yield* Effect.flip(slot.take)
      expect(cooling.retryAfterSeconds).toBe(3)
      expect(cooling.message).toMatch(
        /^The game server is cooling down after the last command: 3 seconds left\. This action was not stored; send it again with the same Idempotency-Key after Retry-After \(3 seconds\)$/
      )
      yield* TestClock.adjust("3 seconds")
      const second = yield* slot.take
      yield* second.release(false)
      // Nothing was sent: no cooldown.
      yield* slot.take
      // That lease is never released (a crash): the slot frees itself after the lease time.
      yield* TestClock.adjust("29 seconds")
      expect(Result.isFailure(yield* Effect.result(slot.take))).toBe(true)
      yield* TestClock.adjust("1 second")
      yield* slot.take
    }))
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
