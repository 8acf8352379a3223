import { DateTime, type Duration } from "effect"
import { TestClock } from "effect/testing"

/**
 * Sets "now" for everything the core reads time from. The kit has no clock
 * of its own: every rule reads the Effect `Clock`, which under
 * `@effect/vitest`'s `it.effect` (or any program given `TestClock.layer()`)
 * is Effect's `TestClock`, so a harness drives time by setting it here and
 * moving it on with `advanceClock`. Ids made after follow (UUIDv7 from the clock).
 */
export const setNow = (at: DateTime.DateTime.Input) => TestClock.setTime(DateTime.makeUnsafe(at).epochMilliseconds)

/** Moves "now" on by `duration` (`"3 hours"`), running whatever was scheduled to happen by then. */
export const advanceClock = (duration: Duration.Input) => TestClock.adjust(duration)
