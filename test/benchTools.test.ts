import { describe, expect, it } from "vitest"
import { parseCpuList, parseProcStat } from "../bench/cpu.js"
import { summarizeProfile } from "../bench/profileSummary.js"

describe("the benchmark's /proc and taskset parsers", () => {
  it("adds utime and stime, counting fields from the command name's last parenthesis", () => {
    const line = "4242 (node (a) b) S 1 4242 4242 0 -1 4194560 9000 0 12 0 1500 250 3 4 20 0 11 0 7000 1000000 20000"
    expect(parseProcStat(line)).toBe(1750)
  })

  it("refuses a line that is not a stat line", () => {
    expect(() => parseProcStat("nothing here")).toThrow()
  })

  it("reads taskset's CPU lists with ranges", () => {
    expect(parseCpuList("0-2,5\n")).toEqual([0, 1, 2, 5])
    expect(parseCpuList(" 1")).toEqual([1])
  })
})

describe("the CPU profile summary", () => {
  const frame = (functionName: string, url = "", lineNumber = -1) => ({ functionName, url, lineNumber })
  // Samples at 10, 110, 210, 260, 460 µs; each lasts until the next (the last until the end, 600).
  const profile = {
    nodes: [
      { id: 1, callFrame: frame("(root)") },
      { id: 2, callFrame: frame("(idle)") },
      { id: 3, callFrame: frame("runLoop", "file:///repo/node_modules/effect/dist/esm/internal/fiberRuntime.js", 9) },
      { id: 4, callFrame: frame("parse", "node:internal/url", 0) }
    ],
    samples: [3, 3, 4, 2, 3],
    timeDeltas: [10, 100, 100, 50, 200],
    startTime: 0,
    endTime: 600
  }

  it("sums self time per function, longest first, as shares of the busy time", () => {
    const summary = summarizeProfile(profile, { root: "/repo" })
    expect(summary.busyUs).toBe(390)
    expect(summary.functions).toEqual([
      { name: "runLoop", location: "effect/dist/esm/internal/fiberRuntime.js:10", selfUs: 340, share: 340 / 390 },
      { name: "parse", location: "node:internal/url:1", selfUs: 50, share: 50 / 390 }
    ])
    expect(summary.packages.map((p) => [p.name, p.selfUs])).toEqual([["effect", 340], ["node (internals)", 50]])
  })

  it("counts only the samples inside the window", () => {
    const summary = summarizeProfile(profile, { from: 100, to: 300 })
    expect(summary.sampledUs).toBe(350)
    expect(summary.functions.map((f) => [f.name, f.selfUs])).toEqual([["runLoop", 100], ["parse", 50]])
  })
})
