import { RateLimiter, StrictRateLimiter } from "@bluelight/core/identity"
import { describe, expect, it } from "@effect/vitest"
import { Context, Duration, Effect, Fiber, Layer, Logger, Option } from "effect"
import { RateLimiter as EffectRateLimiter } from "effect/persistence"
import { TestClock } from "effect/testing"
import { Redis } from "ioredis"
import { randomUUID } from "node:crypto"
import { afterAll } from "vitest"
import {
  layerRateLimiter,
  makeMemorySlidingLog,
  makeRedisRateLimiter,
  makeRedisSlidingLog,
  makeResilientRateLimiters,
  MemoryRateLimiter,
  REDIS_DEADLINE
} from "../src/index.js"
import { captureLogs, connection, UNREACHABLE } from "./redisTestKit.js"

// CI always sets it; without it the Redis cases are simply not generated.
const redisUrl = process.env["TEST_REDIS_URL"]
const redisUrls = redisUrl === undefined || redisUrl === "" ? [] : [redisUrl]

/** Both limiters over a connection of their own to `url`, closed with the scope. */
const resilient = (url: string) => Effect.flatMap(connection(url), (redis) => Layer.build(layerRateLimiter({ redis: Option.some(redis) })))

// A random prefix per run, so runs against one Redis never share a counter.
const prefix = `test-${randomUUID()}`
let keys = 0
const freshKey = () => `${prefix}:${++keys}`

// Long enough that a real-clock test almost never straddles a window's end.
const WINDOW = 3600

/**
 * A rate limiter to run the shared behaviour against. Both run on the test
 * clock: the instance's clock names the window (the Redis counter's key
 * included), so moving it rolls the windows in Redis too.
 */
interface Subject {
  readonly name: string
  readonly layer: Layer.Layer<RateLimiter>
}

const memory: Subject = { name: "memory", layer: MemoryRateLimiter }

/** Effect's limiter over the aligned Redis store alone, a failure being a test failure. */
const redis = (url: string): Subject => ({
  name: "redis",
  layer: Layer.effect(RateLimiter, Effect.flatMap(connection(url), makeRedisRateLimiter))
})

const consumeMany = (key: string, times: number, limit: number, windowSeconds = WINDOW) =>
  Effect.flatMap(RateLimiter, (limiter) => Effect.forEach(Array.from({ length: times }), () => limiter.consume(key, limit, windowSeconds)))

for (const subject of [memory, ...redisUrls.map(redis)]) {
  describe(`rate limiter (${subject.name})`, () => {
    const test = (name: string, body: () => Effect.Effect<void, never, RateLimiter>) => it.effect(name, () => Effect.provide(body(), subject.layer))

    test("allows the 60th request and refuses the 61st", () =>
      Effect.gen(function*() {
        const decisions = yield* consumeMany(freshKey(), 61, 60)
        expect(decisions.slice(0, 60).every((d) => d.allowed)).toBe(true)
        expect(decisions[60]).toMatchObject({ allowed: false, limit: 60, remaining: 0 })
      }))

    test("counts remaining down to 0 and stays there", () =>
      Effect.gen(function*() {
        const decisions = yield* consumeMany(freshKey(), 7, 5)
        expect(decisions.map((d) => d.remaining)).toEqual([4, 3, 2, 1, 0, 0, 0])
        expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, false, false])
      }))

    test("answers a reset within the window, in whole seconds", () =>
      Effect.gen(function*() {
        for (const windowSeconds of [1, 60, WINDOW]) {
          const [decision] = yield* consumeMany(freshKey(), 1, 10, windowSeconds)
          expect(Number.isInteger(decision!.resetSeconds)).toBe(true)
          expect(decision!.resetSeconds).toBeGreaterThan(0)
          expect(decision!.resetSeconds).toBeLessThanOrEqual(windowSeconds)
        }
      }))

    test("starts over in a new window", () =>
      Effect.gen(function*() {
        const key = freshKey()
        const first = yield* consumeMany(key, 3, 2, 1)
        expect(first.map((d) => d.allowed)).toEqual([true, true, false])
        yield* TestClock.adjust(Duration.millis(1_100))
        const [next] = yield* consumeMany(key, 1, 2, 1)
        expect(next).toMatchObject({ allowed: true, remaining: 1 })
      }))

    test("counts a window from its start, not from the first request", () =>
      Effect.gen(function*() {
        const limiter = yield* RateLimiter
        yield* TestClock.adjust(Duration.millis(59_500))
        const key = freshKey()
        expect(yield* limiter.consume(key, 1, 60)).toMatchObject({ allowed: true, resetSeconds: 1 })
        expect(yield* limiter.consume(key, 1, 60)).toMatchObject({ allowed: false, resetSeconds: 1 })
        yield* TestClock.adjust(Duration.millis(500))
        expect(yield* limiter.consume(key, 1, 60)).toMatchObject({ allowed: true, resetSeconds: 60 })
      }))

    test("lets exactly the limit through 100 concurrent requests", () =>
      Effect.gen(function*() {
        const limiter = yield* RateLimiter
        const key = freshKey()
        const decisions = yield* Effect.all(
          Array.from({ length: 100 }, () => limiter.consume(key, 50, WINDOW)),
          { concurrency: "unbounded" }
        )
        const allowed = decisions.filter((d) => d.allowed)
        expect(allowed.length).toBe(50)
        expect(allowed.map((d) => d.remaining).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i))
      }))
  })
}

