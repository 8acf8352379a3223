/**
 * The places for open streams over Redis: counted across connections (each
 * one an instance), renewed while held, lapsing when the instance holding
 * them stops, and counted in memory while Redis is out of reach.
 */
import { StreamSlots } from "@bluelight/core/cad"
import { describe, expect, it } from "@effect/vitest"
import { Context, Duration, Effect, Exit, Layer, Logger, Option, Scope } from "effect"
import type { Redis } from "ioredis"
import { randomUUID } from "node:crypto"
import { layerStreamSlots, makeSharedStreamSlots } from "../src/index.js"
import { redisClockPasses, redisNow } from "./redisClock.js"
import { captureLogs, connection, UNREACHABLE } from "./redisTestKit.js"

// CI sets TEST_REDIS_URL; without it (a newcomer's npm test) there is no Redis to count in, and
// only the cases without Redis run.
const redisUrl = process.env["TEST_REDIS_URL"]
const redisUrls = redisUrl === undefined || redisUrl === "" ? [] : [redisUrl]
// Short, so that a lapse is seen in a test; renewed every third of it.
const LEASE = Duration.millis(900)

const freshKey = () => `test-streams:${randomUUID()}`

/** Takes a place in a scope of its own (closed at the latest with the test's), which the test may close: the stream ends. */
const takeIn = (slots: typeof StreamSlots.Service, key: string, limit: number) =>
  Effect.flatMap(
    Effect.flatMap(Effect.scope, (test) => Scope.fork(test, "sequential")),
    (scope) => Effect.map(Scope.provide(slots.take(key, limit), scope), (taken) => ({ taken, scope }))
  )

const instance = (redis: Redis) => makeSharedStreamSlots(redis, LEASE)

for (const redisUrl of redisUrls)
  describe("stream places over Redis", () => {
    const twoInstances = Effect.all([Effect.flatMap(connection(redisUrl), instance), Effect.flatMap(connection(redisUrl), instance)])

    it.live("are counted across instances: five in all, and one ended on A frees one on B", () =>
      Effect.gen(function*() {
        const [a, b] = yield* twoInstances
        const key = freshKey()
        const onA = yield* Effect.all(Array.from({ length: 3 }, () => takeIn(a, key, 5)))
        const onB = yield* Effect.all(Array.from({ length: 2 }, () => takeIn(b, key, 5)))
        expect([...onA, ...onB].map((place) => place.taken)).toEqual([true, true, true, true, true])
        expect((yield* takeIn(a, key, 5)).taken).toBe(false)
        expect((yield* takeIn(b, key, 5)).taken).toBe(false)
        // Another key is not counted with it.
        expect((yield* takeIn(b, freshKey(), 5)).taken).toBe(true)
        yield* Scope.close(onA[0]!.scope, Exit.void)
        expect((yield* takeIn(b, key, 5)).taken).toBe(true)
        expect((yield* takeIn(a, key, 5)).taken).toBe(false)
      }))

    it.live("are renewed while held: a place outlives its lease for as long as its scope lasts", () =>
      Effect.gen(function*() {
        const redis = yield* connection(redisUrl)
        const [a, b] = yield* twoInstances
        const key = freshKey()
        const held = yield* takeIn(a, key, 1)
        expect(held.taken).toBe(true)
        // Three leases later on Redis's clock (the one leases lapse on): unrenewed, the place would be gone.
        yield* redisClockPasses(redis, (yield* redisNow(redis)) + Duration.toMillis(Duration.times(LEASE, 3)))
        expect((yield* takeIn(b, key, 1)).taken).toBe(false)
        yield* Scope.close(held.scope, Exit.void)
        expect((yield* takeIn(b, key, 1)).taken).toBe(true)
      }))

    it.live("lapse within the lease when the instance holding them stops", () =>
      Effect.gen(function*() {
        const crashing = yield* connection(redisUrl)
        const surviving = yield* connection(redisUrl)
        const a = yield* instance(crashing)
        const b = yield* instance(surviving)
        const key = freshKey()
        // B's own place, renewed throughout, keeps the set alive: A's lease must lapse on its own.
        expect((yield* takeIn(b, key, 2)).taken).toBe(true)
        expect((yield* takeIn(a, key, 2)).taken).toBe(true)
        // The instance stops: neither renewal nor removal reaches Redis again.
        crashing.disconnect()
        expect((yield* takeIn(b, key, 2)).taken).toBe(false)
        // A lease and 200 ms after the stop, on Redis's clock (the one leases lapse on).
        yield* redisClockPasses(surviving, (yield* redisNow(surviving)) + Duration.toMillis(Duration.sum(LEASE, Duration.millis(200))))
        expect((yield* takeIn(b, key, 2)).taken).toBe(true)
        expect((yield* takeIn(b, key, 2)).taken).toBe(false)
      }).pipe(Effect.provide(Logger.layer([]))))
  })

describe("stream places without Redis", () => {
  it.live("are counted in memory when none is configured", () =>
    Effect.gen(function*() {
      const slots = yield* Effect.map(Layer.build(layerStreamSlots({ redis: Option.none() })), Context.get(StreamSlots))
      const key = freshKey()
      expect((yield* takeIn(slots, key, 1)).taken).toBe(true)
      expect((yield* takeIn(slots, key, 1)).taken).toBe(false)
    }))

  it.live("are counted in memory while Redis is out of reach, with one warning that names no URL", () => {
    const logs = captureLogs()
    return Effect.gen(function*() {
      const slots = yield* Effect.flatMap(connection(UNREACHABLE), instance)
      const key = freshKey()
      const first = yield* takeIn(slots, key, 2)
      const places = [first, yield* takeIn(slots, key, 2), yield* takeIn(slots, key, 2)]
      expect(places.map((place) => place.taken)).toEqual([true, true, false])
      yield* Scope.close(first.scope, Exit.void)
      expect((yield* takeIn(slots, key, 2)).taken).toBe(true)
      expect(logs.warnings().length).toBe(1)
      expect(logs.lines.join("\n")).not.toMatch(/s3cret|127\.0\.0\.1:1|redis:\/\//)
    }).pipe(Effect.provide(logs.layer))
  })
})
