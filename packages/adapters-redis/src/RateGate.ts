import type { RateGate } from "@bluelight/core/game"
import { Clock, Duration, Effect } from "effect"
import type { Redis, Result } from "ioredis"

/** The longest a gate command may wait for Redis; past it the gate counts as open (the game's own `429` still holds us). */
export const GATE_REDIS_BOUND = Duration.millis(500)

// Holding: only a later hold replaces one in force; the key expires with its hold.
const HOLD_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if current then
  local held = tonumber(string.match(current, '^(%d+)'))
  if held and held >= tonumber(ARGV[1]) then return 0 end
end
redis.call('SET', KEYS[1], ARGV[1] .. '|' .. ARGV[2], 'PX', ARGV[3])
return 1
`

declare module "ioredis" {
  interface RedisCommander<Context> {
    bluelightGameGateHold(key: string, until: string, why: string, ttlMillis: number): Result<unknown, Context>
  }
}

/** The game's read gate shared by every instance through Redis, one key per game server (`server` names it). */
export const makeRedisRateGate = (redis: Redis, server: string): RateGate => {
  redis.defineCommand("bluelightGameGateHold", { numberOfKeys: 1, lua: HOLD_SCRIPT })
  const key = `bluelight:game-gate:${server}`
  const bounded = <A>(run: () => Promise<A>) => Effect.tryPromise(run).pipe(Effect.timeout(GATE_REDIS_BOUND))
  return {
    held: Effect.gen(function*() {
      const value = yield* bounded(() => redis.get(key)).pipe(Effect.orElseSucceed(() => null))
      const now = yield* Clock.currentTimeMillis
      if (value === null) return null
      const bar = value.indexOf("|")
      const until = Number(value.slice(0, bar))
      return bar > 0 && Number.isFinite(until) && until > now ? { until, why: value.slice(bar + 1) } : null
    }),
    hold: (hold) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) =>
        hold.until <= now
          ? Effect.void
          : bounded(() => redis.bluelightGameGateHold(key, String(Math.ceil(hold.until)), hold.why, Math.ceil(hold.until - now))).pipe(
            Effect.tapError((error) => Effect.logWarning("game read gate: Redis did not take the hold", error)),
            Effect.ignore
          ))
  }
}
