// The pure parts of `npm run bench:load` (bench/instances.js): the open-loop
// scheduler's arrival times and its latency clock (from the scheduled time,
// so a late generator or a slow server cannot hide), the percentiles and the
// counting of answers (429 and 409 apart from errors), and the report's knee
// and failures.
import { describe, expect, it } from "vitest"
import { latencyRecorder, outcomeOf, quantile } from "../bench/latencyStats.js"
import { failuresOf, formatKnees, formatRatios, kneeOf } from "../bench/loadReport.js"
import { weighted } from "../bench/loadMix.js"
import { arrivalTimes, runOpenLoop, seededRandom } from "../bench/openLoop.js"

describe("the open-loop scheduler", () => {
  it("spaces requests evenly at the offered rate", () => {
    expect(arrivalTimes(4, 1)).toEqual([0, 250, 500, 750])
    expect(arrivalTimes(10, 3)).toHaveLength(30)
  })

  it("draws Poisson arrivals of the same mean rate, reproducibly from the seed, inside the window", () => {
    const times = arrivalTimes(200, 50, seededRandom(7))
    expect(times).toEqual(arrivalTimes(200, 50, seededRandom(7)))
    expect(times.length).toBeGreaterThan(200 * 50 * 0.95)
    expect(times.length).toBeLessThan(200 * 50 * 1.05)
    expect(times.every((t, i) => t >= 0 && t < 50_000 && (i === 0 || t >= times[i - 1]!))).toBe(true)
  })

  it("refuses a rate or a duration that is not positive", () => {
    expect(() => arrivalTimes(0, 1)).toThrow()
    expect(() => arrivalTimes(1, -1)).toThrow()
  })

  it("dispatches each request at its scheduled time without waiting for earlier answers, and says how late it was", async () => {
    // A clock the test moves: each call to now() is one millisecond later.
    let clock = 1000
    const now = () => clock++
    const scheduled: Array<number> = []
    let inFlight = 0
    let mostInFlight = 0
    const answers: Array<() => void> = []
    // The loop waits on a real timer for the first due time: the test waits for the third dispatch, however long a loaded machine takes.
    let allSent!: () => void
    const sent = new Promise<void>((resolve) => (allSent = resolve))
    const run = runOpenLoop([0, 0, 0], (scheduledAt) => {
      scheduled.push(scheduledAt)
      mostInFlight = Math.max(mostInFlight, ++inFlight)
      if (scheduled.length === 3) allSent()
      return new Promise<void>((resolve) => answers.push(() => (inFlight--, resolve())))
    }, now)
    await sent
    // All three were sent before any was answered: the loop is open.
    expect(mostInFlight).toBe(3)
    expect(scheduled).toEqual([1005, 1005, 1005])
    for (const answer of answers) answer()
    const result = await run
    expect(result.dispatched).toBe(3)
    expect(result.maxLagMs).toBeGreaterThanOrEqual(0)
  })

  it("chooses by weight", () => {
    const random = seededRandom(1)
    const counts = { a: 0, b: 0 }
    for (let i = 0; i < 10_000; i++) counts[weighted(random, [[3, "a" as const], [1, "b" as const]])]++
    expect(counts.a / 10_000).toBeGreaterThan(0.72)
    expect(counts.a / 10_000).toBeLessThan(0.78)
  })
})

describe("the counting of answers", () => {
  it("takes the nearest-rank quantile", () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1)
    expect(quantile(sorted, 0.5)).toBe(50)
    expect(quantile(sorted, 0.99)).toBe(99)
    expect(quantile([7], 0.99)).toBe(7)
    expect(quantile([], 0.5)).toBeNaN()
  })

  it("counts 429 and a CAD version race apart from errors, and any other 409 as an error", () => {
    expect(outcomeOf(201, 201)).toBe("ok")
    expect(outcomeOf(429, 200, "RATE_LIMITED")).toBe("rateLimited")
    expect(outcomeOf(409, 200, "CAD_CONFLICT")).toBe("conflict")
    expect(outcomeOf(409, 201, "SHIFT_ALREADY_ACTIVE")).toBe("error")
    expect(outcomeOf(200, 201)).toBe("error")
    expect(outcomeOf(0, 200)).toBe("error")
  })

  it("summarizes per operation and per kind, with throughput over the step's seconds", () => {
    const recorder = latencyRecorder()
    recorder.record("search", "read", 10, "ok")
    recorder.record("search", "read", 30, "ok")
    recorder.record("view", "read", 20, "rateLimited")
    recorder.record("edit", "write", 40, "conflict")
    recorder.record("edit", "write", 50, "error", "POST /x → 500")
    const summary = recorder.summary(2)
    expect(summary.operations.map((o) => [o.name, o.kind, o.count, o.ok, o.rateLimited, o.conflict, o.error])).toEqual([
      ["search", "read", 2, 2, 0, 0, 0],
      ["view", "read", 1, 0, 1, 0, 0],
      ["edit", "write", 2, 0, 0, 1, 1]
    ])
    expect(summary.reads).toMatchObject({ count: 3, perSecond: 1.5, p50: 20, p99: 30, rateLimited: 1, error: 0 })
    expect(summary.writes).toMatchObject({ count: 2, p50: 40, p99: 50, conflict: 1, error: 1, errorSamples: ["POST /x → 500"] })
  })
})

