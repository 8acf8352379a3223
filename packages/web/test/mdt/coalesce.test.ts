import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { makeCoalescer } from "../../src/mdt/coalesce.js"

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe("coalesced refetches", () => {
  it("makes one read per key for a burst, once it settles", () => {
    const run = vi.fn()
    const coalescer = makeCoalescer<string>(run, 150)
    coalescer.request("me")
    coalescer.request("me")
    vi.advanceTimersByTime(100)
    coalescer.request("me")
    coalescer.request("incident")
    expect(run).not.toHaveBeenCalled()
    vi.advanceTimersByTime(50)
    expect(run.mock.calls).toEqual([["me"]])
    vi.advanceTimersByTime(100)
    expect(run.mock.calls).toEqual([["me"], ["incident"]])
  })

  it("asks again after a read went", () => {
    const run = vi.fn()
    const coalescer = makeCoalescer<string>(run, 150)
    coalescer.request("me")
    vi.advanceTimersByTime(150)
    coalescer.request("me")
    vi.advanceTimersByTime(150)
    expect(run).toHaveBeenCalledTimes(2)
  })

  it("stopped, reads nothing more", () => {
    const run = vi.fn()
    const coalescer = makeCoalescer<string>(run, 150)
    coalescer.request("me")
    coalescer.stop()
    vi.advanceTimersByTime(500)
    expect(run).not.toHaveBeenCalled()
  })
})
