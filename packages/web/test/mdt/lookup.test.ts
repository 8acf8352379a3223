import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { type LookupState, makeLookup } from "../../src/mdt/lookup.js"

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** A search that answers when told to, recording each term and its signal. */
const controlledSearch = () => {
  const calls: Array<{ term: string; signal: AbortSignal; answer: (value: string) => void }> = []
  const search = (term: string, signal: AbortSignal) => new Promise<string>((resolve) => calls.push({ term, signal, answer: resolve }))
  return { calls, search }
}

describe("the look-up's typing", () => {
  it("searches once typing pauses for 250 ms, with the last words only", () => {
    const { calls, search } = controlledSearch()
    const lookup = makeLookup(search, () => undefined)
    lookup.type("AB")
    vi.advanceTimersByTime(100)
    lookup.type("AB1")
    vi.advanceTimersByTime(249)
    expect(calls).toHaveLength(0)
    vi.advanceTimersByTime(1)
    expect(calls.map((call) => call.term)).toEqual(["AB1"])
  })

  it("cancels a search superseded and never shows its answer", async () => {
    const { calls, search } = controlledSearch()
    const states: Array<LookupState<string>> = []
    const lookup = makeLookup(search, (state) => states.push(state))
    lookup.type("AB1")
    vi.advanceTimersByTime(250)
    lookup.type("AB12")
    expect(calls[0]!.signal.aborted).toBe(true)
    vi.advanceTimersByTime(250)
    calls[0]!.answer("old")
    calls[1]!.answer("new")
    await vi.runAllTimersAsync()
    const found = states.filter((state) => state._tag === "Found")
    expect(found).toEqual([{ _tag: "Found", term: "AB12", results: "new" }])
  })

  it("searches nothing for fewer than two characters, and stops one in flight", () => {
    const { calls, search } = controlledSearch()
    const states: Array<LookupState<string>> = []
    const lookup = makeLookup(search, (state) => states.push(state))
    lookup.type("AB")
    vi.advanceTimersByTime(250)
    lookup.type(" A ")
    vi.advanceTimersByTime(500)
    expect(calls).toHaveLength(1)
    expect(calls[0]!.signal.aborted).toBe(true)
    expect(states.at(-1)).toEqual({ _tag: "Idle" })
  })

  it("shows a failure of the latest search", async () => {
    const lookup = makeLookup(() => Promise.reject(new Error("Too many reads")), (state) => states.push(state))
    const states: Array<LookupState<string>> = []
    lookup.type("Smith")
    await vi.advanceTimersByTimeAsync(250)
    expect(states.at(-1)).toEqual({ _tag: "Failed", term: "Smith", error: new Error("Too many reads") })
  })
})
