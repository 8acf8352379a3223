// CAD under load: assign/clear throughput with concurrent dispatchers, the
// delay from a committed change to its arrival on an open event stream, and
// whether a board of open streams slows the writes.
//
//   npm run bench:cad                                   # embedded-style PGlite, one instance
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:cad   # two instances, stream on the other
//   npm run bench:cad -- --units 200 --incidents 500 --dispatchers 8 --duration 10 --streams 100 --samples 200
import { spawn, spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { createInterface } from "node:readline"
import { parseArgs } from "node:util"
import { onCleanup, runBench } from "./cleanup.js"
import { pinningPlan, pinSelf } from "./cpu.js"
import { benchDatabase } from "./database.js"
import { bearerCall, CONTROL, seedCadBoard } from "./cadSeed.js"
import { call, signIn } from "./session.js"
import { ADMIN_IDENTITY_ID, benchDir, root, startBluelight, stopChild } from "./servers.js"
import { openStream } from "./sse.js"

const { values: flags } = parseArgs({
  options: {
    units: { type: "string", default: "200" },
    incidents: { type: "string", default: "500" },
    dispatchers: { type: "string", default: "8" },
    duration: { type: "string", default: "10" },
    streams: { type: "string", default: "100" },
    samples: { type: "string", default: "200" }
  }
})
const positive = (name) => {
  const value = Number(flags[name])
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer, got ${flags[name]}`)
  return value
}

const quantile = (sorted, q) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))])
const ms = (value) => `${value.toFixed(1)} ms`

/** Each dispatcher assigns its own units to random incidents and clears them, as fast as answers come, for `seconds`. */
const assignClearLoad = async (base, token, units, incidents, dispatchers, seconds) => {
  const latencies = []
  let operations = 0
  let refused = 0
  const deadline = performance.now() + seconds * 1000
  await Promise.all(Array.from({ length: dispatchers }, async (_, d) => {
    const mine = units.filter((_, i) => i % dispatchers === d)
    for (let round = 0; performance.now() < deadline; round++) {
      const unit = mine[round % mine.length]
      const incident = incidents[Math.floor(Math.random() * incidents.length)]
      for (const action of ["assign", "clear"]) {
        const started = performance.now()
        const answer = await bearerCall(base, token, "POST", `/api/cad/incidents/${incident.id}/${action}`, { unitId: unit.id, version: unit.version })
        latencies.push(performance.now() - started)
        if (answer.status === 200) {
          operations++
          unit.version = answer.body.data.version
        } else {
          refused++
          const fresh = await bearerCall(base, token, "GET", `/api/cad/units/${unit.id}`)
          unit.version = fresh.body.data.version
          break
        }
      }
    }
  }))
  latencies.sort((a, b) => a - b)
  return { perSecond: operations / seconds, operations, refused, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99) }
}

runBench(async () => {
  const [unitCount, incidentCount, dispatchers, duration, streamCount, samples] = ["units", "incidents", "dispatchers", "duration", "streams", "samples"].map(
    positive
  )
  if (!existsSync(join(root, "packages/server/dist/main.js"))) spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" })
  const plan = pinningPlan()
  pinSelf(plan)
  const database = await benchDatabase(plan)
  // The set-up signs in one person per unit: more than a minute's sign-in budget.
  const env = { RATE_LIMIT_SIGN_INS_PER_MINUTE: "100000", RATE_LIMIT_SIGN_INS_PER_ADDRESS_PER_MINUTE: "100000" }
  const writer = await startBluelight(plan, database, { name: "bluelight-cad-writer", env })
  // On Postgres the stream is read from a second instance: the change travels by NOTIFY.
  const reader = database.kind === "postgres" ? await startBluelight(plan, database, { name: "bluelight-cad-reader", env }) : writer
  console.log(`database: ${database.note}\ncores: ${plan.note}\nstreams read from ${reader === writer ? "the writing instance" : "a second instance"}`)

  const admin = await signIn(writer.base, ADMIN_IDENTITY_ID, "Bench Administrator")
  const { token } = await call(writer.base, admin, "POST", "/api/admin/services", { name: "bench control", scopes: CONTROL })

  console.log(`setting up ${unitCount} crewed units and ${incidentCount} open incidents…`)
  const { units, incidents } = await seedCadBoard(writer.base, admin, token, { units: unitCount, incidents: incidentCount })

  // 1. Throughput, no streams open.
  await assignClearLoad(writer.base, token, units, incidents, dispatchers, 2)
  const quiet = await assignClearLoad(writer.base, token, units, incidents, dispatchers, duration)
  console.log(
    `assign/clear, ${dispatchers} dispatchers, no streams: ${quiet.perSecond.toFixed(0)} ops/s ` +
      `(${quiet.operations} in ${duration} s, ${quiet.refused} refused), latency p50 ${ms(quiet.p50)}, p99 ${ms(quiet.p99)}`
  )

  // 2. Delay from a committed change (its answer received) to its arrival on an open stream.
  const waiting = new Map()
  const closeProbe = await openStream(reader.base, token, (event, arrivedAt) => waiting.get(event.unitId)?.(arrivedAt))
  const delays = []
  const probe = units[0]
  for (let i = 0; i < samples; i++) {
    const arrived = new Promise((resolve) => waiting.set(probe.id, resolve))
    const answer = await bearerCall(writer.base, token, "POST", `/api/cad/units/${probe.id}/status`, {
      status: i % 2 === 0 ? "BUSY" : "AVAILABLE",
      version: probe.version
    })
    const answeredAt = performance.now()
    if (answer.status !== 200) throw new Error(`status change answered ${answer.status}: ${JSON.stringify(answer.body)}`)
    probe.version = answer.body.data.version
    delays.push((await arrived) - answeredAt)
  }
  closeProbe()
  delays.sort((a, b) => a - b)
  console.log(`commit to stream (${samples} changes, after the write's answer): p50 ${ms(quantile(delays, 0.5))}, p99 ${ms(quantile(delays, 0.99))}`)
  if (samples % 2 === 1) {
    // Leave the probe AVAILABLE for the next load.
    const answer = await bearerCall(writer.base, token, "POST", `/api/cad/units/${probe.id}/status`, { status: "AVAILABLE", version: probe.version })
    probe.version = answer.body.data.version
  }

  // 3. The same load with a board of open streams, read by a process of its own.
  const boardProcess = spawn(process.execPath, [join(benchDir, "cadBoard.js"), reader.base, token, String(streamCount)], {
    stdio: ["ignore", "pipe", "inherit"]
  })
  onCleanup(() => stopChild(boardProcess))
  const lines = createInterface({ input: boardProcess.stdout })[Symbol.asyncIterator]()
  if ((await lines.next()).value !== "ready") throw new Error("the board did not open its streams")
  const board = await assignClearLoad(writer.base, token, units, incidents, dispatchers, duration)
  boardProcess.kill("SIGTERM")
  const delivered = Number((await lines.next()).value)
  const ratio = quiet.perSecond / board.perSecond
  console.log(
    `assign/clear with ${streamCount} open streams: ${board.perSecond.toFixed(0)} ops/s, p50 ${ms(board.p50)}, p99 ${ms(board.p99)}; ` +
      `${delivered} entries delivered to the board; slowdown ${ratio.toFixed(2)}x (goal: at most 2x) ${ratio <= 2 ? "OK" : "MISSED"}`
  )
})
