import { Duration, Effect, Schedule } from "effect"
import type { Redis } from "ioredis"

/** Redis's time (`TIME`), in epoch milliseconds: the clock its leases are scored and lapse on. */
export const redisNow = (redis: Redis) =>
  Effect.map(Effect.promise(() => redis.time()), ([seconds, micros]) => Number(seconds) * 1000 + Math.floor(Number(micros) / 1000))

/** How long `redisClockPasses` asks before it fails; only a Redis whose clock stands still waits this long. */
const REDIS_CLOCK_BOUND = Duration.seconds(60)

/**
 * Waits until Redis's clock is past `at` (epoch milliseconds), asking it
 * every few milliseconds: a lease in Redis lapses on Redis's clock, so a test
 * of a lapse (or of a renewal that prevents one) waits on that clock, not on
 * a fixed sleep of its own (docs/decisions/testing.md). Fails with a timeout
 * past the bound.
 */
export const redisClockPasses = (redis: Redis, at: number) =>
  redisNow(redis).pipe(
    Effect.repeat({ until: (now) => now > at, schedule: Schedule.spaced(Duration.millis(20)) }),
    Effect.timeout(REDIS_CLOCK_BOUND),
    Effect.asVoid
  )
