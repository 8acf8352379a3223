// Load on two instances (issue 19): two Bluelight servers sharing one
// Postgres database and one Redis, 100 simulated users (officers, Control,
// crews, moderators) at a fixed offered rate, 20 clients on the CAD event
// stream. The offered rate climbs step by step until read p99 passes 50 ms
// for good (saturation, not the idle machine's wake-ups), first against one
// instance, then against two; the knees are printed side by side, with per
// operation the throughput, p50/p99, errors (must be zero), 429s and 409s,
// the stream's delivery latency and each server's CPU per request.
//
//   npm run bench:load                       # the full run, 3 to 5 minutes
//   npm run bench:load -- --quick            # a short smoke run (20 users, 2 short steps per ladder)
//   npm run bench:load -- --no-pin           # let the kernel place servers and generator (a machine others use)
//   npm run bench:load -- --from 10 --factor 1.5 --step-seconds 12 --max-steps 8 --limit-ms 50
//
// Postgres: TEST_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
// (a fresh database of its own, dropped at the end). Redis: REDIS_URL, else
// redis://127.0.0.1:6379/9 (database 9 of the machine's Redis: the bench never
// flushes it; its keys are per account and expire with their minute).
import { mkdirSync, writeFileSync } from "node:fs"
import { loadavg } from "node:os"
import { join } from "node:path"
import { performance } from "node:perf_hooks"
import { parseArgs } from "node:util"
import { runBench } from "./cleanup.js"
import { cpuMicros, pinningPlan, pinSelf } from "./cpu.js"
import { freshPostgres, postgresServerUrl, redisUrl } from "./database.js"
import { quantile, latencyRecorder } from "./latencyStats.js"
import { closeAgents } from "./loadClient.js"
import { floorLadder, formatFloor } from "./loadFloor.js"
import { perform } from "./loadMix.js"
import { failuresOf, formatKnees, formatRatios, formatStep } from "./loadReport.js"
import { setUpWorld } from "./loadSetup.js"
import { arrivalTimes, runOpenLoop, seededRandom } from "./openLoop.js"
import { outputDir, startBluelight } from "./servers.js"
import { DELIVERY_GRACE_MS, streamBoard } from "./streamBoard.js"

const { values: flags } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    users: { type: "string" },
    streams: { type: "string", default: "20" },
    from: { type: "string" },
    factor: { type: "string", default: "1.5" },
    "step-seconds": { type: "string" },
    "max-steps": { type: "string" },
    "limit-ms": { type: "string", default: "50" },
    "probe-per-second": { type: "string", default: "2" },
    seed: { type: "string", default: "19" },
    even: { type: "boolean", default: false },
    "no-pin": { type: "boolean", default: false },
    "warm-up-requests": { type: "string" }
  }
})
const number = (name, fallback) => {
  const value = Number(flags[name] ?? fallback)
  if (!(value > 0)) throw new Error(`--${name} must be a positive number, got ${flags[name]}`)
  return value
}
const settings = {
  users: number("users", flags.quick ? 20 : 100),
  streams: number("streams"),
  from: number("from", 10),
  factor: number("factor"),
  stepSeconds: number("step-seconds", flags.quick ? 3 : 12),
  maxSteps: number("max-steps", flags.quick ? 2 : 8),
  limitMs: number("limit-ms"),
  probePerSecond: number("probe-per-second"),
  seed: number("seed"),
  warmUpRequests: number("warm-up-requests", flags.quick ? 300 : 1500),
  arrivals: flags.even ? "evenly spaced" : "Poisson"
}
const WARM_UP_SECONDS = flags.quick ? 2 : 5
const IDLE_SECONDS = 3
/** The probe alone, to price a CAD change: enough changes that the CPU clock's 10 ms ticks do not matter. */
const FAN_OUT_CHANGES_PER_SECOND = 10
const FAN_OUT_SECONDS = 4
/** Users in the warm-up's closed loop. */
const WARM_UP_WIDTH = 8
const load = () => loadavg().map((n) => n.toFixed(2)).join(" ")

