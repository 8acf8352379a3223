import { Context, type Effect } from "effect"

/**
 * Moves the server's clock forward, with test hooks only: black-box tests
 * reach a fresh rate-limit window (or any later moment) without waiting for
 * the real one. Everything that reads the Effect `Clock` sees the moved time.
 */
export class ClockControl extends Context.Service<ClockControl, {
  /** Moves the clock `millis` forward and answers the new time, in epoch milliseconds. */
  readonly advance: (millis: number) => Effect.Effect<number>
}>()("@bluelight/adapters-http/testHooks/ClockControl") {}
