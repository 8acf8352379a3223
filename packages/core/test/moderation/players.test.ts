import { isInGameStaff } from "@bluelight/core/moderation"
import { describe, expect, it } from "vitest"

describe("in-game staff", () => {
  it("is anyone whose permission level is not Normal", () => {
    expect(isInGameStaff("Normal")).toBe(false)
    for (const level of ["Server Moderator", "Server Administrator", "Server Co-Owner", "Server Owner"]) {
      expect(isInGameStaff(level)).toBe(true)
    }
  })
})