/** One step: the mix at `offered` req/s, the users split over `servers` (user i on servers[i % n]). */
async function step({ label, servers, world, board, offered, seconds, random, record = true }) {
  const recorder = latencyRecorder()
  const requests = new Map(servers.map((s) => [s, 0]))
  const counted = (server) => requests.set(server, (requests.get(server) ?? 0) + 1)
  const cpuBefore = servers.map((s) => cpuMicros(s.pid))
  const started = performance.now()
  board.takeEvents()
  const stopProbe = board.runProbe(servers[0], settings.probePerSecond, counted)
  const times = arrivalTimes(offered, seconds, flags.even ? undefined : random)
  const { maxLagMs } = await runOpenLoop(times, (scheduledAt) => {
    const user = world.people[Math.floor(random() * world.people.length)]
    const server = servers[user.index % servers.length]
    counted(server)
    return perform(user, world, random, server.base, scheduledAt, recorder, () => performance.now())
  })
  const range = await stopProbe()
  const wallUs = (performance.now() - started) * 1000
  const cpu = servers.map((s, i) => {
    const us = cpuMicros(s.pid) - cpuBefore[i]
    const idleUs = (s.idleUsPerSecond ?? 0) * (wallUs / 1e6)
    return { name: s.name, requests: requests.get(s), usPerRequest: us / requests.get(s), netUsPerRequest: (us - idleUs) / requests.get(s), busy: us / wallUs }
  })
  const readers = servers.length > 1 ? servers.slice(1) : servers
  const delivered = await board.deliveries(range, readers)
  const result = {
    label,
    instances: servers.length,
    offered,
    seconds,
    maxLagMs,
    summary: recorder.summary(seconds),
    delivery: {
      across: servers.length > 1,
      samples: delivered.latencies.length,
      missing: delivered.missing,
      clients: board.clients.length,
      p50: quantile(delivered.latencies, 0.5),
      p99: quantile(delivered.latencies, 0.99),
      events: board.takeEvents()
    },
    cpu,
    loadAverage: load()
  }
  if (record) {
    for (const line of formatStep(result)) console.log(line)
    if (delivered.missing > 0) console.log(`  stream: ${delivered.missing} probe events did not arrive within ${DELIVERY_GRACE_MS} ms`)
    console.log(`  load average ${result.loadAverage}\n`)
  }
  return result
}

/**
 * Warms the servers up before anything is measured: `requests` of the mix as
 * fast as `width` users in a closed loop get answers (a fresh Node process
 * runs each route's code cold, and at a few requests per route a step would
 * measure the JIT), then a few seconds of the open loop at the first rate.
 * Errors here fail the run like any other.
 */
async function warmUp(label, servers, world, board, random) {
  const recorder = latencyRecorder()
  const started = performance.now()
  const cpuBefore = servers.map((s) => cpuMicros(s.pid))
  let sent = 0
  await Promise.all(
    world.people.slice(0, WARM_UP_WIDTH).map(async () => {
      while (sent < settings.warmUpRequests) {
        sent++
        const user = world.people[Math.floor(random() * world.people.length)]
        const at = performance.now()
        await perform(user, world, random, servers[user.index % servers.length].base, at, recorder, () => performance.now())
      }
    })
  )
  const seconds = (performance.now() - started) / 1000
  const cpuUs = servers.reduce((total, s, i) => total + cpuMicros(s.pid) - cpuBefore[i], 0)
  const failures = failuresOf([{ label: `${label} warm-up`, offered: 0, summary: recorder.summary(seconds) }])
  if (failures.length > 0) throw new Error(`errors must be zero:\n  ${failures.join("\n  ")}`)
  console.log(
    `== ${label}: warmed up with ${sent} requests in ${seconds.toFixed(1)} s (${(cpuUs / sent).toFixed(0)} CPU µs per request), ` +
      `then ${WARM_UP_SECONDS} s at ${settings.from} req/s`
  )
  await step({ label, servers, world, board, offered: settings.from, seconds: WARM_UP_SECONDS, random, record: false })
}

