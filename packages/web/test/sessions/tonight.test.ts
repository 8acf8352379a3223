import { DateTime } from "effect"
import { describe, expect, it } from "vitest"
import { grouped, isoFromLocal, tonight } from "../../src/sessions/tonight.js"

// A fixed evening in the browser's own zone (never today's date): 14 March 2026, 20:00 local.
const NOW = new Date(2026, 2, 14, 20, 0)
const local = (day: number, hour: number, minute = 0) => DateTime.makeUnsafe(new Date(2026, 2, day, hour, minute))

const session = (name: string, status: "SCHEDULED" | "LIVE" | "ENDED" | "CANCELLED", scheduledFor: DateTime.Utc) => ({ name, status, scheduledFor })

describe("on tonight", () => {
  it("is every live session and every scheduled one on today's date in the browser's zone, soonest first", () => {
    const sessions = [
      session("late tonight", "SCHEDULED", local(14, 23, 59)),
      session("this morning, not started", "SCHEDULED", local(14, 0, 0)),
      session("tomorrow just after midnight", "SCHEDULED", local(15, 0, 0)),
      session("yesterday just before midnight", "SCHEDULED", local(13, 23, 59)),
      session("live since yesterday", "LIVE", local(13, 22, 0)),
      session("ended this afternoon", "ENDED", local(14, 15, 0)),
      session("cancelled tonight", "CANCELLED", local(14, 21, 0))
    ]
    expect(tonight(sessions, NOW).map((each) => each.name)).toEqual(["live since yesterday", "this morning, not started", "late tonight"])
  })

  it("is nothing on a night with nothing on", () => {
    expect(tonight([session("next week", "SCHEDULED", local(21, 19))], NOW)).toEqual([])
  })
})

describe("the lists", () => {
  it("puts live sessions, upcoming ones soonest first, and past ones latest first", () => {
    const lists = grouped([
      session("a", "SCHEDULED", local(20, 19)),
      session("b", "ENDED", local(1, 19)),
      session("c", "SCHEDULED", local(15, 19)),
      session("d", "CANCELLED", local(10, 19)),
      session("e", "LIVE", local(14, 19))
    ])
    expect(lists.live.map((each) => each.name)).toEqual(["e"])
    expect(lists.upcoming.map((each) => each.name)).toEqual(["c", "a"])
    expect(lists.past.map((each) => each.name)).toEqual(["d", "b"])
  })
})

describe("a date and time typed in the browser's zone", () => {
  it("is sent as the ISO time of that local moment", () => {
    expect(isoFromLocal("2026-03-14T19:30")).toBe(new Date(2026, 2, 14, 19, 30).toISOString())
    expect(isoFromLocal("2026-03-14T19:30:15")).toBe(new Date(2026, 2, 14, 19, 30, 15).toISOString())
  })

  it("is nothing when incomplete", () => {
    expect(isoFromLocal("")).toBeNull()
    expect(isoFromLocal("2026-03-14")).toBeNull()
  })
})
