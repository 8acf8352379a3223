import type { ClockControl } from "./testHooks.js"
import { Clock, Effect } from "effect"

/**
 * The real clock moved forward by an offset that only grows, for the test
 * hooks: the time every `Clock` reader sees (rate-limit windows, session and
 * credential times, audit entries) jumps ahead, while `sleep` keeps real
 * durations, so timeouts and the shutdown grace are untouched.
 */
export const makeMovableClock = (): { readonly clock: Clock.Clock; readonly control: ClockControl["Service"] } => {
  const real = Clock.Clock.defaultValue()
  let offsetMillis = 0
  const currentTimeMillisUnsafe = () => real.currentTimeMillisUnsafe() + offsetMillis
  const currentTimeNanosUnsafe = () => real.currentTimeNanosUnsafe() + BigInt(offsetMillis) * 1_000_000n
  const clock: Clock.Clock = {
    currentTimeMillisUnsafe,
    currentTimeMillis: Effect.sync(currentTimeMillisUnsafe),
    currentTimeNanosUnsafe,
    currentTimeNanos: Effect.sync(currentTimeNanosUnsafe),
    // Elapsed time (a span's, a timeout's) is real time: only the time of day moves.
    monotonicTimeNanosUnsafe: () => real.monotonicTimeNanosUnsafe(),
    monotonicTimeNanos: real.monotonicTimeNanos,
    sleep: (duration) => real.sleep(duration)
  }
  return {
    clock,
    control: {
      advance: (millis) =>
        Effect.sync(() => {
          offsetMillis += millis
          return currentTimeMillisUnsafe()
        })
    }
  }
}
