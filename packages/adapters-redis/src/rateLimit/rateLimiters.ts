import { AttemptCounterUnavailable, type RateDecision, RateLimiter, StrictRateLimiter } from "@bluelight/core/identity"
import { Context, Duration, Effect, Layer, Option } from "effect"
import { RateLimiter as EffectRateLimiter, Redis as EffectRedis } from "effect/persistence"
import type { Redis } from "ioredis"
import { makeEffectRedis } from "../EffectRedis.js"
import { makeOutageWarning, RedisUnavailable, redisFailureReason, withinRedisDeadline } from "../outage.js"
import { makeMemoryStore, makeRedisStore } from "./alignedWindows.js"
import { makeMemorySlidingLog, makeRedisSlidingLog, type RedisSlidingLog } from "./slidingLog.js"

type Store = EffectRateLimiter.RateLimiterStore["Service"]

/** Where the shared counters live in Redis: one key per caller's budget and window. */
export const RATE_LIMIT_PREFIX = "bluelight:rl:"

const wholeSeconds = (duration: Duration.Duration) => Math.max(1, Math.ceil(Duration.toMillis(duration) / 1000))

/**
 * The core `RateLimiter` on Effect's `RateLimiter` over `store`: a refused
 * request (Effect's `RateLimitExceeded`) is a decision, not a failure. The
 * store never fails (the resilient one counts in memory instead), so a store
 * error left over is a defect.
 */
const lenientOn = (store: Store) =>
  Effect.map(Effect.provideService(EffectRateLimiter.make, EffectRateLimiter.RateLimiterStore, store), (limiter): typeof RateLimiter.Service => ({
    consume: (key, limit, windowSeconds) =>
      limiter.consume({ key, limit, window: Duration.seconds(windowSeconds) }).pipe(
        Effect.map((r): RateDecision => ({ allowed: true, limit, remaining: r.remaining, resetSeconds: wholeSeconds(r.resetAfter) })),
        Effect.catch((error) =>
          error.reason._tag === "RateLimitExceeded"
            ? Effect.succeed<RateDecision>({ allowed: false, limit, remaining: 0, resetSeconds: wholeSeconds(error.reason.retryAfter) })
            : Effect.die(error)
        )
      )
  }))

/**
 * The Redis store, or this process's memory whenever Redis cannot count: the
 * connection is not ready (closed, connecting, reconnecting: known without a
 * command, so nobody waits), a command fails, or a ready connection gives no
 * answer within `REDIS_DEADLINE`.
 */
const resilientStore = (
  redis: Store,
  memory: Store,
  connection: Pick<Redis, "status">,
  warn: (error: RedisUnavailable) => Effect.Effect<void>
): Store => {
  const orMemory = <A>(onRedis: Effect.Effect<A, EffectRateLimiter.RateLimiterError>, inMemory: Effect.Effect<A, EffectRateLimiter.RateLimiterError>) =>
    withinRedisDeadline(
      connection,
      Effect.mapError(
        onRedis,
        (error) => new RedisUnavailable({ reason: redisFailureReason(connection, "cause" in error.reason ? error.reason.cause : error) })
      )
    ).pipe(Effect.tapError(warn), Effect.catch(() => inMemory))
  return EffectRateLimiter.RateLimiterStore.of({
    fixedWindow: (options) => orMemory(redis.fixedWindow(options), memory.fixedWindow(options)),
    tokenBucket: (options) => orMemory(redis.tokenBucket(options), memory.tokenBucket(options)),
    adaptiveConsume: (options) => orMemory(redis.adaptiveConsume(options), memory.adaptiveConsume(options)),
    adaptiveFeedback: (options) => orMemory(redis.adaptiveFeedback(options), memory.adaptiveFeedback(options))
  })
}

/**
 * Both limiters over Redis: the lenient one (Effect's `RateLimiter`, aligned
 * fixed windows) counts in this process's memory when Redis cannot count (a
 * limit that holds per instance beats refusing everyone); the strict one (the
 * sliding log) fails with `AttemptCounterUnavailable` instead.
 */
export const makeResilientRateLimiters = (
  redis: Store,
  log: typeof RedisSlidingLog.Service,
  connection: Pick<Redis, "status">
) =>
  Effect.gen(function*() {
    const memory = yield* makeMemoryStore
    const warn = yield* makeOutageWarning("Redis unavailable for rate limits: counting in process memory, refusing strict limits")
    const lenient = yield* lenientOn(resilientStore(redis, memory, connection, warn))
    const strict: typeof StrictRateLimiter.Service = {
      consume: (key, limit, windowSeconds) =>
        withinRedisDeadline(connection, log.consume(key, limit, windowSeconds)).pipe(
          Effect.tapError(warn),
          Effect.mapError(() => new AttemptCounterUnavailable())
        )
    }
    return Context.make(RateLimiter, lenient).pipe(Context.add(StrictRateLimiter, strict))
  })

/** Per-process aligned fixed windows (Effect's `RateLimiter` over the memory store), driven by the Effect `Clock`. */
export const MemoryRateLimiter: Layer.Layer<RateLimiter> = Layer.effect(RateLimiter, Effect.flatMap(makeMemoryStore, lenientOn))

/** Effect's `RateLimiter` over the aligned Redis store alone, failures being defects: for tests of the shared counters. */
export const makeRedisRateLimiter = (redis: Redis) =>
  Effect.flatMap(
    makeEffectRedis(redis),
    (service) => Effect.flatMap(Effect.provideService(makeRedisStore(RATE_LIMIT_PREFIX), EffectRedis.Redis, service), lenientOn)
  )

/**
 * `RateLimiter` and `StrictRateLimiter`: shared through the given Redis
 * connection (the server's one, which it opens and closes), in process memory
 * without one (one instance, so strict has nothing to fail on).
 */
export const layerRateLimiter = (options: {
  readonly redis: Option.Option<Redis>
}): Layer.Layer<RateLimiter | StrictRateLimiter> =>
  Layer.effectContext(Option.match(options.redis, {
    onNone: () =>
      Effect.gen(function*() {
        const lenient = yield* Effect.flatMap(makeMemoryStore, lenientOn)
        return Context.make(RateLimiter, lenient).pipe(Context.add(StrictRateLimiter, yield* makeMemorySlidingLog))
      }),
    onSome: (redis) =>
      Effect.gen(function*() {
        const service = yield* makeEffectRedis(redis)
        const store = yield* Effect.provideService(makeRedisStore(RATE_LIMIT_PREFIX), EffectRedis.Redis, service)
        return yield* makeResilientRateLimiters(store, makeRedisSlidingLog(redis), redis)
      })
  }))
