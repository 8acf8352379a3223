import { describe, expect, it } from "vitest"
import { localDate, summaryChart, summaryRange } from "../../src/staff/summaryChart.js"

const NAMES: Record<string, string> = { a: "Ash", b: "Bea", c: "Cal" }
const nameOf = (id: string) => NAMES[id] ?? id

describe("the summary's chart", () => {
  it("makes a bar per person, most time first, split by type in a fixed order, as fractions of the longest", () => {
    const rows = summaryChart([
      { staffId: "b", type: "PATROL", totalSeconds: 3600, shifts: 1 },
      { staffId: "a", type: "MODERATION", totalSeconds: 1800, shifts: 2 },
      { staffId: "a", type: "PATROL", totalSeconds: 5400, shifts: 1 },
      { staffId: "b", type: "CONTROL", totalSeconds: 0, shifts: 1 }
    ], nameOf)
    expect(rows.map((row) => [row.name, row.totalSeconds, row.shifts])).toEqual([["Ash", 7200, 3], ["Bea", 3600, 1]])
    // MODERATION before PATROL whatever order the API answered in; Ash's bar is the full length.
    expect(rows[0]!.segments).toEqual([
      { type: "MODERATION", seconds: 1800, start: 0, width: 0.25 },
      { type: "PATROL", seconds: 5400, start: 0.25, width: 0.75 }
    ])
    // A line of no time draws nothing.
    expect(rows[1]!.segments).toEqual([{ type: "PATROL", seconds: 3600, start: 0, width: 0.5 }])
  })

  it("orders people with the same time by name, and draws nothing for no time", () => {
    const rows = summaryChart([
      { staffId: "c", type: "CONTROL", totalSeconds: 60, shifts: 1 },
      { staffId: "a", type: "CONTROL", totalSeconds: 60, shifts: 1 }
    ], nameOf)
    expect(rows.map((row) => row.name)).toEqual(["Ash", "Cal"])
    expect(summaryChart([], nameOf)).toEqual([])
    expect(summaryChart([{ staffId: "a", type: "CONTROL", totalSeconds: 0, shifts: 1 }], nameOf)).toEqual([])
  })
})

describe("the summary's range", () => {
  it("sends local midnights: from the first day (inclusive) to the day after the last (exclusive)", () => {
    const range = summaryRange("2026-03-01", "2026-03-07")
    expect(range).toEqual({ from: new Date(2026, 2, 1).toISOString(), to: new Date(2026, 2, 8).toISOString() })
    expect(summaryRange("2026-03-07", "2026-03-07")).toEqual({ from: new Date(2026, 2, 7).toISOString(), to: new Date(2026, 2, 8).toISOString() })
  })

  it("refuses a last day before the first, and what is not a date", () => {
    expect(summaryRange("2026-03-07", "2026-03-06")).toBeNull()
    expect(summaryRange("", "2026-03-06")).toBeNull()
  })

  it("writes a day as a date input holds it, across a month's end", () => {
    expect(localDate(new Date(2026, 1, 27, 23, 30), 2)).toBe("2026-03-01")
    expect(localDate(new Date(2026, 0, 5, 0, 10), -6)).toBe("2025-12-30")
  })
})