for (const url of redisUrls) {
  describe("rate limiter (redis only)", () => {
    const inspector = new Redis(url, { lazyConnect: true })
    afterAll(async () => {
      const stale = await inspector.keys(`bluelight:rl:${prefix}:*`)
      if (stale.length > 0) await inspector.del(...stale)
      await inspector.quit()
    })

    const instance = Effect.flatMap(connection(url), makeRedisRateLimiter)

    it.effect("two instances share one counter", () =>
      Effect.gen(function*() {
        const a = yield* instance
        const b = yield* instance
        const key = freshKey()
        for (const limiter of [a, b]) {
          for (let i = 0; i < 30; i++) expect((yield* limiter.consume(key, 60, WINDOW)).allowed).toBe(true)
        }
        expect(yield* a.consume(key, 60, WINDOW)).toMatchObject({ allowed: false, remaining: 0 })
        expect(yield* b.consume(key, 60, WINDOW)).toMatchObject({ allowed: false, remaining: 0 })
      }))

    it.effect("keys a counter by the clock's window and expires it with the window", () =>
      Effect.gen(function*() {
        const limiter = yield* instance
        const key = freshKey()
        // Half way into the clock's eighth minute.
        yield* TestClock.adjust(Duration.seconds(7 * 60 + 30))
        yield* limiter.consume(key, 5, 60)
        const stored = yield* Effect.promise(() => inspector.keys(`bluelight:rl:${key}:*`))
        expect(stored).toEqual([`bluelight:rl:${key}:7`])
        const ttl = yield* Effect.promise(() => inspector.pttl(stored[0]!))
        expect(ttl).toBeGreaterThan(0)
        expect(ttl).toBeLessThanOrEqual(30_000)
      }))

    it.effect("the resilient limiter counts in Redis while it answers", () =>
      Effect.gen(function*() {
        const a = yield* Effect.map(resilient(url), Context.get(RateLimiter))
        const b = yield* Effect.map(resilient(url), Context.get(RateLimiter))
        const key = freshKey()
        expect((yield* a.consume(key, 2, WINDOW)).allowed).toBe(true)
        expect((yield* b.consume(key, 2, WINDOW)).allowed).toBe(true)
        expect((yield* a.consume(key, 2, WINDOW)).allowed).toBe(false)
      }))
  })
}

// Developer Access's budget: five attempts in any fifteen minutes.
const LIMIT = 5
const LOG_WINDOW = 900

/** The Redis sliding log behind the port, a failure being a test failure. */
const redisLogAsPort = (url: string) =>
  Layer.effect(
    StrictRateLimiter,
    Effect.map(Effect.map(connection(url), makeRedisSlidingLog), (log) => ({
      consume: (key: string, limit: number, windowSeconds: number) => Effect.orDie(log.consume(key, limit, windowSeconds))
    }))
  )

// Both run on the test clock: the Redis log scores each attempt by the time it is sent with.
const slidingLogs = [
  { name: "memory", layer: Layer.effect(StrictRateLimiter, makeMemorySlidingLog) },
  ...redisUrls.map((url) => ({ name: "redis", layer: redisLogAsPort(url) }))
]

const attempts = (key: string, times: number) =>
  Effect.flatMap(StrictRateLimiter, (log) => Effect.forEach(Array.from({ length: times }), () => log.consume(key, LIMIT, LOG_WINDOW)))

