import { Clock, Duration, Effect, Ref } from "effect"
import { RateLimiterUnavailable } from "./RedisRateLimiter.js"

/** The longest a request waits for Redis before it is counted without it. */
export const REDIS_BOUND = Duration.millis(250)

/** A Redis command that has not answered within `REDIS_BOUND` fails as unavailable. */
export const withinRedisBound = <A>(command: Effect.Effect<A, RateLimiterUnavailable>) =>
  Effect.timeoutFail(command, {
    duration: REDIS_BOUND,
    onTimeout: () => new RateLimiterUnavailable({ reason: `no answer within ${Duration.toMillis(REDIS_BOUND)} ms` })
  })

// One line per outage is enough to act on; one per request would flood the logs.
const WARN_EVERY_MILLIS = 30_000

/**
 * A warning that Redis failed a counter and what the process does instead,
 * logged at most once every 30 seconds whatever the number of failures.
 */
export const makeOutageWarning = (message: string) =>
  Effect.map(Ref.make(Number.NEGATIVE_INFINITY), (lastWarning) => (error: RateLimiterUnavailable) =>
    Effect.flatMap(Clock.currentTimeMillis, (now) =>
      Ref.modify(lastWarning, (last) => now - last >= WARN_EVERY_MILLIS ? [true, now] : [false, last])).pipe(
        Effect.flatMap((due) => Effect.when(Effect.logWarning(message).pipe(Effect.annotateLogs({ reason: error.reason })), () => due)),
        Effect.asVoid
      ))
