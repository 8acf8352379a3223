import type { SharedStoreHealth } from "@bluelight/core/system"
import { Duration, Effect, Option, Redacted, Result } from "effect"
import { Redis } from "ioredis"
import { redisFailureReason } from "./outage.js"

/** The longest start-up waits for Redis before it goes on counting in memory. */
export const REDIS_START_BOUND = Duration.seconds(1)

/**
 * A connection tuned to fail fast rather than hold requests: no offline queue
 * (a command while disconnected fails at once), one retry, a short connect
 * timeout. It keeps reconnecting in the background. Commands still unanswered
 * when a connection is lost fail instead of being sent again on the next one:
 * their callers stopped waiting at their deadline and went on without Redis,
 * so a late count would be counted twice and a late take of the game-command
 * slot would hold it for its whole lease with nobody to release it (issue 19's
 * Redis fault). Closed with the scope.
 */
export const redisConnection = (url: Redacted.Redacted) =>
  Effect.gen(function*() {
    const redis = yield* Effect.acquireRelease(
      Effect.sync(() => {
        const redis = new Redis(Redacted.value(url), {
          connectTimeout: 500,
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
          autoResendUnfulfilledCommands: false,
          lazyConnect: true
        })
        // Without a listener ioredis prints every connection error to stderr,
        // URL included; the failures reach callers through the commands instead.
        redis.on("error", () => {})
        return redis
      }),
      // A release runs uninterruptibly: only an interruptible quit lets its
      // timeout cut short a Redis that stopped answering.
      (redis) =>
        redis.status === "ready"
          ? Effect.tryPromise(() => redis.quit()).pipe(
            Effect.interruptible,
            Effect.timeout(Duration.seconds(1)),
            Effect.catch(() => Effect.sync(() => redis.disconnect()))
          )
          : Effect.sync(() => redis.disconnect())
    )
    // Wait for the first connection so early requests are counted in Redis.
    // `connectTimeout` ends at the TCP connect, and ioredis waits for its
    // handshake replies without a limit, so a peer that accepts and never
    // answers is bounded here; the wait stays out of the acquire above, which
    // would make it uninterruptible and the timeout powerless. Until Redis is
    // ready, commands fail at once and requests are counted in memory.
    const connected = yield* Effect.tryPromise({
      try: () => redis.connect(),
      catch: (error) => redisFailureReason(redis, error)
    }).pipe(
      Effect.timeoutOrElse({
        duration: REDIS_START_BOUND,
        orElse: () => Effect.fail(`no answer within ${Duration.toMillis(REDIS_START_BOUND)} ms`)
      }),
      Effect.result
    )
    if (Result.isFailure(connected)) {
      yield* Effect.logWarning("Redis unavailable at start-up: counting rate limits and open stream places in process memory until it answers").pipe(
        Effect.annotateLogs({ reason: connected.failure })
      )
    }
    return redis
  })

/**
 * The connection's own state, read without a command: `up` while ioredis holds
 * a ready connection, `down` while it connects or reconnects. A socket that
 * closes or errors leaves `ready` at once; the rate limiter's commands, not
 * this check, notice a Redis that hangs with its socket open (and fall back to
 * memory), so a PING here would cost a round trip and a timer per request and
 * change no answer. `off` when none is configured.
 */
export const redisHealth = (redis: Option.Option<Redis>): SharedStoreHealth["Service"] => {
  const off = Effect.succeed("off" as const)
  return {
    check: Option.match(redis, {
      onNone: () => off,
      onSome: (redis) => Effect.sync(() => (redis.status === "ready" ? "up" as const : "down" as const))
    })
  }
}
