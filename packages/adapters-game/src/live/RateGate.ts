import type { Hold, RateGate } from "@bluelight/core/game"
import { Clock, Effect, Ref } from "effect"

/** The gate in this process's memory, on the Effect clock. */
export const makeMemoryRateGate = Effect.map(Ref.make<Hold | null>(null), (state): RateGate => ({
  held: Effect.flatMap(Clock.currentTimeMillis, (now) => Effect.map(Ref.get(state), (hold) => (hold !== null && hold.until > now ? hold : null))),
  hold: (hold) => Ref.update(state, (current) => (current !== null && current.until >= hold.until ? current : hold))
}))

/** Both gates at once: this process's, which holds even while the shared one cannot be asked, and the shared one. */
export const bothGates = (local: RateGate, shared: RateGate): RateGate => ({
  held: Effect.flatMap(
    local.held,
    (mine) => Effect.map(shared.held, (theirs) => (mine === null ? theirs : theirs === null || mine.until >= theirs.until ? mine : theirs))
  ),
  hold: (hold) => Effect.andThen(local.hold(hold), shared.hold(hold))
})
