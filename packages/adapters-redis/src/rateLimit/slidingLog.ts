import type { RateDecision, StrictRateLimiter } from "@bluelight/core/identity"
import { Clock, Context, Effect } from "effect"
import type { Redis, Result } from "ioredis"
import { randomUUID } from "node:crypto"
import { command, RedisUnavailable } from "../outage.js"

/*
 * The strict limiter (Developer Access: five attempts in any fifteen minutes)
 * is an exact sliding log, not Effect's \`RateLimiter\`: neither of Effect's
 * algorithms keeps every window under the limit. Its fixed window lets a key
 * lapse \`window / limit\` after a lone attempt, and the next burst starts a new
 * count (one attempt, then five a little later: six in fifteen minutes); its
 * token bucket refills a place every \`window / limit\` (five, then four more
 * over the next twelve minutes: nine). See docs/decisions/http-contract.md.
 */
/**
 * The decision of a sliding log holding `count` attempts (this one included
 * when allowed) whose oldest leaves the window in `millisUntilOldestLeaves`,
 * which is when a place frees.
 */
export const slidingDecision = (
  allowed: boolean,
  count: number,
  limit: number,
  millisUntilOldestLeaves: number
): RateDecision => ({
  allowed,
  limit,
  remaining: allowed ? Math.max(0, limit - count) : 0,
  resetSeconds: Math.max(1, Math.ceil(millisUntilOldestLeaves / 1000))
})

// Below this many logs a sweep is not worth its walk over the map.
const SWEEP_FLOOR = 1_000

/**
 * An exact sliding log in this process: the times of the attempts allowed in
 * the last window, per key (at most `limit` each, since refused attempts are
 * not logged). Each check-and-log is one synchronous step, so concurrent
 * attempts can never both take the last place.
 */
export const makeMemorySlidingLog: Effect.Effect<typeof StrictRateLimiter.Service> = Effect.sync(() => {
  const logs = new Map<string, { readonly times: ReadonlyArray<number>; readonly windowMillis: number }>()
  // Sweeping only once the map has doubled since the last sweep keeps the cost
  // per attempt constant and the memory within twice the live logs.
  let sweepAt = SWEEP_FLOOR
  const sweep = (now: number) => {
    for (const [key, log] of logs) if (log.times.every((time) => time <= now - log.windowMillis)) logs.delete(key)
    sweepAt = Math.max(SWEEP_FLOOR, logs.size * 2)
  }
  return {
    consume: (key, limit, windowSeconds) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) =>
        Effect.sync(() => {
          const windowMillis = windowSeconds * 1000
          const inWindow = (logs.get(key)?.times ?? []).filter((time) => time > now - windowMillis)
          const allowed = inWindow.length < limit
          const times = allowed ? [...inWindow, now] : inWindow
          if (!logs.has(key) && logs.size >= sweepAt) sweep(now)
          logs.set(key, { times, windowMillis })
          return slidingDecision(allowed, times.length, limit, (times[0] ?? now) + windowMillis - now)
        }))
  }
})

/** The exact sliding log shared by every instance through Redis. Failures are the caller's to handle. */
export class RedisSlidingLog extends Context.Service<RedisSlidingLog, {
  readonly consume: (key: string, limit: number, windowSeconds: number) => Effect.Effect<RateDecision, RedisUnavailable>
}>()("@bluelight/adapters-redis/RedisSlidingLog") {}

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
        const reply = yield* command(redis, () => redis.bluelightSlidingLogConsume(`bluelight:log:${key}`, now, windowMillis, limit, member))
        if (!isReply(reply)) return yield* new RedisUnavailable({ reason: "unexpected reply" })
        const [allowed, count, oldest] = reply
        return slidingDecision(allowed === 1, count, limit, oldest + windowMillis - now)
      })
  }
}
