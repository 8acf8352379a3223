import { AttemptCounterUnavailable, type RateDecision, RateLimiter, StrictRateLimiter } from "@bluelight/core/identity"
import { Context, Effect, Layer, Option } from "effect"
import type { Redis } from "ioredis"
import { makeMemoryRateLimiter } from "./MemoryRateLimiter.js"
import { makeMemorySlidingLog } from "./MemorySlidingLog.js"
import { makeOutageWarning, withinRedisDeadline } from "./redisOutage.js"
import { makeRedisRateLimiter, type RateLimiterUnavailable, type RedisRateLimiter } from "./RedisRateLimiter.js"
import { makeRedisSlidingLog, type RedisSlidingLog } from "./RedisSlidingLog.js"

/** `StrictRateLimiter` (core) fails closed: Developer Access attempts count on it. */
export { StrictRateLimiter }

/**
 * Both limiters over Redis: the lenient one (fixed windows) counts in this
 * process's memory when Redis cannot count (a limit that holds per instance
 * beats refusing everyone); the strict one (the sliding log) fails with
 * `AttemptCounterUnavailable` instead. Redis cannot count when the
 * connection is not ready (closed, connecting, reconnecting: known without
 * a command, so nobody waits), when a command fails, or when a ready
 * connection gives no answer within `REDIS_DEADLINE`.
 */
export const makeResilientRateLimiters = (
  redis: typeof RedisRateLimiter.Service,
  log: typeof RedisSlidingLog.Service,
  connection: Pick<Redis, "status">
) =>
  Effect.gen(function*() {
    const memory = yield* makeMemoryRateLimiter
    const warn = yield* makeOutageWarning("Redis unavailable for rate limits: counting in process memory, refusing strict limits")
    const bounded = (consume: Effect.Effect<RateDecision, RateLimiterUnavailable>) => Effect.tapError(withinRedisDeadline(connection, consume), warn)
    const lenient: typeof RateLimiter.Service = {
      consume: (key, limit, windowSeconds) => Effect.catch(bounded(redis.consume(key, limit, windowSeconds)), () => memory.consume(key, limit, windowSeconds))
    }
    const strict: typeof StrictRateLimiter.Service = {
      consume: (key, limit, windowSeconds) => Effect.mapError(bounded(log.consume(key, limit, windowSeconds)), () => new AttemptCounterUnavailable())
    }
    return Context.make(RateLimiter, lenient).pipe(Context.add(StrictRateLimiter, strict))
  })

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
      Effect.map(
        Effect.all([makeMemoryRateLimiter, makeMemorySlidingLog]),
        ([memory, log]) => Context.make(RateLimiter, memory).pipe(Context.add(StrictRateLimiter, log))
      ),
    onSome: (redis) => makeResilientRateLimiters(makeRedisRateLimiter(redis), makeRedisSlidingLog(redis), redis)
  }))
