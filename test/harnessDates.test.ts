import { describe, expect, it } from "vitest"
import { dayAfter, latestBirthDateAged, yearsFrom } from "./harness/dates.js"

/** The harness's calendar helpers, on the days that trip a naive computation. */
describe("test/harness/dates.ts", () => {
  const at = (iso: string) => Date.parse(iso)

  it("the youngest date of birth aged 17: the same day, or 28 February for a leap day", () => {
    expect(latestBirthDateAged(at("2026-12-02T10:00:00Z"), 17)).toBe("2009-12-02")
    expect(latestBirthDateAged(at("2028-02-29T23:59:00Z"), 17)).toBe("2011-02-28")
    expect(latestBirthDateAged(at("2028-02-29T00:00:00Z"), 16)).toBe("2012-02-29")
    expect(latestBirthDateAged(at("2027-01-01T00:00:00Z"), 17)).toBe("2010-01-01")
  })

  it("the day after crosses months, years and leap days", () => {
    expect(dayAfter("2011-02-28")).toBe("2011-03-01")
    expect(dayAfter("2012-02-28")).toBe("2012-02-29")
    expect(dayAfter("2026-12-31")).toBe("2027-01-01")
  })

  it("calendar years as Effect counts them: a leap day plus or minus a year is 28 February", () => {
    expect(new Date(yearsFrom(at("2028-02-29T12:00:00Z"), 10)).toISOString()).toBe("2038-02-28T12:00:00.000Z")
    expect(new Date(yearsFrom(at("2028-02-29T12:00:00Z"), -1)).toISOString()).toBe("2027-02-28T12:00:00.000Z")
    expect(new Date(yearsFrom(at("2028-02-29T12:00:00Z"), 4)).toISOString()).toBe("2032-02-29T12:00:00.000Z")
    expect(new Date(yearsFrom(at("2026-12-31T23:40:00Z"), 1)).toISOString()).toBe("2027-12-31T23:40:00.000Z")
  })
})
