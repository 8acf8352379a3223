import { classifyCommandResponse, parseRef } from "@bluelight/adapters-game"
import { describe, expect, it } from "vitest"

describe("game server protocol", () => {
  it("splits Username:PlatformId at the last colon, the id digits", () => {
    expect(parseRef("Jane_Doe:123456")).toEqual({ username: "Jane_Doe", platformId: "123456" })
    expect(parseRef("a:b:7")).toEqual({ username: "a:b", platformId: "7" })
    expect(parseRef("NoId")).toBeUndefined()
    expect(parseRef(":1")).toBeUndefined()
    expect(parseRef("Name:")).toBeUndefined()
    expect(parseRef("Name:12x")).toBeUndefined()
  })

  it("classifies command outcomes", () => {
    expect(classifyCommandResponse(200, {})).toEqual({ _tag: "Executed" })
    expect(classifyCommandResponse(422, { code: 3002, message: "no players" })).toEqual({ _tag: "Refused", code: 3002, message: "no players" })
    expect(classifyCommandResponse(403, { code: 2002, message: "key invalid" })._tag).toBe("Refused")
    expect(classifyCommandResponse(400, "garbage")).toMatchObject({ _tag: "Refused", code: null })
    expect(classifyCommandResponse(429, { code: 4001, message: "slow down", retry_after: 2.2 })).toEqual({ _tag: "Throttled", retryAfterSeconds: 3 })
    expect(classifyCommandResponse(500, { code: 1001, message: "oops" })).toEqual({ _tag: "Unknown", reason: "oops" })
    expect(classifyCommandResponse(502, null)._tag).toBe("Unknown")
    // Every other 4xx is the game server saying no: a definite refusal, never left unknown.
    for (const status of [401, 404, 405, 409, 499]) expect(classifyCommandResponse(status, null)._tag).toBe("Refused")
    for (const status of [302, 504, 599]) expect(classifyCommandResponse(status, null)._tag).toBe("Unknown")
  })
})
