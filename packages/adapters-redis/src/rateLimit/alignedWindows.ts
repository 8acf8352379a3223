import { Clock, Duration, Effect } from "effect"
import { RateLimiter, Redis } from "effect/persistence"

type Store = RateLimiter.RateLimiterStore["Service"]
type FixedWindow = Parameters<Store["fixedWindow"]>[0]

/**
 * The fixed window `now` falls in, aligned on the clock (a minute window
 * starts at each minute of the clock): its index, which names it, and how
 * long it has left. Effect's own fixed window starts at a key's first request
 * and stretches by `window / limit` with every request, so a caller who
 * pauses starts afresh; the API document promises windows per minute with
 * `Retry-After` to the window's end. The window is `refillRate × limit`
 * (Effect's `consume` passes `window / limit`), rounded to whole milliseconds.
 */
const windowOf = (options: FixedWindow & { readonly limit: number }, now: number) => {
  const windowMillis = Math.max(1, Math.round(Duration.toMillis(options.refillRate) * options.limit))
  const index = Math.floor(now / windowMillis)
  return { id: `${options.key}:${index}`, endsAt: (index + 1) * windowMillis, millisLeft: (index + 1) * windowMillis - now }
}

// Below this many counters a sweep is not worth its walk over the map.
const SWEEP_FLOOR = 1_000

/**
 * Effect's memory store with aligned fixed windows, on the Effect `Clock`
 * (so `TestClock` moves them). Each check-and-count is one synchronous step,
 * so concurrent requests can never both take the last place in a window; a
 * refused request is not counted (Effect's store contract).
 */
export const makeMemoryStore = Effect.gen(function*() {
  const effectStore = yield* RateLimiter.RateLimiterStore.pipe(Effect.provide(RateLimiter.layerStoreMemory))
  const windows = new Map<string, { count: number; readonly endsAt: number }>()
  // Sweeping only once the map has doubled since the last sweep keeps the cost
  // per request constant and the memory within twice the live windows.
  let sweepAt = SWEEP_FLOOR
  const sweep = (now: number) => {
    for (const [id, window] of windows) if (window.endsAt <= now) windows.delete(id)
    sweepAt = Math.max(SWEEP_FLOOR, windows.size * 2)
  }
  return RateLimiter.RateLimiterStore.of({
    ...effectStore,
    fixedWindow: (options) => {
      const limit = options.limit
      if (limit === undefined) return effectStore.fixedWindow(options)
      return Effect.flatMap(Clock.currentTimeMillis, (now) =>
        Effect.sync(() => {
          const { endsAt, id, millisLeft } = windowOf({ ...options, limit }, now)
          let window = windows.get(id)
          if (window === undefined) {
            if (windows.size >= sweepAt) sweep(now)
            window = { count: 0, endsAt }
            windows.set(id, window)
          }
          const next = window.count + options.tokens
          if (next <= limit) window.count = next
          return [next, millisLeft] as const
        }))
    }
  })
})

// Counting and setting the expiry in one script keeps a request to one round
// trip and makes the count atomic across instances; the counter expires with
// its window. A refused request is not counted.
const fixedWindowScript = Redis.script(
  (key: string, tokens: number, millisLeft: number, limit: number) => [key, tokens, millisLeft, limit],
  {
    numberOfKeys: 1,
    lua: `
local next = tonumber(redis.call('GET', KEYS[1]) or '0') + tonumber(ARGV[1])
if next <= tonumber(ARGV[3]) then
  redis.call('SET', KEYS[1], next, 'PX', ARGV[2])
end
return next
`
  }
).withReturnType<number>()

/**
 * Effect's Redis store with aligned fixed windows shared by every instance,
 * one counter per key and window under `prefix`. The instance's clock names
 * the window: instances a moment apart shift a window by that moment, nothing
 * more. Failures are the caller's to handle.
 */
export const makeRedisStore = (prefix: string) =>
  Effect.gen(function*() {
    const effectStore = yield* RateLimiter.makeStoreRedis({ prefix })
    const fixedWindow = (yield* Redis.Redis).eval(fixedWindowScript)
    return RateLimiter.RateLimiterStore.of({
      ...effectStore,
      fixedWindow: (options) => {
        const limit = options.limit
        if (limit === undefined) return effectStore.fixedWindow(options)
        return Effect.flatMap(Clock.currentTimeMillis, (now) => {
          const { id, millisLeft } = windowOf({ ...options, limit }, now)
          return fixedWindow(`${prefix}${id}`, options.tokens, millisLeft, limit).pipe(
            Effect.map((count) => [Number(count), millisLeft] as const),
            Effect.mapError((error) =>
              new RateLimiter.RateLimiterError({
                reason: new RateLimiter.RateLimitStoreError({ message: "Failed to count in the fixed window", cause: error.cause })
              })
            )
          )
        })
      }
    })
  })
