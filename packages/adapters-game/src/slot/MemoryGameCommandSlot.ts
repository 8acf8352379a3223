import { Clock, Duration, Effect, Layer, Ref } from "effect"
import { GameCommandSlot, GameThrottled, secondsUntil, type SlotLease, type SlotSettings } from "@bluelight/core/moderation"

interface SlotState {
  /** The lease holding the slot, and when it frees itself. */
  readonly held: { readonly lease: number; readonly until: number } | null
  /** The cooldown after the last command sent ends then. */
  readonly coolUntil: number
}

/**
 * The slot in this process's memory: right for a single instance (no
 * `REDIS_URL`). Times come from the Effect `Clock`, so the test clock moves them.
 */
export const makeMemoryGameCommandSlot = (settings: SlotSettings) =>
  Effect.gen(function*() {
    const state = yield* Ref.make<SlotState>({ held: null, coolUntil: 0 })
    const leases = yield* Ref.make(0)
    const cooldown = Duration.toMillis(settings.cooldown)
    const leaseTtl = Duration.toMillis(settings.leaseTtl)
    const take = Effect.gen(function*() {
      const now = yield* Clock.currentTimeMillis
      const lease = yield* Ref.updateAndGet(leases, (n) => n + 1)
      const refusal = yield* Ref.modify(state, (s): [GameThrottled | null, SlotState] => {
        if (s.held !== null && s.held.until > now) return [GameThrottled.because("in-flight", secondsUntil(Math.max(cooldown, s.coolUntil - now))), s]
        if (s.coolUntil > now) return [GameThrottled.because("cooling-down", secondsUntil(s.coolUntil - now)), s]
        return [null, { ...s, held: { lease, until: now + leaseTtl } }]
      })
      if (refusal !== null) return yield* refusal
      const release = (sent: boolean) =>
        Effect.flatMap(Clock.currentTimeMillis, (at) =>
          Ref.update(state, (s) =>
            s.held?.lease === lease
              ? { held: null, coolUntil: sent ? at + cooldown : s.coolUntil }
              : { ...s, coolUntil: sent ? Math.max(s.coolUntil, at + cooldown) : s.coolUntil }))
      return { release } satisfies SlotLease
    })
    return { take }
  })

export const layerMemoryGameCommandSlot = (settings: SlotSettings) => Layer.effect(GameCommandSlot, makeMemoryGameCommandSlot(settings))
