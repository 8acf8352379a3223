import { Clock, Effect } from "effect"

/**
 * The real clock with the time of day fixed at `millis` (epoch): what a port
 * stamps with the clock, as if made at that time; waiting and the monotonic
 * time stay real.
 */
export const clockFixedAt = (millis: number): Clock.Clock => {
  const real = Clock.Clock.defaultValue()
  return {
    currentTimeMillisUnsafe: () => millis,
    currentTimeMillis: Effect.succeed(millis),
    currentTimeNanosUnsafe: () => BigInt(millis) * 1_000_000n,
    currentTimeNanos: Effect.succeed(BigInt(millis) * 1_000_000n),
    monotonicTimeNanosUnsafe: () => real.monotonicTimeNanosUnsafe(),
    monotonicTimeNanos: real.monotonicTimeNanos,
    sleep: (duration) => real.sleep(duration)
  }
}
