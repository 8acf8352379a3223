import { AttemptCounterUnavailable, type RateDecision, RateLimiter, StrictRateLimiter } from "@bluelight/core/identity"
import { Clock, Context, Duration, Effect, Layer, Option, Ref } from "effect"
import type { Redis } from "ioredis"
import { makeMemoryRateLimiter } from "./MemoryRateLimiter.js"
import { makeMemorySlidingLog } from "./MemorySlidingLog.js"
import { makeRedisRateLimiter, RateLimiterUnavailable, type RedisRateLimiter } from "./RedisRateLimiter.js"
import { makeRedisSlidingLog, type RedisSlidingLog } from "./RedisSlidingLog.js"

/** `StrictRateLimiter` (core) fails closed: Developer Access attempts count on it. */
export { StrictRateLimiter }

/**
 * The longest a request waits for Redis's answer while the connection is up
 * before it is counted without it. It only has to catch a Redis that holds
 * its connection open and stops answering: a closed or broken connection is
 * known from the connection's state and falls back at once. So it is sized
 * far above what a burst costs, not near Redis's own round trip. Measured with
 * `bench/rateLimitBurst.js` (docs/decisions.md, issue 18): bursts of 1000
 * parallel requests on one instance of the shared 2-core machine took 3 to 21 s
 * to answer in full, nearly all of it queueing in the event loop, Redis's
 * answers included; with the old 250 ms limit 8 of 3000 requests were counted in
 * memory, with this deadline none.
 */
export const REDIS_DEADLINE = Duration.seconds(5)
// One line per outage is enough to act on; one per request would flood the logs.
const WARN_EVERY_MILLIS = 30_000

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
  redis: Context.Tag.Service<RedisRateLimiter>,
  log: Context.Tag.Service<RedisSlidingLog>,
  connection: Pick<Redis, "status">
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
      Effect.suspend(() =>
        connection.status === "ready"
          ? consume.pipe(
            Effect.timeoutFail({
              duration: REDIS_DEADLINE,
              onTimeout: () => new RateLimiterUnavailable({ reason: `no answer within ${Duration.toMillis(REDIS_DEADLINE)} ms` })
            })
          )
          : Effect.fail(new RateLimiterUnavailable({ reason: `connection ${connection.status}` }))
      ).pipe(Effect.tapError(warn))
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
