import { DateTime } from "effect"
import { describe, expect, it } from "vitest"
import { birthdayAt, licenceAge } from "../../src/characters/licenceAge.js"

const on = (date: string) => DateTime.makeUnsafe(`${date}T12:00:00.000Z`)

describe("the licence age rule, worked out before applying", () => {
  it("finds a holder aged 17 on their birthday old enough for every category", () => {
    expect(licenceAge("2009-12-08", on("2026-12-08"))).toEqual({ age: 17, minimum: 17, tooYoungFor: [], oldEnoughOn: "2026-12-08" })
  })

  it("finds a holder a day short of 17 too young for every category, and says when they will not be", () => {
    const rule = licenceAge("2009-12-09", on("2026-12-08"))
    expect(rule.age).toBe(16)
    expect(rule.tooYoungFor).toEqual(["A", "B", "C", "D"])
    expect(rule.oldEnoughOn).toBe("2026-12-09")
  })

  it("counts a 29 February birthday on 1 March in a year without one", () => {
    expect(birthdayAt("2008-02-29", 17)).toBe("2025-03-01")
    expect(birthdayAt("2008-02-29", 16)).toBe("2024-02-29")
    expect(licenceAge("2008-02-29", on("2025-02-28")).tooYoungFor).toHaveLength(4)
    expect(licenceAge("2008-02-29", on("2025-03-01")).tooYoungFor).toEqual([])
  })
})
