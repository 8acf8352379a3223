import { makeMemoryGameCommandSlot } from "@bluelight/adapters-game"
import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Result } from "effect"
import { TestClock } from "effect/testing"

const settings = { cooldown: Duration.seconds(5), leaseTtl: Duration.seconds(30) }

describe("the in-memory game-command slot", () => {
  it.effect("holds one lease at a time, cools down after a command sent, and frees an abandoned lease", () =>
    Effect.gen(function*() {
      const slot = yield* makeMemoryGameCommandSlot(settings)
      const first = yield* slot.take
      const busy = yield* Effect.flip(slot.take)
      expect(busy).toMatchObject({ code: "GAME_THROTTLED", details: { availability: "unavailable" }, retryAfterSeconds: 5 })
      expect(busy.message).toBe(
        "Another command is in flight to the game server. This action was not stored; send it again with the same Idempotency-Key after Retry-After (5 seconds)"
      )
      yield* first.release(true)
      yield* TestClock.adjust("2 seconds")
      const cooling = yield* Effect.flip(slot.take)
      expect(cooling.retryAfterSeconds).toBe(3)
      expect(cooling.message).toMatch(
        /^The game server is cooling down after the last command: 3 seconds left\. This action was not stored; send it again with the same Idempotency-Key after Retry-After \(3 seconds\)$/
      )
      yield* TestClock.adjust("3 seconds")
      const second = yield* slot.take
      yield* second.release(false)
      // Nothing was sent: no cooldown.
      yield* slot.take
      // That lease is never released (a crash): the slot frees itself after the lease time.
      yield* TestClock.adjust("29 seconds")
      expect(Result.isFailure(yield* Effect.result(slot.take))).toBe(true)
      yield* TestClock.adjust("1 second")
      yield* slot.take
    }))
})
