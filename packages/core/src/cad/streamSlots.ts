import { type Context, Duration, Effect, Layer } from "effect"
import type { Caller } from "../identity/index.js"
import { StreamSlots } from "./ports.js"

/** How many CAD streams one caller (a person, whatever their sessions, or a credential) may hold open at once. */
export const CAD_STREAMS_PER_CALLER = 5

/** How long a place taken on a shared store outlives the instance that holds it, if it crashed. */
export const STREAM_SLOT_LEASE = Duration.seconds(30)

/** The key a caller's places are counted under. */
const slotKeyOf = (caller: Caller): string => caller._tag === "User" ? `user:${caller.account.id}` : `service:${caller.credential.id}`

/**
 * Takes one of the caller's places for an open CAD stream, held until the
 * scope closes; `false` when the caller already holds them all.
 */
export const takeCadStreamSlot = (caller: Caller) => StreamSlots.use((slots) => slots.take(`cad-stream:${slotKeyOf(caller)}`, CAD_STREAMS_PER_CALLER))

/**
 * The places counted in this process's memory: one instance's streams. Each
 * check-and-take is one synchronous step, so two opening at once can never
 * both take the last place.
 */
export const makeLocalStreamSlots: Effect.Effect<Context.Service.Shape<typeof StreamSlots>> = Effect.sync(() => {
  const held = new Map<string, number>()
  const release = (key: string) =>
    Effect.sync(() => {
      const count = (held.get(key) ?? 1) - 1
      if (count === 0) held.delete(key)
      else held.set(key, count)
    })
  return {
    take: (key: string, limit: number) =>
      Effect.acquireRelease(
        Effect.sync(() => {
          const count = held.get(key) ?? 0
          if (count >= limit) return false
          held.set(key, count + 1)
          return true
        }),
        (taken) => (taken ? release(key) : Effect.void)
      )
  }
})

/** `StreamSlots` counted in this process (a server without Redis, and the testing kit). */
export const LocalStreamSlots: Layer.Layer<StreamSlots> = Layer.effect(StreamSlots, makeLocalStreamSlots)
