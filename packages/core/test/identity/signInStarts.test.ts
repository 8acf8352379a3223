import { countSignInStart, SIGN_IN_START_BUDGETS } from "@bluelight/core/identity"
import { testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"

const BUDGETS = { perMinute: 6, perAddressPerMinute: 2 }

const starts = (address: string, times: number, provider: "idp" | "platform" = "idp") =>
  Effect.forEach(Array.from({ length: times }), () => countSignInStart(provider, address, BUDGETS))

describe("countSignInStart", () => {
  it.effect("by default one address starts 30 a minute, and four addresses together take the 120 every caller shares", () =>
    Effect.gen(function*() {
      const start = (address: string) => countSignInStart("idp", address, SIGN_IN_START_BUDGETS)
      const allowed = (address: string, times: number) =>
        Effect.map(Effect.all(Array.from({ length: times }, () => start(address))), (decisions) => decisions.filter((d) => d.decision.allowed).length)
      expect(yield* allowed("198.51.100.1", 31)).toBe(30)
      for (const address of ["198.51.100.2", "198.51.100.3", "198.51.100.4"]) expect(yield* allowed(address, 30)).toBe(30)
      const fifth = yield* start("198.51.100.5")
      expect(fifth).toMatchObject({ budget: "shared", decision: { allowed: false, limit: 120 } })
    }).pipe(Effect.provide(testPorts())))

  it.effect("one address gets its own share; another address still starts", () =>
    Effect.gen(function*() {
      const mine = yield* starts("198.51.100.7", 4)
      expect(mine.map((d) => [d.budget, d.decision.allowed])).toEqual([
        ["address", true],
        ["address", true],
        ["address", false],
        ["address", false]
      ])
      expect(mine.map((d) => d.decision.remaining)).toEqual([1, 0, 0, 0])
      expect(mine[2]!.decision.resetSeconds).toBe(60)
      expect((yield* starts("203.0.113.9", 1))[0]!.decision.allowed).toBe(true)
    }).pipe(Effect.provide(testPorts())))

  it.effect("the shared budget is the ceiling, and starts refused for their address spend none of it", () =>
    Effect.gen(function*() {
      const budgets = { perMinute: 5, perAddressPerMinute: 2 }
      const from = (address: string, times: number) => Effect.forEach(Array.from({ length: times }), () => countSignInStart("idp", address, budgets))
      // Two of five, then refused fifty times for its address: the others keep their three.
      yield* from("a", 2)
      expect((yield* from("a", 50)).every((d) => d.budget === "address" && !d.decision.allowed)).toBe(true)
      expect((yield* from("b", 2)).map((d) => [d.budget, d.decision.allowed, d.decision.remaining])).toEqual([
        ["address", true, 1],
        ["address", true, 0]
      ])
      // c's own budget has more left than the shared one: the shared one is reported.
      expect((yield* from("c", 1))[0]).toMatchObject({ budget: "shared", decision: { allowed: true, remaining: 0 } })
      const refused = (yield* from("d", 1))[0]!
      expect(refused).toMatchObject({ budget: "shared", decision: { allowed: false, limit: 5, remaining: 0 } })
      expect(refused.decision.resetSeconds).toBe(60)
    }).pipe(Effect.provide(testPorts())))

  it.effect("each provider has its own budgets, and a new minute starts afresh", () =>
    Effect.gen(function*() {
      yield* starts("a", 2)
      expect((yield* starts("a", 1))[0]!.decision.allowed).toBe(false)
      expect((yield* starts("a", 1, "platform"))[0]!.decision.allowed).toBe(true)
      yield* TestClock.adjust("60 seconds")
      expect((yield* starts("a", 1))[0]!.decision.allowed).toBe(true)
    }).pipe(Effect.provide(testPorts())))
})
