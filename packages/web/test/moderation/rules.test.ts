import { describe, expect, it } from "vitest"
import { ApiFailure, ConnectionLost } from "../../src/api/failure.js"
import { kindsFor, tabsFor } from "../../src/moderation/access.js"
import { afterFailure, mayEdit, maySend, newIdempotencyKey, secondsLeft } from "../../src/moderation/attempt.js"
import { deliveryWords } from "../../src/moderation/delivery.js"

describe("an attempt's key", () => {
  it("is a valid Idempotency-Key, and a new one each time", () => {
    const a = newIdempotencyKey()
    const b = newIdempotencyKey()
    expect(a).toMatch(/^[A-Za-z0-9_-]{16,128}$/)
    expect(b).not.toBe(a)
  })
})

describe("after a failed send", () => {
  it("a lost answer may be sent again as it was, fields locked", () => {
    const state = afterFailure(new ConnectionLost(), 0)
    expect(state).toEqual({ _tag: "Lost" })
    expect(mayEdit(state)).toBe(false)
    expect(maySend(state, 0)).toBe(true)
  })

  it("a busy game server waits its Retry-After, then may be sent again", () => {
    const state = afterFailure(new ApiFailure("GAME_THROTTLED", "busy", [], { availability: "unavailable" }, 4), 1_000)
    expect(state).toMatchObject({ _tag: "Throttled", retryAfterSeconds: 4, since: 1_000 })
    expect(maySend(state, 1)).toBe(false)
    expect(maySend(state, 0)).toBe(true)
    expect(mayEdit(state)).toBe(true)
  })

  it("a refusal leaves the form to be corrected", () => {
    const refusal = new ApiFailure("INVALID_INPUT", "bad", [{ path: ["reason"], message: "too short" }], [], undefined)
    expect(afterFailure(refusal, 0)).toEqual({ _tag: "Editing", refusal })
  })

  it("a stored action is never sent again, whatever its delivery", () => {
    expect(maySend({ _tag: "Stored", action: {}, replayed: false }, 0)).toBe(false)
    expect(maySend({ _tag: "Sending" }, 0)).toBe(false)
  })
})

describe("the seconds left of a wait", () => {
  it("counts whole seconds up, never below zero", () => {
    expect(secondsLeft(0, 3, 0)).toBe(3)
    expect(secondsLeft(0, 3, 1)).toBe(3)
    expect(secondsLeft(0, 3, 2_000)).toBe(1)
    expect(secondsLeft(0, 3, 3_000)).toBe(0)
    expect(secondsLeft(0, 3, 9_000)).toBe(0)
  })
})

describe("the delivery in words", () => {
  it("says each state by word and tone, a failure with its reason", () => {
    expect(deliveryWords("SUCCEEDED", null)).toEqual({ label: "Succeeded", explanation: "The game server carried it out.", tone: "ok" })
    expect(deliveryWords("FAILED", "TARGET_IS_STAFF")).toEqual({ label: "Failed", explanation: "The player is in-game staff.", tone: "danger" })
    expect(deliveryWords("FAILED", "GAME_REJECTED").explanation).toBe("The game server refused the command.")
    expect(deliveryWords("UNKNOWN", null)).toEqual({
      label: "Unknown",
      explanation: "Sent; the outcome was not confirmed. It is never sent again.",
      tone: "warn"
    })
  })
})

describe("what the room offers", () => {
  it("shows each tab only with a key it needs", () => {
    expect(tabsFor(["server.view"]).map((tab) => tab.path)).toEqual(["/server"])
    expect(tabsFor(["moderation.history"]).map((tab) => tab.path)).toEqual(["/players"])
    expect(tabsFor(["moderation.view"]).map((tab) => tab.path)).toEqual(["/server", "/actions"])
    expect(tabsFor(["players.lookup", "players.view"]).map((tab) => tab.path)).toEqual(["/server", "/players"])
  })

  it("offers the actions whose key the person holds, in order", () => {
    expect(kindsFor(["moderation.ban", "moderation.warn"])).toEqual(["warn", "ban"])
    expect(kindsFor(["players.view"])).toEqual([])
  })
})
