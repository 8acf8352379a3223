import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { makeRefetcher } from "../../src/live/refetcher.js"

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe("reading records again", () => {
  it("reads a record once for a burst of entries about it", async () => {
    const read = vi.fn(async (_: string) => undefined)
    const refetcher = makeRefetcher(read, 150)
    for (let i = 0; i < 10; i++) refetcher.ask("u1")
    refetcher.ask("u2")
    await vi.advanceTimersByTimeAsync(200)
    expect(read.mock.calls.map(([key]) => key).sort()).toEqual(["u1", "u2"])
  })

  it("reads again after a read under way when asked meanwhile, so the last read is the newest", async () => {
    let finish: () => void = () => undefined
    const read = vi.fn((_: string) => new Promise<void>((resolve) => (finish = resolve)))
    const refetcher = makeRefetcher(read, 150)
    refetcher.ask("u1")
    await vi.advanceTimersByTimeAsync(160)
    refetcher.ask("u1")
    finish()
    await vi.advanceTimersByTimeAsync(160)
    expect(read).toHaveBeenCalledTimes(2)
  })

  it("reads nothing once stopped", async () => {
    const read = vi.fn(async (_: string) => undefined)
    const refetcher = makeRefetcher(read, 150)
    refetcher.ask("u1")
    refetcher.stop()
    await vi.advanceTimersByTimeAsync(200)
    expect(read).not.toHaveBeenCalled()
  })
})