describe("the report", () => {
  const stepAt = (offered: number, readP99: number, errors = 0) => {
    const recorder = latencyRecorder()
    recorder.record("search", "read", readP99, "ok")
    if (errors > 0) recorder.record("edit", "write", 5, "error", "POST /edit → 500")
    return { label: "two instances", offered, summary: recorder.summary(1) }
  }

  it("finds the rate past which read p99 stays over the limit, and the last rate at or below it", () => {
    expect(kneeOf([stepAt(10, 20), stepAt(15, 40), stepAt(22, 60), stepAt(34, 90)], 50)).toEqual({ crossedAt: 22, lastBelow: 15 })
    expect(kneeOf([stepAt(10, 60)], 50)).toEqual({ crossedAt: 10, lastBelow: null })
    expect(kneeOf([stepAt(10, 20), stepAt(15, 30)], 50)).toEqual({ crossedAt: null, lastBelow: 15 })
    expect(kneeOf([stepAt(10, 20), stepAt(15, 50)], 50)).toEqual({ crossedAt: null, lastBelow: 15 })
    // Over the limit at the lowest rates (an idle machine waking up on every hop), below once busy, then saturated.
    expect(kneeOf([stepAt(10, 90), stepAt(15, 60), stepAt(22, 30), stepAt(34, 45), stepAt(51, 120)], 50)).toEqual({ crossedAt: 51, lastBelow: 34 })
  })

  it("prints the knees of one instance and of two side by side", () => {
    const lines = formatKnees(50, [
      { label: "one instance", steps: [stepAt(10, 20), stepAt(15, 70)] },
      { label: "two instances", steps: [stepAt(10, 20), stepAt(15, 30)] }
    ])
    expect(lines).toEqual([
      "Offered rate at which read p99 crosses 50 ms:",
      "  one instance   crossed at 15 req/s (below at 10 req/s); read p99 ms by offered req/s: 10: 20.0, 15: 70.0",
      "  two instances  not crossed up to 15 req/s; read p99 ms by offered req/s: 10: 20.0, 15: 30.0"
    ])
  })

  it("sets the second ladder against the first at the rates both tried, CPU weighted by each server's requests", () => {
    const withCpu = (offered: number, readP99: number, cpu: Array<[number, number]>) => ({
      ...stepAt(offered, readP99),
      cpu: cpu.map(([usPerRequest, requests], i) => ({ name: `server ${i}`, usPerRequest, netUsPerRequest: usPerRequest, requests, busy: 0 }))
    })
    const lines = formatRatios([
      { label: "one instance", steps: [withCpu(5, 40, [[1000, 10]]), withCpu(10, 80, [[1000, 20]])] },
      { label: "two instances", steps: [withCpu(10, 40, [[1000, 10], [4000, 10]]), withCpu(15, 90, [[1000, 30]])] }
    ])
    expect(lines).toEqual([
      "two instances / one instance at the same offered rate (read p99; CPU µs per request):",
      "  10 req/s: 0.50; 2.50"
    ])
  })

  it("fails on any error, naming the step and the operation, and not on 429s or 409s", () => {
    const refusals = latencyRecorder()
    refusals.record("edit", "write", 5, "conflict")
    refusals.record("view", "read", 5, "rateLimited")
    expect(failuresOf([{ label: "one instance", offered: 10, summary: refusals.summary(1) }])).toEqual([])
    expect(failuresOf([stepAt(10, 20), stepAt(15, 20, 1)])).toEqual([
      "two instances at 15 req/s: edit had 1 error(s), e.g. POST /edit → 500"
    ])
  })
})
