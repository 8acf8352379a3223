import type { RateDecision } from "@bluelight/core/identity"
import { Clock, Context, Effect } from "effect"
import type { Redis, Result } from "ioredis"
import { randomUUID } from "node:crypto"
import { slidingDecision } from "./MemorySlidingLog.js"
import { RateLimiterUnavailable, redisFailureReason } from "./RedisRateLimiter.js"

/** The exact sliding log shared by every instance through Redis. Failures are the caller's to handle. */
export class RedisSlidingLog extends Context.Service<RedisSlidingLog, {
  readonly consume: (key: string, limit: number, windowSeconds: number) => Effect.Effect<RateDecision, RateLimiterUnavailable>
}>()("@bluelight/adapters-http/rateLimit/RedisSlidingLog") {}

// One sorted set per key, scored by the time of each allowed attempt. Dropping
// the attempts that left the window, counting, logging this one if it fits and
// reading the oldest happen in one script: atomic across instances, one round
// trip. The set expires a window after its newest attempt, when all have left.
const CONSUME_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local allowed = 0
if count < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  redis.call('PEXPIRE', KEYS[1], window)
  count = count + 1
  allowed = 1
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
local first = now
if oldest[2] then first = tonumber(oldest[2]) end
return {allowed, count, first}
`
const COMMAND = "bluelightSlidingLogConsume"

// The command `defineCommand` adds, declared the way ioredis documents for TypeScript.
declare module "ioredis" {
  interface RedisCommander<Context> {
    bluelightSlidingLogConsume(key: string, now: number, windowMillis: number, limit: number, member: string): Result<unknown, Context>
  }
}

const isReply = (u: unknown): u is readonly [number, number, number] => Array.isArray(u) && u.length === 3 && u.every((n) => typeof n === "number")

export const makeRedisSlidingLog = (redis: Redis): typeof RedisSlidingLog.Service => {
  redis.defineCommand(COMMAND, { numberOfKeys: 1, lua: CONSUME_SCRIPT })
  return {
    consume: (key, limit, windowSeconds) =>
      Effect.gen(function*() {
        // The instance's clock scores the attempts, like the fixed windows' index:
        // instances a moment apart shift a window by that moment, nothing more.
        const now = yield* Clock.currentTimeMillis
        const windowMillis = windowSeconds * 1000
        // Two attempts in one millisecond are two members.
        const member = `${now}:${randomUUID()}`
        const reply = yield* Effect.tryPromise({
          try: () => redis.bluelightSlidingLogConsume(`bluelight:log:${key}`, now, windowMillis, limit, member),
          catch: (error) => new RateLimiterUnavailable({ reason: redisFailureReason(redis, error) })
        })
        if (!isReply(reply)) return yield* new RateLimiterUnavailable({ reason: "unexpected reply" })
        const [allowed, count, oldest] = reply
        return slidingDecision(allowed === 1, count, limit, oldest + windowMillis - now)
      })
  }
}
