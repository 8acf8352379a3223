// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react"
import { DateTime } from "effect"
import { afterEach, describe, expect, it, vi } from "vitest"
import { elapsedSeconds, formatElapsed, hoursAndMinutes } from "../../src/staff/clock.js"
import { durationText } from "../../src/staff/duration.js"
import { RunningClock } from "../../src/staff/ShiftClock.js"

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe("the shift clock's words", () => {
  it("writes hh:mm:ss, hours past 99 rather than wrapping", () => {
    expect(formatElapsed(0)).toBe("00:00:00")
    expect(formatElapsed(59)).toBe("00:00:59")
    expect(formatElapsed(3_661)).toBe("01:01:01")
    expect(formatElapsed(36_000 + 59 * 60 + 59)).toBe("10:59:59")
    expect(formatElapsed(100 * 3600 + 5)).toBe("100:00:05")
  })

  it("counts whole seconds and never below zero (a browser clock behind the server's)", () => {
    expect(elapsedSeconds(1_000, 2_999)).toBe(1)
    expect(elapsedSeconds(5_000, 1_000)).toBe(0)
  })

  it("writes durations in hours and minutes", () => {
    expect(hoursAndMinutes(3 * 3600 + 5 * 60 + 59)).toEqual({ hours: 3, minutes: 5 })
    expect(durationText(3 * 3600 + 5 * 60)).toBe("3 h 05 min")
    expect(durationText(42 * 60)).toBe("42 min")
    expect(durationText(12)).toBe("under 1 min")
    expect(durationText(0)).toBe("0 min")
  })
})

describe("the running clock", () => {
  it("ticks every second from the shift's start, with the ISO start on hover", () => {
    const startedAt = "2026-03-14T18:00:00.000Z"
    vi.useFakeTimers({ now: Date.parse(startedAt) + 59 * 60_000 + 58_000 })
    render(<RunningClock startedAt={DateTime.makeUnsafe(startedAt)} />)
    const clock = screen.getByRole("timer", { name: "Time on shift" })
    expect(clock.textContent).toBe("00:59:58")
    expect(clock.getAttribute("title")).toBe(`Started ${startedAt}`)
    expect(clock.getAttribute("datetime")).toBe(startedAt)
    act(() => {
      vi.advanceTimersByTime(1_000)
    })
    expect(clock.textContent).toBe("00:59:59")
    act(() => {
      vi.advanceTimersByTime(2_000)
    })
    expect(clock.textContent).toBe("01:00:01")
  })
})
