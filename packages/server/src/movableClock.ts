import type { ClockControl } from "@bluelight/adapters-http"
import { Clock, type Context, Effect } from "effect"

/**
 * The real clock moved forward by an offset that only grows, for the test
 * hooks: the time every `Clock` reader sees (rate-limit windows, session and
 * credential times, audit entries) jumps ahead, while `sleep` keeps real
 * durations, so timeouts and the shutdown grace are untouched.
 */
export const makeMovableClock = (): { readonly clock: Clock.Clock; readonly control: Context.Tag.Service<ClockControl> } => {
  const real = Clock.make()
  let offsetMillis = 0
  const unsafeCurrentTimeMillis = () => real.unsafeCurrentTimeMillis() + offsetMillis
  const unsafeCurrentTimeNanos = () => real.unsafeCurrentTimeNanos() + BigInt(offsetMillis) * 1_000_000n
  const clock: Clock.Clock = {
    [Clock.ClockTypeId]: Clock.ClockTypeId,
    unsafeCurrentTimeMillis,
    currentTimeMillis: Effect.sync(unsafeCurrentTimeMillis),
    unsafeCurrentTimeNanos,
    currentTimeNanos: Effect.sync(unsafeCurrentTimeNanos),
    sleep: (duration) => real.sleep(duration)
  }
  return {
    clock,
    control: {
      advance: (millis) =>
        Effect.sync(() => {
          offsetMillis += millis
          return unsafeCurrentTimeMillis()
        })
    }
  }
}