/**
 * What each server spends with nothing to answer but the open streams (timers,
 * heartbeats, pool and Redis upkeep), in CPU µs per second: the steps print
 * their CPU per request with and without it.
 */
async function measureIdle(servers) {
  const before = servers.map((s) => cpuMicros(s.pid))
  const started = performance.now()
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000))
  const seconds = (performance.now() - started) / 1000
  servers.forEach((s, i) => (s.idleUsPerSecond = (cpuMicros(s.pid) - before[i]) / seconds))
  console.log(`   idle, streams open: ${servers.map((s) => `${s.name} ${(s.idleUsPerSecond / 1000).toFixed(0)} ms CPU a second`).join(", ")}\n`)
}

/**
 * What one CAD change costs each server with the streams open and nothing else
 * to do: the probe alone for a few seconds, each server's CPU less its idle
 * cost, per change, and on a server that did not answer the write, per stream
 * client open on it (each open stream sends every change).
 */
async function measureFanOut(servers, board) {
  const before = servers.map((s) => cpuMicros(s.pid))
  const started = performance.now()
  const stop = board.runProbe(servers[0], FAN_OUT_CHANGES_PER_SECOND, () => {})
  await new Promise((resolve) => setTimeout(resolve, FAN_OUT_SECONDS * 1000))
  const { from, to } = await stop()
  const seconds = (performance.now() - started) / 1000
  const costs = servers.map((s, i) => {
    const perChange = (cpuMicros(s.pid) - before[i] - s.idleUsPerSecond * seconds) / (to - from)
    const streams = board.clients.filter((c) => c.server === s).length
    return { name: s.name, streams, perChangeUs: perChange, perStreamUs: streams === 0 ? NaN : perChange / streams }
  })
  // The first server also answers the probe's write, so only another server's cost is the fan-out alone.
  console.log(
    `   one CAD change (the probe alone, ${to - from} changes): ` +
      costs.map((c, i) =>
        i === 0
          ? `${c.name} ${(c.perChangeUs / 1000).toFixed(1)} ms CPU (the write and its ${c.streams} streams)`
          : `${c.name} ${(c.perChangeUs / 1000).toFixed(1)} ms CPU with ${c.streams} streams (${
            (c.perStreamUs / 1000).toFixed(1)
          } ms a stream: read, fan-out and send, no write)`
      ).join(", ") + "\n"
  )
  return costs
}

/**
 * Steps the offered rate up by `factor` from `from` until read p99 passes the
 * limit after a step stayed at or below it (saturation), or an error happens,
 * or `maxSteps`. A step over the limit before any stayed below does not stop
 * the climb: at the lowest rates a mostly idle machine pays for waking up on
 * every hop, and a busier one answers faster (`kneeOf`). Answers the steps in
 * ascending offered rate.
 */
async function ladder(label, servers, world, board, random) {
  await warmUp(label, servers, world, board, random)
  await measureIdle(servers)
  const fanOut = await measureFanOut(servers, board)
  const steps = []
  let stayedBelow = false
  for (let offered = settings.from; steps.length < settings.maxSteps; offered = Math.round(offered * settings.factor)) {
    const result = await step({ label, servers, world, board, offered, seconds: settings.stepSeconds, random })
    steps.push(result)
    if (failuresOf([result]).length > 0) break
    const crossed = result.summary.reads.p99 > settings.limitMs
    if (crossed && stayedBelow) break
    if (!crossed) stayedBelow = true
  }
  return { steps: steps.sort((x, y) => x.offered - y.offered), fanOut }
}

