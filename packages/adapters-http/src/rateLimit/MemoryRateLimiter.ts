import { type RateDecision, RateLimiter } from "@bluelight/core/identity"
import { Clock, Effect, Layer } from "effect"

/** The fixed window `now` falls in: its index (which names it) and when it ends. */
export const windowAt = (nowMillis: number, windowSeconds: number) => {
  const windowMillis = windowSeconds * 1000
  const index = Math.floor(nowMillis / windowMillis)
  return { index, endsAt: (index + 1) * windowMillis }
}

/** The decision for the `count`th request of a window that ends in `millisLeft`. */
export const rateDecision = (count: number, limit: number, millisLeft: number): RateDecision => ({
  allowed: count <= limit,
  limit,
  remaining: Math.max(0, limit - count),
  resetSeconds: Math.max(1, Math.ceil(millisLeft / 1000))
})

// Below this many counters a sweep is not worth its walk over the map.
const SWEEP_FLOOR = 1_000

/**
 * Counters in this process only. Each check-and-count is one synchronous step,
 * so concurrent requests can never both take the last place in a window.
 */
export const makeMemoryRateLimiter: Effect.Effect<typeof RateLimiter.Service> = Effect.sync(() => {
  const windows = new Map<string, { count: number; readonly endsAt: number }>()
  // Sweeping only once the map has doubled since the last sweep keeps the cost
  // per request constant and the memory within twice the live windows.
  let sweepAt = SWEEP_FLOOR
  const sweep = (now: number) => {
    for (const [id, window] of windows) if (window.endsAt <= now) windows.delete(id)
    sweepAt = Math.max(SWEEP_FLOOR, windows.size * 2)
  }
  return {
    consume: (key, limit, windowSeconds) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) =>
        Effect.sync(() => {
          const { index, endsAt } = windowAt(now, windowSeconds)
          const id = `${key}:${index}`
          const window = windows.get(id)
          if (window === undefined) {
            if (windows.size >= sweepAt) sweep(now)
            windows.set(id, { count: 1, endsAt })
          } else window.count += 1
          return rateDecision(window?.count ?? 1, limit, endsAt - now)
        }))
  }
})

/** Per-process fixed windows, driven by the Effect `Clock` (so `TestClock` moves them). */
export const MemoryRateLimiter: Layer.Layer<RateLimiter> = Layer.effect(RateLimiter, makeMemoryRateLimiter)
