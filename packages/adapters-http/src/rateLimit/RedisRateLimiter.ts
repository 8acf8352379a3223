import type { RateDecision } from "@bluelight/core/identity"
import { Clock, Context, Data, Duration, Effect, Layer, Redacted } from "effect"
import { Redis } from "ioredis"
import { rateDecision, windowAt } from "./MemoryRateLimiter.js"

/**
 * Redis did not count the request (unreachable, refused, no answer in time).
 * `reason` is short and never carries the URL or its password, so it can be logged.
 */
export class RateLimiterUnavailable extends Data.TaggedError("RateLimiterUnavailable")<{
  readonly reason: string
}> {}

/** Fixed windows shared by every instance through Redis. Failures are the caller's to handle. */
export class RedisRateLimiter extends Context.Tag("@bluelight/adapters-http/RedisRateLimiter")<
  RedisRateLimiter,
  {
    readonly consume: (key: string, limit: number, windowSeconds: number) => Effect.Effect<RateDecision, RateLimiterUnavailable>
    /** Whether Redis answers a PING within half a second. */
    readonly ping: Effect.Effect<boolean>
  }
>() {}

// Counting and reading the expiry in one script keeps a request to one round
// trip and makes the count atomic across instances. A counter found without an
// expiry (new, or left by an interrupted writer) gets one, so none outlives its window.
const CONSUME_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`
const COMMAND = "bluelightRateConsume"

/** The command `defineCommand` adds (ioredis sends it with EVALSHA, and EVAL once after a script flush). */
interface WithConsume {
  readonly [COMMAND]: (key: string, expireMillis: number) => Promise<unknown>
}

/** A reason safe to log: error codes and Redis reply prefixes, never messages that may name the server. */
export const reasonOf = (redis: Redis, error: unknown): string => {
  if (redis.status !== "ready") return `connection ${redis.status}`
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code
    if (typeof code === "string") return code
    if (error.name === "ReplyError") return error.message.split(" ", 1)[0] ?? error.name
    return error.name
  }
  return "unknown error"
}

const isReply = (u: unknown): u is readonly [number, number] =>
  Array.isArray(u) && u.length === 2 && typeof u[0] === "number" && typeof u[1] === "number"

export const makeRedisRateLimiter = (redis: Redis): Context.Tag.Service<RedisRateLimiter> => {
  redis.defineCommand(COMMAND, { numberOfKeys: 1, lua: CONSUME_SCRIPT })
  const client = redis as unknown as WithConsume
  return {
    ping: Effect.tryPromise(() => redis.ping()).pipe(
      Effect.timeout(Duration.millis(500)),
      Effect.as(true),
      Effect.orElseSucceed(() => false)
    ),
    consume: (key, limit, windowSeconds) =>
      Effect.gen(function*() {
        const now = yield* Clock.currentTimeMillis
        const { index, endsAt } = windowAt(now, windowSeconds)
        const reply = yield* Effect.tryPromise({
          try: () => client[COMMAND](`bluelight:rl:${key}:${index}`, Math.max(1, endsAt - now)),
          catch: (error) => new RateLimiterUnavailable({ reason: reasonOf(redis, error) })
        })
        if (!isReply(reply)) return yield* new RateLimiterUnavailable({ reason: "unexpected reply" })
        return rateDecision(reply[0], limit, reply[1])
      })
  }
}

/** The longest start-up waits for Redis before it goes on counting in memory. */
export const REDIS_START_BOUND = Duration.seconds(1)

/**
 * One client for the rate limiter, tuned to fail fast rather than hold
 * requests: no offline queue (a command while disconnected fails at once), one
 * retry, a short connect timeout. It keeps reconnecting in the background.
 */
const redisClient = (url: Redacted.Redacted) =>
  Effect.gen(function*() {
    const redis = yield* Effect.acquireRelease(
      Effect.sync(() => {
        const redis = new Redis(Redacted.value(url), {
          connectTimeout: 500,
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
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
            Effect.catchAll(() => Effect.sync(() => redis.disconnect()))
          )
          : Effect.sync(() => redis.disconnect())
    )
    // Wait for the first connection so early requests are counted in Redis.
    // `connectTimeout` ends at the TCP connect, and ioredis waits for its
    // handshake replies without a limit, so a peer that accepts and never
    // answers is bounded here; the wait stays out of the acquire above, which
    // would make it uninterruptible and the timeout powerless. Until Redis is
    // ready, commands fail at once and requests are counted in memory.
    const connected = yield* Effect.tryPromise(() => redis.connect()).pipe(
      Effect.timeoutFail({
        duration: REDIS_START_BOUND,
        onTimeout: () => new RateLimiterUnavailable({ reason: `no answer within ${Duration.toMillis(REDIS_START_BOUND)} ms` })
      }),
      Effect.mapError((error) => error instanceof RateLimiterUnavailable ? error : new RateLimiterUnavailable({ reason: reasonOf(redis, error.error) })),
      Effect.either
    )
    if (connected._tag === "Left") {
      yield* Effect.logWarning("Redis unavailable at start-up: counting rate limits in process memory until it answers").pipe(
        Effect.annotateLogs({ reason: connected.left.reason })
      )
    }
    return redis
  })

/** The client the Redis limiters share (the fixed windows and the attempts' sliding log). */
export class RedisClient extends Context.Tag("@bluelight/adapters-http/RedisClient")<RedisClient, Redis>() {}

/** The Redis limiter over its own client, closed with the scope; the client too, for the sliding log. */
export const layerRedisRateLimiter = (url: Redacted.Redacted): Layer.Layer<RedisRateLimiter | RedisClient> =>
  Layer.scopedContext(Effect.map(redisClient(url), (redis) =>
    Context.make(RedisClient, redis).pipe(Context.add(RedisRateLimiter, makeRedisRateLimiter(redis)))))
