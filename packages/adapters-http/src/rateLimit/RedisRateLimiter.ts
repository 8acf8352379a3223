import type { RateDecision } from "@bluelight/core/identity"
import { Clock, Context, Data, Effect } from "effect"
import type { Redis, Result } from "ioredis"
import { rateDecision, windowAt } from "./MemoryRateLimiter.js"

/**
 * Redis did not count the request (unreachable, refused, no answer in time).
 * `reason` is short and never carries the URL or its password, so it can be logged.
 */
export class RateLimiterUnavailable extends Data.TaggedError("RateLimiterUnavailable")<{
  readonly reason: string
}> {}

/** Fixed windows shared by every instance through Redis. Failures are the caller's to handle. */
export class RedisRateLimiter extends Context.Service<RedisRateLimiter, {
  readonly consume: (key: string, limit: number, windowSeconds: number) => Effect.Effect<RateDecision, RateLimiterUnavailable>
}>()("@bluelight/adapters-http/rateLimit/RedisRateLimiter") {}

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

// The command `defineCommand` adds, declared the way ioredis documents for
// TypeScript (it sends it with EVALSHA, and EVAL once after a script flush).
declare module "ioredis" {
  interface RedisCommander<Context> {
    bluelightRateConsume(key: string, expireMillis: number): Result<unknown, Context>
  }
}

/**
 * Why a Redis command or connection failed, safe to log: the connection's
 * state, error codes and Redis reply prefixes, never messages that may name the server.
 */
export const redisFailureReason = (redis: Pick<Redis, "status">, error: unknown): string => {
  if (redis.status !== "ready") return `connection ${redis.status}`
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code
    if (typeof code === "string") return code
    if (error.name === "ReplyError") return error.message.split(" ", 1)[0] ?? error.name
    return error.name
  }
  return "unknown error"
}

const isReply = (u: unknown): u is readonly [number, number] => Array.isArray(u) && u.length === 2 && typeof u[0] === "number" && typeof u[1] === "number"

export const makeRedisRateLimiter = (redis: Redis): typeof RedisRateLimiter.Service => {
  redis.defineCommand(COMMAND, { numberOfKeys: 1, lua: CONSUME_SCRIPT })
  return {
    consume: (key, limit, windowSeconds) =>
      Effect.gen(function*() {
        const now = yield* Clock.currentTimeMillis
        const { index, endsAt } = windowAt(now, windowSeconds)
        const reply = yield* Effect.tryPromise({
          try: () => redis.bluelightRateConsume(`bluelight:rl:${key}:${index}`, Math.max(1, endsAt - now)),
          catch: (error) => new RateLimiterUnavailable({ reason: redisFailureReason(redis, error) })
        })
        if (!isReply(reply)) return yield* new RateLimiterUnavailable({ reason: "unexpected reply" })
        return rateDecision(reply[0], limit, reply[1])
      })
  }
}
