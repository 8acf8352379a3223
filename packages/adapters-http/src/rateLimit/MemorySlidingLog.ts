import type { RateDecision, StrictRateLimiter } from "@bluelight/core/identity"
import { Clock, Effect } from "effect"

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
