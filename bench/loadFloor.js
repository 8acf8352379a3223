// The floor of the load run: what this machine answers at the same offered
// rates when the work is the cheapest correct way to do it. `floor.js` (a bare
// node:http + pg server) answers `GET /api/me` from one indexed query, on the
// servers' cores and the same database, sent by the same open-loop generator.
// Its latency at a rate is the least any server pays here for a request at
// that rate: a mostly idle machine pays for waking up on every hop.
import { performance } from "node:perf_hooks"
import { cpuMicros } from "./cpu.js"
import { quantile } from "./latencyStats.js"
import { send, sessionHeaders } from "./loadClient.js"
import { arrivalTimes, runOpenLoop } from "./openLoop.js"
import { startFloor, stopChild } from "./servers.js"

/** The floor at each of `rates` for `seconds`, users' sessions taken in turn: `{offered, p50, p99, errors, cpuUsPerRequest}` each. */
export async function floorLadder(plan, database, people, rates, seconds, random) {
  const floor = await startFloor(plan, database)
  try {
    const steps = []
    for (const offered of rates) {
      const latencies = []
      let errors = 0
      const cpuBefore = cpuMicros(floor.pid)
      const times = arrivalTimes(offered, seconds, random)
      await runOpenLoop(times, async (scheduledAt) => {
        const person = people[Math.floor(random() * people.length)]
        const answer = await send(floor.base, { path: "/api/me", headers: sessionHeaders(floor.base, person.token) })
        if (answer.status === 200) latencies.push(performance.now() - scheduledAt)
        else errors++
      })
      latencies.sort((a, b) => a - b)
      steps.push({
        offered,
        p50: quantile(latencies, 0.5),
        p99: quantile(latencies, 0.99),
        errors,
        cpuUsPerRequest: (cpuMicros(floor.pid) - cpuBefore) / times.length
      })
    }
    return steps
  } finally {
    await stopChild(floor.child)
  }
}

/** The floor's steps as lines. */
export const formatFloor = (steps) => [
  "floor: bare node:http + pg answering GET /api/me (one indexed query) at the same offered rates, same cores and database:",
  ...steps.map((s) =>
    `  ${String(s.offered).padStart(4)} req/s: p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, ${Math.round(s.cpuUsPerRequest)} CPU µs per request${
      s.errors > 0 ? `, ${s.errors} errors` : ""
    }`
  )
]
