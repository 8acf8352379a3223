/**
 * The live picture and the game's read gate shared through Redis
 * (`@bluelight/adapters-redis`), over the game adapter's reads of the
 * simulator: the two adapters meet only here, where the server composes them.
 */
import { bothGates, type GameServerSimulator, makeHttpLiveSource, makeMemoryRateGate, startGameServerSimulator } from "@bluelight/adapters-game"
import { makeRedisLivePicture, makeRedisRateGate } from "@bluelight/adapters-redis"
import { type LivePicture, LiveSource, type RateGate } from "@bluelight/core/game"
import { describe, expect, it } from "@effect/vitest"
import { Clock, Duration, Effect, Layer, Logger, Redacted, Schedule } from "effect"
import { FetchHttpClient } from "effect/http"
import { Redis } from "ioredis"
import { randomUUID } from "node:crypto"

const simulatorFor = Effect.acquireRelease(Effect.promise(() => startGameServerSimulator()), (s) => Effect.promise(() => s.close()))

/** The uncached reads of one instance, with its own gate and the shared one. */
const sourceOf = (simulator: GameServerSimulator, shared: RateGate) =>
  Effect.gen(function*() {
    const local = yield* makeMemoryRateGate
    const source = yield* makeHttpLiveSource(
      { apiUrl: simulator.url, serverKey: Redacted.make(simulator.serverKey), readTimeout: Duration.seconds(5) },
      bothGates(local, shared)
    ).pipe(Effect.provide(FetchHttpClient.layer))
    return Layer.succeed(LiveSource, source)
  })

/** Waits until this process's clock is past `at` (epoch ms), asking it every millisecond: a bounded poll, not a sleep. */
const clockPasses = (at: number) =>
  Clock.currentTimeMillis.pipe(
    Effect.repeat({ until: (now) => now > at, schedule: Schedule.spaced("1 millis") }),
    Effect.timeout("10 seconds"),
    Effect.asVoid
  )

const readers = (picture: LivePicture["Service"], n: number) => Effect.all(Array.from({ length: n }, () => picture.snapshot), { concurrency: "unbounded" })

// Nothing listens on port 1: connections are refused at once.
const UNREACHABLE = "redis://127.0.0.1:1"

describe("the live picture while Redis cannot be asked", () => {
  it.live("reads on its own, once for every concurrent reader, and answers", () =>
    Effect.gen(function*() {
      const simulator = yield* simulatorFor
      const redis = yield* Effect.acquireRelease(
        Effect.sync(() => {
          const redis = new Redis(UNREACHABLE, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 })
          redis.on("error", () => {})
          return redis
        }),
        (r) => Effect.sync(() => r.disconnect())
      )
      const server = randomUUID()
      const source = yield* sourceOf(simulator, makeRedisRateGate(redis, server))
      const picture = yield* makeRedisLivePicture(redis, server, { readTimeout: Duration.seconds(5) }).pipe(Effect.provide(source))
      const answers = yield* readers(picture, 10)
      expect(new Set(answers.map((a) => a.observedAt.epochMilliseconds)).size).toBe(1)
      expect(simulator.readsOf("/v2/server")).toBe(1)
      expect(yield* picture.health).toMatchObject({ answering: true, problem: null })
    }).pipe(Effect.provide(Logger.layer([]))))
})

// CI sets TEST_REDIS_URL; without it (a newcomer's npm test) there is no Redis to test.
const redisUrl = process.env["TEST_REDIS_URL"]
const redisUrls = redisUrl === undefined || redisUrl === "" ? [] : [redisUrl]

for (const redisUrl of redisUrls)
  describe("the live picture shared through Redis", () => {
    const connection = Effect.acquireRelease(Effect.sync(() => new Redis(redisUrl, { lazyConnect: false })), (r) => Effect.sync(() => r.disconnect()))

    /** One instance's picture: its own Redis connection, reads and gate, the store shared under `server`. */
    const instance = (simulator: GameServerSimulator, server: string, ttl: Duration.Input) =>
      Effect.gen(function*() {
        const redis = yield* connection
        const source = yield* sourceOf(simulator, makeRedisRateGate(redis, server))
        return yield* makeRedisLivePicture(redis, server, { ttl, readTimeout: Duration.seconds(5) }).pipe(Effect.provide(source))
      })

    it.live("makes one read of the game for N concurrent readers on two instances, a failure too, and says so in health", () =>
      Effect.gen(function*() {
        const simulator = yield* simulatorFor
        const server = randomUUID()
        const ttl = Duration.millis(300)
        const one = yield* instance(simulator, server, ttl)
        const two = yield* instance(simulator, server, ttl)
        const [a, b] = yield* Effect.all([readers(one, 20), readers(two, 20)], { concurrency: "unbounded" })
        expect(new Set([...a, ...b].map((s) => s.observedAt.epochMilliseconds)).size).toBe(1)
        expect(simulator.readsOf("/v2/server")).toBe(1)
        const observedAt = a[0]!.observedAt.epochMilliseconds
        expect(yield* two.health).toMatchObject({ answering: true, problem: null })
        expect((yield* one.health).observedAt?.getTime()).toBe(observedAt)

        simulator.readsFail = true
        // Once the refresh is over, the next read fails, and its failure answers every reader on both.
        yield* Effect.retry(Effect.flip(one.snapshot), { schedule: Schedule.spaced("50 millis"), times: 100 })
        const reads = simulator.readsOf("/v2/server")
        const failures = yield* Effect.all([Effect.flip(one.snapshot), Effect.flip(two.snapshot)], { concurrency: "unbounded" })
        expect(failures.map((f) => f.code)).toEqual(["GAME_UNAVAILABLE", "GAME_UNAVAILABLE"])
        expect(simulator.readsOf("/v2/server")).toBe(reads)
        const down = yield* two.health
        expect(down.answering).toBe(false)
        expect(down.observedAt?.getTime()).toBe(observedAt)
        expect(down.problem).toBe("HTTP 500")
      }))

    it.live("holds both instances' reads when one is told to wait (429), sending nothing meanwhile", () =>
      Effect.gen(function*() {
        const simulator = yield* simulatorFor
        const server = randomUUID()
        const one = yield* instance(simulator, server, Duration.millis(1))
        const two = yield* instance(simulator, server, Duration.millis(1))
        simulator.setGlobalLimit({ limit: 1, windowSeconds: 60 })
        yield* one.snapshot
        // The answer said none are left: neither instance sends again in this window. Each ask comes once the
        // last answer's millisecond of freshness is over on the clock it is read on (this process's), so each
        // would read the game again if the gate let it.
        for (let i = 0; i < 5; i++) {
          yield* clockPasses((yield* Clock.currentTimeMillis) + 1)
          expect((yield* Effect.flip(two.snapshot)).retryAfterSeconds).toBeGreaterThanOrEqual(1)
          yield* Effect.flip(one.snapshot)
        }
        expect(simulator.readsOf("/v2/server")).toBe(1)
        expect(simulator.throttled).toBe(0)
      }))
  })
