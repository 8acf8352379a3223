import { Clock, Context, Effect, Layer, Ref } from "effect"
import { AttemptCounterUnavailable, type RateDecision, RateLimiter, StrictRateLimiter } from "../identity/index.js"

/**
 * The lenient limiter: fixed windows aligned on the Effect `Clock` (so
 * `TestClock.adjust` rolls them), a count per key and window.
 */
export const InMemoryRateLimiter = Layer.effect(
  RateLimiter,
  Effect.map(Ref.make<ReadonlyMap<string, number>>(new Map()), (counts) => ({
    consume: (key: string, limit: number, windowSeconds: number) =>
      Effect.gen(function*() {
        const nowMs = yield* Clock.currentTimeMillis
        const windowMs = windowSeconds * 1000
        const start = Math.floor(nowMs / windowMs) * windowMs
        const slot = `${key}@${start}`
        const count = yield* Ref.modify(counts, (map) => {
          const n = (map.get(slot) ?? 0) + 1
          return [n, new Map(map).set(slot, n)] as const
        })
        const allowed = count <= limit
        const decision: RateDecision = {
          allowed,
          limit,
          remaining: allowed ? limit - count : 0,
          resetSeconds: Math.max(1, Math.ceil((start + windowMs - nowMs) / 1000))
        }
        return decision
      })
  }))
)

/** Whether the kit's shared attempt log answers; a test takes it down to see the rules fail closed. */
export class AttemptLog extends Context.Service<AttemptLog, {
  readonly up: Ref.Ref<boolean>
}>()("@bluelight/core/testing/AttemptLog") {}

export const setAttemptLogUp = (up: boolean) => AttemptLog.use((log) => Ref.set(log.up, up))

/**
 * The strict limiter, as the port describes it: a sliding log of the times of
 * the attempts allowed in the last window, per key (refusals are not logged),
 * on the Effect `Clock`. While the log is down it fails with
 * `AttemptCounterUnavailable` and counts nothing.
 */
export const InMemoryStrictRateLimiter = Layer.effect(
  StrictRateLimiter,
  Effect.gen(function*() {
    const logs = yield* Ref.make<ReadonlyMap<string, ReadonlyArray<number>>>(new Map())
    const { up } = yield* AttemptLog
    return {
      consume: (key: string, limit: number, windowSeconds: number) =>
        Effect.gen(function*() {
          if (!(yield* Ref.get(up))) return yield* new AttemptCounterUnavailable()
          const nowMs = yield* Clock.currentTimeMillis
          const windowMs = windowSeconds * 1000
          return yield* Ref.modify(logs, (map) => {
            const inWindow = (map.get(key) ?? []).filter((time) => time > nowMs - windowMs)
            const allowed = inWindow.length < limit
            const times = allowed ? [...inWindow, nowMs] : inWindow
            const oldest = times[0] ?? nowMs
            const decision: RateDecision = {
              allowed,
              limit,
              remaining: allowed ? limit - times.length : 0,
              resetSeconds: Math.max(1, Math.ceil((oldest + windowMs - nowMs) / 1000))
            }
            return [decision, new Map(map).set(key, times)] as const
          })
        })
    }
  })
).pipe(Layer.provideMerge(Layer.effect(AttemptLog, Effect.map(Ref.make(true), (up) => ({ up })))))
