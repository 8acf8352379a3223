import { AttemptCounterUnavailable, type RateDecision, RateLimiter, StrictRateLimiter } from "@bluelight/core/identity"
import { SharedStoreHealth } from "@bluelight/core/system"
import { Clock, Context, Duration, Effect, Layer, Option, type Redacted, Ref } from "effect"
import { makeMemoryRateLimiter } from "./MemoryRateLimiter.js"
import { makeMemorySlidingLog } from "./MemorySlidingLog.js"
import { layerRedisRateLimiter, RateLimiterUnavailable, RedisRateLimiter } from "./RedisRateLimiter.js"
import { layerRedisSlidingLog, RedisSlidingLog } from "./RedisSlidingLog.js"

/** `StrictRateLimiter` (core) fails closed: Developer Access attempts count on it. */
export { StrictRateLimiter }

/** The longest a request waits for Redis before it is counted without it. */
export const REDIS_BOUND = Duration.millis(250)
// One line per outage is enough to act on; one per request would flood the logs.
const WARN_EVERY_MILLIS = 30_000

/**
 * Both limiters over Redis: the lenient one (fixed windows) counts in this
 * process's memory whenever Redis fails or is slow (a limit that holds per
 * instance beats refusing everyone or waiting); the strict one (the sliding
 * log) fails with `AttemptCounterUnavailable` instead.
 */
export const makeResilientRateLimiters = (
  redis: Context.Tag.Service<RedisRateLimiter>,
  log: Context.Tag.Service<RedisSlidingLog>
) =>
  Effect.gen(function*() {
    const memory = yield* makeMemoryRateLimiter
    const lastWarning = yield* Ref.make(Number.NEGATIVE_INFINITY)
    const warn = (error: RateLimiterUnavailable) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) =>
        Ref.modify(lastWarning, (last) => now - last >= WARN_EVERY_MILLIS ? [true, now] : [false, last])).pipe(
          Effect.flatMap((due) =>
            Effect.when(
              Effect.logWarning("Redis unavailable for rate limits: counting in process memory, refusing strict limits").pipe(
                Effect.annotateLogs({ reason: error.reason })
              ),
              () => due
            )
          )
        )
    const bounded = (consume: Effect.Effect<RateDecision, RateLimiterUnavailable>) =>
      consume.pipe(
        Effect.timeoutFail({
          duration: REDIS_BOUND,
          onTimeout: () => new RateLimiterUnavailable({ reason: `no answer within ${Duration.toMillis(REDIS_BOUND)} ms` })
        }),
        Effect.tapError(warn)
      )
    const lenient: Context.Tag.Service<RateLimiter> = {
      consume: (key, limit, windowSeconds) =>
        Effect.catchAll(bounded(redis.consume(key, limit, windowSeconds)), () => memory.consume(key, limit, windowSeconds))
    }
    const strict: Context.Tag.Service<StrictRateLimiter> = {
      consume: (key, limit, windowSeconds) =>
        Effect.mapError(bounded(log.consume(key, limit, windowSeconds)), () => new AttemptCounterUnavailable())
    }
    return Context.make(RateLimiter, lenient).pipe(Context.add(StrictRateLimiter, strict))
  })

/**
 * `RateLimiter` and `StrictRateLimiter`: shared through Redis when a URL is
 * set, in process memory otherwise (one instance, so strict has nothing to fail on).
 */
export const layerRateLimiter = (options: {
  readonly redisUrl: Option.Option<Redacted.Redacted>
}): Layer.Layer<RateLimiter | StrictRateLimiter | SharedStoreHealth> =>
  Option.match(options.redisUrl, {
    onNone: () =>
      Layer.effectContext(
        Effect.all([makeMemoryRateLimiter, makeMemorySlidingLog]).pipe(Effect.map(([memory, log]) =>
          Context.make(RateLimiter, memory).pipe(
            Context.add(StrictRateLimiter, log),
            Context.add(SharedStoreHealth, { check: Effect.succeed("off" as const) })
          )
        ))
      ),
    onSome: (url) =>
      Layer.effectContext(Effect.gen(function*() {
        const redis = yield* RedisRateLimiter
        const limiters = yield* makeResilientRateLimiters(redis, yield* RedisSlidingLog)
        return Context.add(limiters, SharedStoreHealth, {
          check: Effect.map(redis.ping, (up) => (up ? "up" as const : "down" as const))
        })
      })).pipe(Layer.provide(Layer.provideMerge(layerRedisSlidingLog, layerRedisRateLimiter(url))))
  })
