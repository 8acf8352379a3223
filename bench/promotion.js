// What survives a request: the bytes V8 promotes to the old generation per request, and the scavenges'
// pauses, for Bluelight and the stack floor under the same load (`node --trace-gc-nvp`, read from each
// server's log). A request's objects should die young; bytes promoted per request that grow with the
// load mean something keeps them (in December 2026, V8's allocation-site pretenuring: see
// docs/decisions/performance.md, "The cost today"). Unlike CPU time, these bytes hardly move when the
// machine is busy.
//
//   npm run build && TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/promotion.js
//   node bench/promotion.js --requests 20000 --scenarios me,anonymous,health
//   node bench/promotion.js --node-args=--max-semi-space-size=32         # Bluelight with other V8 flags
//
// Never a timed test.
import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { parseArgs } from "node:util"
import { runBench } from "./cleanup.js"
import { cpuMicros, pinningPlan, pinSelf } from "./cpu.js"
import { benchDatabase } from "./database.js"
import { benchSession } from "./session.js"
import { startBluelight, startStackFloor, stopChild } from "./servers.js"

const { values: flags } = parseArgs({
  options: {
    requests: { type: "string", default: "20000" },
    connections: { type: "string", default: "10" },
    scenarios: { type: "string", default: "me,anonymous" },
    "node-args": { type: "string", default: "" }
  }
})
const requests = Number(flags.requests)
const scenarios = flags.scenarios.split(",")
for (const scenario of scenarios) if (!["me", "anonymous", "health"].includes(scenario)) throw new Error(`unknown scenario ${scenario}`)

const scavenges = (logPath, fromLine) => readFileSync(logPath, "utf8").split("\n").slice(fromLine).filter((line) => /\bgc=s /.test(line))
const sum = (lines, key) => lines.reduce((total, line) => total + Number(new RegExp(`\\b${key}=([\\d.]+)`).exec(line)?.[1] ?? 0), 0)

async function main() {
  const plan = pinningPlan()
  pinSelf(plan)
  const database = await benchDatabase(plan)
  const extra = flags["node-args"] === "" ? [] : flags["node-args"].split(" ")
  const bluelight = await startBluelight(plan, database, { nodeArgs: ["--trace-gc-nvp", ...extra] })
  const token = await benchSession(bluelight.base)
  const stack = await startStackFloor(plan, database, { nodeArgs: ["--trace-gc-nvp"] })
  console.log(`database: ${database.note}\ncores: ${plan.note}\n${requests} requests at ${flags.connections} connections after as many to warm up`)
  console.log("server       scenario    scavenges  pause ms  promoted B/req  CPU µs/req")
  for (const [name, server] of [["Bluelight", bluelight], ["stack floor", stack]]) {
    for (const scenario of scenarios) {
      const url = `${server.base}/api/${scenario === "health" ? "health" : "me"}`
      const args = ["-a", String(requests), "-c", flags.connections, ...(scenario === "me" ? ["-H", `cookie=bluelight-session=${token}`] : []), url]
      execFileSync("node_modules/.bin/autocannon", args, { stdio: "ignore" })
      const fromLine = readFileSync(server.logPath, "utf8").split("\n").length - 1
      const cpuBefore = cpuMicros(server.pid)
      execFileSync("node_modules/.bin/autocannon", args, { stdio: "ignore" })
      const cpu = (cpuMicros(server.pid) - cpuBefore) / requests
      const lines = scavenges(server.logPath, fromLine)
      console.log(
        `${name.padEnd(12)} ${scenario.padEnd(10)} ${String(lines.length).padStart(10)} ${sum(lines, "pause").toFixed(0).padStart(9)} ${
          (sum(lines, "promoted") / requests).toFixed(0).padStart(15)
        } ${cpu.toFixed(0).padStart(11)}`
      )
    }
  }
  await stopChild(bluelight.child)
  await stopChild(stack.child)
}

runBench(main)