runBench(async () => {
  // Pinned by default (both servers on one core, the generator on another); --no-pin lets the kernel place
  // them, for a machine whose cores other work also uses.
  const plan = flags["no-pin"] ? { pinned: false, note: "not pinned (--no-pin): the kernel places servers and generator" } : pinningPlan()
  pinSelf(plan)
  const database = await freshPostgres(postgresServerUrl)
  const env = { REDIS_URL: redisUrl, RATE_LIMIT_SIGN_INS_PER_MINUTE: "100000", RATE_LIMIT_SIGN_INS_PER_ADDRESS_PER_MINUTE: "100000" }
  const startedAt = new Date().toISOString()
  const loadAtStart = load()
  const a = await startBluelight(plan, database, { name: "bluelight-a", env })
  console.log([
    `database: ${database.note}`,
    `redis: ${new URL(redisUrl).host} database ${new URL(redisUrl).pathname.slice(1) || "0"} (shared by the instances, never flushed)`,
    `cores: ${plan.note}`,
    `rate limits: raised to 10^9 reads and writes a minute per caller (RATE_LIMIT_*_PER_MINUTE), so the offered rate is never refused; ` +
    "every request still pays the Redis limiter, and a 429 would be counted apart",
    `users: ${settings.users} (40 % officers, 15 % Control, 30 % crews, 15 % moderators), each one request at a time; ` +
    `${settings.streams} clients on GET /api/cad/events/stream; ${settings.arrivals} arrivals (seed ${settings.seed}), latency from the scheduled time`,
    `probe: one unit's status changed ${settings.probePerSecond} times a second by a credential on the first instance, beside the offered rate; ` +
    "delivery latency = the change's answer on the first instance to its event on each client of the second (of the same instance with one)",
    `ladder: from ${settings.from} req/s, ×${settings.factor} a step, ${settings.stepSeconds} s a step, ` +
    `at most ${settings.maxSteps} steps, until read p99 crosses ${settings.limitMs} ms after a step stayed below it`,
    `load average at the start: ${loadAtStart} (1, 5, 15 min)`,
    ""
  ].join("\n"))

  const random = seededRandom(settings.seed)
  console.log(`setting up ${settings.users} users, ${settings.users * 2} characters, 20 incidents…`)
  const setupStarted = performance.now()
  const world = await setUpWorld(a.base, { users: settings.users, characters: settings.users * 2, incidents: 20, streams: settings.streams })
  console.log(`set up in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s\n`)
  const board = streamBoard(world.probe, world.serviceToken, world.streamTokens)
  for (let i = 0; i < settings.streams; i++) await board.open(a)
  const one = await ladder("one instance", [a], world, board, random)

  const b = await startBluelight(plan, database, { name: "bluelight-b", env })
  board.closeOn(a, Math.floor(settings.streams / 2))
  for (let i = 0; i < Math.floor(settings.streams / 2); i++) await board.open(b)
  const two = await ladder("two instances", [a, b], world, board, random)
  for (const client of [...board.clients]) client.close()
  closeAgents()

  const floor = await floorLadder(plan, database, world.people, one.steps.map((s) => s.offered), Math.max(3, settings.stepSeconds / 2), random)
  const ladders = [{ label: "one instance", ...one }, { label: "two instances", ...two }]
  for (const line of [...formatFloor(floor), ...formatKnees(settings.limitMs, ladders), ...formatRatios(ladders)]) console.log(line)
  console.log(`load average at the end: ${load()}`)
  mkdirSync(outputDir, { recursive: true })
  const resultPath = join(outputDir, "instances.json")
  writeFileSync(resultPath, JSON.stringify({ startedAt, settings, plan: plan.note, loadAtStart, loadAtEnd: load(), ladders, floor }, null, 2) + "\n")
  console.log(`figures as JSON: ${resultPath}`)
  const failures = failuresOf([...one.steps, ...two.steps])
  if (failures.length > 0) throw new Error(`errors must be zero:\n  ${failures.join("\n  ")}`)
})
