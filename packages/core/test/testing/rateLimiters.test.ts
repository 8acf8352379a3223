import { AttemptCounterUnavailable, RateLimiter, StrictRateLimiter } from "@bluelight/core/identity"
import { InMemoryRateLimiter, InMemoryStrictRateLimiter, setAttemptLogUp } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"

const limiters = Layer.merge(InMemoryRateLimiter, InMemoryStrictRateLimiter)

describe("the kit's RateLimiter: fixed windows on the Effect clock", () => {
  it.effect("counts per key within a window, and starts afresh in the next one", () =>
    Effect.gen(function*() {
      const limiter = yield* RateLimiter
      yield* TestClock.adjust("20 seconds")
      const decisions = yield* Effect.all([1, 2, 3].map(() => limiter.consume("k", 2, 60)))
      expect(decisions.map((d) => [d.allowed, d.remaining])).toEqual([[true, 1], [true, 0], [false, 0]])
      expect(decisions[2]!.resetSeconds).toBe(40)
      expect((yield* limiter.consume("other", 2, 60)).allowed).toBe(true)
      yield* TestClock.adjust("40 seconds")
      expect(yield* limiter.consume("k", 2, 60)).toEqual({ allowed: true, limit: 2, remaining: 1, resetSeconds: 60 })
    }).pipe(Effect.provide(limiters)))
})

describe("the kit's StrictRateLimiter: a sliding log that fails closed", () => {
  it.effect("allows `limit` attempts in any window; a refusal is not logged and a place frees when the oldest leaves", () =>
    Effect.gen(function*() {
      const limiter = yield* StrictRateLimiter
      yield* limiter.consume("k", 2, 60)
      yield* TestClock.adjust("50 seconds")
      yield* limiter.consume("k", 2, 60)
      // Refused ten times: the log still holds the two allowed attempts only.
      for (let i = 0; i < 10; i++) expect(yield* limiter.consume("k", 2, 60)).toMatchObject({ allowed: false, resetSeconds: 10 })
      yield* TestClock.adjust("10 seconds")
      expect(yield* limiter.consume("k", 2, 60)).toEqual({ allowed: true, limit: 2, remaining: 0, resetSeconds: 50 })
    }).pipe(Effect.provide(limiters)))

  it.effect("while the attempt log is down it fails with AttemptCounterUnavailable and counts nothing", () =>
    Effect.gen(function*() {
      const limiter = yield* StrictRateLimiter
      yield* setAttemptLogUp(false)
      expect(yield* Effect.flip(limiter.consume("k", 1, 60))).toBeInstanceOf(AttemptCounterUnavailable)
      yield* setAttemptLogUp(true)
      expect((yield* limiter.consume("k", 1, 60)).allowed).toBe(true)
    }).pipe(Effect.provide(limiters)))
})