for (const { name, layer } of slidingLogs) {
  describe(`sliding log (${name})`, () => {
    it.effect("allows the limit and refuses the next attempt, with the time until a place frees", () =>
      Effect.gen(function*() {
        const decisions = yield* attempts(freshKey(), LIMIT + 2)
        expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, false, false])
        expect(decisions.map((d) => d.remaining)).toEqual([4, 3, 2, 1, 0, 0, 0])
        expect(decisions[LIMIT]).toMatchObject({ limit: LIMIT, resetSeconds: LOG_WINDOW })
      }).pipe(Effect.provide(layer)))

    it.effect("slides across a fixed window's boundary: five attempts just before it leave no room just after", () =>
      Effect.gen(function*() {
        const key = freshKey()
        // Fixed fifteen-minute blocks would end at 900 s and start afresh.
        yield* TestClock.adjust(Duration.seconds(LOG_WINDOW - 1))
        expect((yield* attempts(key, LIMIT)).every((d) => d.allowed)).toBe(true)
        yield* TestClock.adjust(Duration.seconds(2))
        expect((yield* attempts(key, LIMIT)).map((d) => d.allowed)).toEqual([false, false, false, false, false])
        const [refused] = yield* attempts(key, 1)
        expect(refused).toMatchObject({ allowed: false, resetSeconds: LOG_WINDOW - 2 })
        // A whole window after the five, they have all left it.
        yield* TestClock.adjust(Duration.seconds(LOG_WINDOW - 2))
        expect((yield* attempts(key, LIMIT + 1)).map((d) => d.allowed)).toEqual([true, true, true, true, true, false])
      }).pipe(Effect.provide(layer)))

    it.effect("frees one place as each attempt leaves the window; refused attempts are not logged", () =>
      Effect.gen(function*() {
        const key = freshKey()
        for (let i = 0; i < LIMIT; i++) {
          expect((yield* attempts(key, 1))[0]!.allowed).toBe(true)
          yield* TestClock.adjust(Duration.seconds(100))
        }
        // At 500 s: full, and the oldest (0 s) leaves at 900 s. Refusals change nothing.
        expect((yield* attempts(key, 3)).map((d) => [d.allowed, d.resetSeconds])).toEqual([[false, 400], [false, 400], [false, 400]])
        yield* TestClock.adjust(Duration.seconds(400))
        const [freed, full] = yield* attempts(key, 2)
        expect(freed).toMatchObject({ allowed: true, remaining: 0, resetSeconds: 100 })
        expect(full).toMatchObject({ allowed: false, resetSeconds: 100 })
      }).pipe(Effect.provide(layer)))

    it.effect("lets exactly the limit through 20 concurrent attempts", () =>
      Effect.gen(function*() {
        const log = yield* StrictRateLimiter
        const key = freshKey()
        const decisions = yield* Effect.all(Array.from({ length: 20 }, () => log.consume(key, LIMIT, LOG_WINDOW)), { concurrency: "unbounded" })
        expect(decisions.filter((d) => d.allowed).length).toBe(LIMIT)
      }).pipe(Effect.provide(layer)))
  })
}

for (const url of redisUrls) {
  describe("sliding log (redis only)", () => {
    const inspector = new Redis(url, { lazyConnect: true })
    afterAll(async () => {
      const stale = await inspector.keys(`bluelight:log:${prefix}:*`)
      if (stale.length > 0) await inspector.del(...stale)
      await inspector.quit()
    })

    it.live("keeps one sorted set per key that expires a window after its newest attempt, shared by two instances", () =>
      Effect.gen(function*() {
        const instance = Effect.map(connection(url), makeRedisSlidingLog)
        const [a, b] = [yield* instance, yield* instance]
        const key = freshKey()
        for (const log of [a, b, a, b, a]) expect((yield* log.consume(key, LIMIT, 60)).allowed).toBe(true)
        expect((yield* b.consume(key, LIMIT, 60)).allowed).toBe(false)
        const stored = `bluelight:log:${key}`
        expect(yield* Effect.promise(() => inspector.zcard(stored))).toBe(LIMIT)
        const ttl = yield* Effect.promise(() => inspector.pttl(stored))
        expect(ttl).toBeGreaterThan(0)
        expect(ttl).toBeLessThanOrEqual(60_000)
      }))
  })
}

/** A Redis store answering `fixedWindow` as given (the limiters use nothing else of it). */
const storeWith = (fixedWindow: EffectRateLimiter.RateLimiterStore["Service"]["fixedWindow"]) =>
  EffectRateLimiter.RateLimiterStore.of({
    fixedWindow,
    tokenBucket: () => Effect.never,
    adaptiveConsume: () => Effect.never,
    adaptiveFeedback: () => Effect.never
  })

