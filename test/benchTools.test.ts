import { describe, expect, it } from "vitest"
import { parseCpuList, parseProcStat } from "../bench/cpu.js"
import { percentiles } from "../bench/latencyStats.js"
import { summarizeProfile } from "../bench/profileSummary.js"
import { firstPageFiles, importsOf, preloadsOf, resolvePath, staticClosure } from "../bench/webAssets.js"

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

describe("the web client's first page, read from the build", () => {
  it("takes index.html's module scripts, module preloads and style sheets, not its icon", () => {
    const html = `<link rel="icon" href="/favicon.svg">
<script type="module" crossorigin src="/assets/index-A.js"></script>
<link rel="modulepreload" crossorigin href="/assets/vendor-B.js">
<link rel=stylesheet href='/assets/index-C.css'>`
    expect(firstPageFiles(html)).toEqual({ scripts: ["/assets/index-A.js", "/assets/vendor-B.js"], styles: ["/assets/index-C.css"] })
  })

  it("tells a built module's static imports from its dynamic ones, whatever the quotes", () => {
    const code = "import{t as e}from\"./vendor-B.js\";import'./side.js';export{x}from\"./re.js\";" +
      "const r={a:()=>p(()=>import(`./ControlRoom-D.js`),[]),b:()=>import(\"./MdtRoom-E.js\")};export{r as default};"
    expect(importsOf(code)).toEqual({ static: ["./vendor-B.js", "./side.js", "./re.js"], dynamic: ["./ControlRoom-D.js", "./MdtRoom-E.js"] })
  })

  it("follows static imports transitively, once each, and keeps apart the chunks only a dynamic import loads", () => {
    const files: Record<string, string> = {
      "/assets/index.js": "import{a}from\"./vendor.js\";const l=()=>import(\"./Room.js\");",
      "/assets/vendor.js": "import{b}from\"./index.js\";export const a=1;",
      "/assets/Room.js": "import{a}from\"./vendor.js\";import{c}from\"./room-only.js\";",
      "/assets/room-only.js": "export const c=1;"
    }
    const read = (path: string) => files[path] ?? ""
    expect(staticClosure(["/assets/index.js"], read)).toEqual({ scripts: ["/assets/index.js", "/assets/vendor.js"], dynamic: ["/assets/Room.js"] })
    expect(staticClosure(["/assets/Room.js"], read).scripts).toEqual(["/assets/Room.js", "/assets/vendor.js", "/assets/index.js", "/assets/room-only.js"])
  })

  it("resolves a specifier against the path of the file that wrote it", () => {
    expect(resolvePath("/assets/index.js", "./Room.js")).toBe("/assets/Room.js")
    expect(resolvePath("/assets/index.js", "/other/x.js")).toBe("/other/x.js")
  })
})

describe("the latency summary", () => {
  it("answers nearest-rank percentiles and the maximum of values in any order", () => {
    const values = Array.from({ length: 200 }, (_, i) => 200 - i)
    expect(percentiles(values)).toEqual({ count: 200, p50: 100, p95: 190, p99: 198, max: 200 })
  })

  it("answers NaN for no values", () => {
    expect(percentiles([])).toEqual({ count: 0, p50: NaN, p95: NaN, p99: NaN, max: NaN })
  })
})

describe("Vite's preload lists", () => {
  it("names the files fetched beside each dynamic import, from the site's root", () => {
    const code =
      "const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=[\"assets/Room-A.js\",\"assets/feed-B.js\",\"assets/Room-C.css\",\"assets/Mdt-D.js\"])))=>i.map(i=>d[i]);" +
      "x(()=>import(`./Room-A.js`),__vite__mapDeps([0,1,2]));y(()=>import(`./Mdt-D.js`),__vite__mapDeps([3,1]))"
    expect(preloadsOf(code)).toEqual([
      { specifier: "./Room-A.js", preloads: ["/assets/Room-A.js", "/assets/feed-B.js", "/assets/Room-C.css"] },
      { specifier: "./Mdt-D.js", preloads: ["/assets/Mdt-D.js", "/assets/feed-B.js"] }
    ])
  })

  it("answers nothing for a module without one", () => {
    expect(preloadsOf("import(\"./x.js\")")).toEqual([])
  })
})
