import { checkWithinWindow, EnteredTimestamp, isWithinWindow, type TimeWindow } from "@bluelight/core/kernel"
import { LICENCE_EXPIRY, MEASURE_END, OCCURRENCE } from "@bluelight/core/civilians"
import { SESSION_TIME } from "@bluelight/core/shifts"
import { describe, expect, it } from "@effect/vitest"
import { DateTime, Effect, Result, Schema } from "effect"

const now = DateTime.makeUnsafe("2026-11-26T12:00:00.000Z")
const at = (iso: string) => DateTime.makeUnsafe(iso)
const ms = (time: DateTime.Utc, millis: number) => DateTime.add(time, { milliseconds: millis })
const within = (window: TimeWindow, time: DateTime.Utc) => isWithinWindow(window, time, now)

describe("time windows around now (exact bounds)", () => {
  it("the end of a measure: after now, at most ten calendar years ahead", () => {
    expect(within(MEASURE_END, now)).toBe(false)
    expect(within(MEASURE_END, ms(now, 1))).toBe(true)
    expect(within(MEASURE_END, at("2036-11-26T12:00:00.000Z"))).toBe(true)
    expect(within(MEASURE_END, at("2036-11-26T12:00:00.001Z"))).toBe(false)
  })

  it("a licence's expiry: at most ten years ahead, the past allowed (its issue is the other bound)", () => {
    expect(within(LICENCE_EXPIRY, at("2036-11-26T12:00:00.000Z"))).toBe(true)
    expect(within(LICENCE_EXPIRY, at("2036-11-26T12:00:00.001Z"))).toBe(false)
    expect(within(LICENCE_EXPIRY, at("2001-01-01T00:00:00.000Z"))).toBe(true)
  })

  it("an occurrence: up to now", () => {
    expect(within(OCCURRENCE, now)).toBe(true)
    expect(within(OCCURRENCE, ms(now, 1))).toBe(false)
    expect(within(OCCURRENCE, at("1900-01-01T00:00:00.000Z"))).toBe(true)
  })

  it("a role-play session: from a year before now to a year after, both included", () => {
    expect(within(SESSION_TIME, at("2025-11-26T12:00:00.000Z"))).toBe(true)
    expect(within(SESSION_TIME, at("2025-11-26T11:59:59.999Z"))).toBe(false)
    expect(within(SESSION_TIME, at("2027-11-26T12:00:00.000Z"))).toBe(true)
    expect(within(SESSION_TIME, at("2027-11-26T12:00:00.001Z"))).toBe(false)
  })

  it.effect("a time outside is INVALID_INPUT naming the field with the window's words; none given passes", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(checkWithinWindow(MEASURE_END, "until", now, now))
      expect(error).toMatchObject({ code: "INVALID_INPUT", details: [{ path: ["until"], message: "must be in the future and at most 10 years from now" }] })
      yield* checkWithinWindow(MEASURE_END, "until", null, now)
      yield* checkWithinWindow(MEASURE_END, "until", undefined, now)
    }))
})

describe("EnteredTimestamp", () => {
  const decode = Schema.decodeUnknownResult(EnteredTimestamp)
  it("takes 1900-01-01T00:00:00.000Z to 2099-12-31T23:59:59.999Z, and nothing outside", () => {
    expect(Result.isSuccess(decode("1900-01-01T00:00:00.000Z"))).toBe(true)
    expect(Result.isSuccess(decode("2099-12-31T23:59:59.999Z"))).toBe(true)
    for (
      const outside of ["1899-12-31T23:59:59.999Z", "2100-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z", "0001-01-01T00:00:00Z", "2099-12-31T23:59:59-00:01"]
    ) {
      expect(Result.isFailure(decode(outside)), outside).toBe(true)
    }
  })
})
