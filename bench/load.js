// One round of load against one server, with what it cost that server.
import autocannon from "autocannon"
import { performance } from "node:perf_hooks"
import { cpuMicros } from "./cpu.js"

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
const round2 = (n) => Math.round(n * 100) / 100

/**
 * Sends `scenario` to `server` for `seconds` over `connections` keep-alive
 * connections, one request at a time each. Every answer must have the
 * scenario's status: a benchmark of refusals measures the wrong thing.
 *
 * The server's CPU time is read from /proc before and after, so `cpuUsPerRequest`
 * counts every thread of the server process (GC and the libuv pool included)
 * and nothing of the load generator's or the database's.
 */
export async function loadRound({ server, scenario, seconds, connections }) {
  const instance = autocannon({
    url: server.base + scenario.path,
    headers: scenario.headers,
    connections,
    duration: seconds,
    pipelining: 1
  })
  // autocannon's own percentiles are whole milliseconds, too coarse here: keep every response time.
  const times = []
  const unexpected = new Map()
  instance.on("response", (_client, status, _bytes, ms) => {
    if (status === scenario.status) times.push(ms)
    else unexpected.set(status, (unexpected.get(status) ?? 0) + 1)
  })
  const serverBefore = cpuMicros(server.pid)
  const selfBefore = process.cpuUsage()
  const started = performance.now()
  const result = await instance
  const wallUs = (performance.now() - started) * 1000
  const serverUs = cpuMicros(server.pid) - serverBefore
  const self = process.cpuUsage(selfBefore)

  if (unexpected.size > 0 || result.errors !== 0 || result.timeouts !== 0 || times.length === 0) {
    const codes = [...unexpected].map(([status, count]) => `${status}×${count}`).join(", ")
    throw new Error(
      `${server.name} ${scenario.path}: expected ${scenario.status} every time; ${times.length} did, ` +
        `unexpected statuses: ${codes || "none"}, ${result.errors} errors, ${result.timeouts} timeouts`
    )
  }
  times.sort((a, b) => a - b)
  return {
    reqPerSec: Math.round(times.length / (wallUs / 1e6)),
    p50Ms: round2(percentile(times, 50)),
    p99Ms: round2(percentile(times, 99)),
    cpuUsPerRequest: round2(serverUs / times.length),
    // Near 1: the server's core was the limit. The load generator's near 1: it was, and the round says little.
    serverBusy: round2(serverUs / wallUs),
    loadBusy: round2((self.user + self.system) / wallUs)
  }
}