describe("resilient rate limiter", () => {
  it.live("without Redis counts in memory, strict included", () =>
    Effect.gen(function*() {
      const context = yield* Layer.build(layerRateLimiter({ redis: Option.none() }))
      for (const limiter of [Context.get(context, RateLimiter), Context.get(context, StrictRateLimiter)]) {
        const key = freshKey()
        expect((yield* limiter.consume(key, 1, WINDOW)).allowed).toBe(true)
        expect((yield* limiter.consume(key, 1, WINDOW)).allowed).toBe(false)
      }
    }))

  it.live("falls back to memory when Redis is unreachable, and warns without the URL, not per request", () => {
    const logs = captureLogs()
    return Effect.gen(function*() {
      const limiter = yield* Effect.map(resilient(UNREACHABLE), Context.get(RateLimiter))
      const key = freshKey()
      const decisions = yield* Effect.forEach([1, 2, 3], () => limiter.consume(key, 2, WINDOW))
      expect(decisions.map((d) => d.allowed)).toEqual([true, true, false])
      // One when requests first fall back: never one per request.
      expect(logs.warnings().length).toBe(1)
      expect(logs.lines.join("\n")).not.toMatch(/s3cret|127\.0\.0\.1:1|redis:\/\//)
    }).pipe(Effect.provide(logs.layer))
  })

  it.live("strict limits fail as unavailable while Redis is unreachable, never counting locally", () =>
    Effect.gen(function*() {
      const strict = yield* Effect.map(resilient(UNREACHABLE), Context.get(StrictRateLimiter))
      const key = freshKey()
      for (let i = 0; i < 3; i++) expect((yield* Effect.flip(strict.consume(key, 5, 60)))._tag).toBe("AttemptCounterUnavailable")
    }).pipe(Effect.provide(Logger.layer([]))))

  it.effect("waits for a ready connection's answer past the old 250 ms, up to the deadline, so a burst is still counted in Redis", () =>
    Effect.gen(function*() {
      // Redis answers after 2.5 s (a burst queued behind the event loop); its count says "the 10th".
      const slow = storeWith(() => Effect.as(Effect.sleep(Duration.millis(2500)), [10, 60_000] as const))
      const context = yield* makeResilientRateLimiters(slow, { consume: () => Effect.never }, { status: "ready" })
      const fiber = yield* Effect.forkChild(Context.get(context, RateLimiter).consume(freshKey(), 100, WINDOW))
      yield* TestClock.adjust(Duration.millis(2500))
      expect(yield* Fiber.join(fiber)).toEqual({ allowed: true, limit: 100, remaining: 90, resetSeconds: 60 })
      expect(Duration.toMillis(REDIS_DEADLINE)).toBeGreaterThan(2500)
    }).pipe(Effect.provide(Logger.layer([]))))

  it.effect("falls back at once, sending nothing, while the connection is not ready (closed, connecting, reconnecting)", () => {
    const logs = captureLogs()
    return Effect.gen(function*() {
      let sent = 0
      const counting = storeWith(() => Effect.sync(() => sent++).pipe(Effect.andThen(Effect.never)))
      const countingLog = { consume: () => Effect.sync(() => sent++).pipe(Effect.andThen(Effect.never)) }
      const connection = { status: "reconnecting" as const }
      const context = yield* makeResilientRateLimiters(counting, countingLog, connection)
      const key = freshKey()
      // No clock moves: nothing waits.
      const decisions = yield* Effect.forEach([1, 2, 3], () => Context.get(context, RateLimiter).consume(key, 2, WINDOW))
      expect(decisions.map((d) => d.allowed)).toEqual([true, true, false])
      expect((yield* Effect.flip(Context.get(context, StrictRateLimiter).consume(freshKey(), 2, WINDOW)))._tag).toBe("AttemptCounterUnavailable")
      expect(sent).toBe(0)
      expect(logs.warnings().length).toBe(1)
      expect(logs.lines.join("\n")).toContain("connection reconnecting")
    }).pipe(Effect.provide(logs.layer))
  })

  it.effect("does not wait for a Redis that does not answer, and warns at most every 30 seconds", () => {
    const logs = captureLogs()
    return Effect.gen(function*() {
      const silent = storeWith(() => Effect.never)
      const context = yield* makeResilientRateLimiters(silent, { consume: () => Effect.never }, { status: "ready" })
      const [lenient, strict] = [Context.get(context, RateLimiter), Context.get(context, StrictRateLimiter)]
      const key = freshKey()
      const answered = <A, E>(effect: Effect.Effect<A, E>) =>
        Effect.gen(function*() {
          const fiber = yield* Effect.forkChild(effect)
          yield* TestClock.adjust(REDIS_DEADLINE)
          return yield* Fiber.join(fiber)
        })
      expect((yield* answered(lenient.consume(key, 2, WINDOW))).allowed).toBe(true)
      expect((yield* answered(lenient.consume(key, 2, WINDOW))).allowed).toBe(true)
      expect((yield* answered(lenient.consume(key, 2, WINDOW))).allowed).toBe(false)
      expect((yield* answered(Effect.flip(strict.consume(freshKey(), 2, WINDOW))))._tag).toBe("AttemptCounterUnavailable")
      expect(logs.warnings().length).toBe(1)
      yield* TestClock.adjust(Duration.seconds(30))
      yield* answered(lenient.consume(freshKey(), 2, WINDOW))
      expect(logs.warnings().length).toBe(2)
    }).pipe(Effect.provide(logs.layer))
  })
})
