import type { RateDecision } from "@bluelight/core"
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

/**
 * One client for the rate limiter, tuned to fail fast rather than hold
 * requests: no offline queue (a command while disconnected fails at once), one
 * retry, a short connect timeout. It keeps reconnecting in the background.
 */
const redisClient = (url: Redacted.Redacted) =>
  Effect.acquireRelease(
    Effect.gen(function*() {
      const redis = new Redis(Redacted.value(url), {
        connectTimeout: 500,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        lazyConnect: true
      })
      // Without a listener ioredis prints every connection error to stderr,
      // URL included; the failures reach callers through the commands instead.
      redis.on("error", () => {})
      // Wait for the first connection so early requests are counted in Redis;
      // if Redis is down the server still starts and the client keeps trying.
      yield* Effect.tryPromise(() => redis.connect()).pipe(Effect.timeout(Duration.seconds(1)), Effect.ignore)
      return redis
    }),
    (redis) =>
      redis.status === "ready"
        ? Effect.tryPromise(() => redis.quit()).pipe(
          Effect.timeout(Duration.seconds(1)),
          Effect.catchAll(() => Effect.sync(() => redis.disconnect()))
        )
        : Effect.sync(() => redis.disconnect())
  )

/** The client the Redis limiters share (the fixed windows and the attempts' sliding log). */
export class RedisClient extends Context.Tag("@bluelight/adapters-http/RedisClient")<RedisClient, Redis>() {}

/** The Redis limiter over its own client, closed with the scope; the client too, for the sliding log. */
export const layerRedisRateLimiter = (url: Redacted.Redacted): Layer.Layer<RedisRateLimiter | RedisClient> =>
  Layer.scopedContext(Effect.map(redisClient(url), (redis) =>
    Context.make(RedisClient, redis).pipe(Context.add(RedisRateLimiter, makeRedisRateLimiter(redis)))))
