// Outbound webhooks: the delay from a committed change (its answer received) to the signed message's arrival at a
// healthy receiver, and a backlog of messages queued while the receiver was down, drained once it is back.
//
//   npm run bench:webhooks                                   # PGlite, one instance
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:webhooks   # two instances
//   npm run bench:webhooks -- --samples 300 --backlog 1000
//
// Goals (docs/decisions/performance.md, "Outbound webhooks"): committed → received p99 < 500 ms; 1,000 messages
// queued behind a receiver that was down all delivered within a minute of it returning, none twice as SUCCEEDED.
import { spawnSync } from "node:child_process"
import { createHmac } from "node:crypto"
import { existsSync } from "node:fs"
import { createServer } from "node:http"
import { join } from "node:path"
import { parseArgs } from "node:util"
import pg from "pg"
import { bearerCall, CONTROL } from "./cadSeed.js"
import { onCleanup, runBench } from "./cleanup.js"
import { pinningPlan, pinSelf } from "./cpu.js"
import { benchDatabase } from "./database.js"
import { ADMIN_IDENTITY_ID, root, startBluelight } from "./servers.js"
import { call, signIn } from "./session.js"
import { freePort } from "../scripts/freePort.mjs"

const { values: flags } = parseArgs({ options: { samples: { type: "string", default: "300" }, backlog: { type: "string", default: "1000" } } })
const positive = (name) => {
  const value = Number(flags[name])
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer, got ${flags[name]}`)
  return value
}
const quantile = (sorted, q) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))])
const ms = (value) => `${value.toFixed(1)} ms`

/** A receiver on `port` checking every signature; `up` false refuses connections (the server is closed). */
const receiverOn = async (port, secretOf) => {
  const arrivals = []
  let server
  const open = () =>
    new Promise((resolve) => {
      server = createServer((request, response) => {
        const chunks = []
        request.on("data", (chunk) => chunks.push(chunk))
        request.on("end", () => {
          const body = Buffer.concat(chunks).toString("utf8")
          const id = request.headers["webhook-id"]
          const expected = createHmac("sha256", Buffer.from(secretOf().replace(/^whsec_/, ""), "base64"))
            .update(`${id}.${request.headers["webhook-timestamp"]}.${body}`)
            .digest("base64")
          const signed = request.headers["webhook-signature"] === `v1,${expected}`
          arrivals.push({ at: performance.now(), id, body, signed })
          response.writeHead(signed ? 204 : 401).end()
        })
      })
      server.keepAliveTimeout = 1
      server.listen(port, "127.0.0.1", resolve)
    })
  const close = () =>
    new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  await open()
  onCleanup(close)
  return { arrivals, open, close }
}

runBench(async () => {
  const [samples, backlog] = ["samples", "backlog"].map(positive)
  if (!existsSync(join(root, "packages/server/dist/main.js"))) spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" })
  const plan = pinningPlan()
  pinSelf(plan)
  const database = await benchDatabase(plan)
  const env = { RATE_LIMIT_SIGN_INS_PER_MINUTE: "100000", RATE_LIMIT_SIGN_INS_PER_ADDRESS_PER_MINUTE: "100000" }
  const writer = await startBluelight(plan, database, { name: "bluelight-webhooks-a", env })
  // On Postgres a second instance runs too: the two instances' workers share the queue.
  const second = database.kind === "postgres" ? await startBluelight(plan, database, { name: "bluelight-webhooks-b", env }) : undefined
  console.log(`database: ${database.note}\ncores: ${plan.note}\ninstances: ${second === undefined ? 1 : 2}`)

  const admin = await signIn(writer.base, ADMIN_IDENTITY_ID, "Bench Administrator")
  const { token } = await call(writer.base, admin, "POST", "/api/admin/services", { name: "bench control", scopes: CONTROL })
  const port = await freePort()
  let secret = ""
  const receiver = await receiverOn(port, () => secret)
  const hook = await call(writer.base, admin, "POST", "/api/admin/webhooks", { url: `http://127.0.0.1:${port}/in`, events: ["cad.incident.created"] })
  secret = hook.secret
  const createIncident = async (location) => {
    const answer = await bearerCall(writer.base, token, "POST", "/api/cad/incidents", {
      type: "Bench",
      priority: "IMMEDIATE",
      location,
      description: "",
      controlNotes: ""
    })
    if (answer.status !== 201) throw new Error(`createIncident answered ${answer.status}`)
    return answer.body.data.id
  }
  const arrivalOf = (incidentId) => receiver.arrivals.find((arrival) => arrival.body.includes(`"id":"${incidentId}"`))
  const until = async (what, test, timeoutMs) => {
    const deadline = performance.now() + timeoutMs
    while (!test()) {
      if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`)
      await new Promise((resolve) => setTimeout(resolve, 2))
    }
  }

  // 1. Committed → received, one change at a time, with a healthy receiver.
  const delays = []
  for (let i = 0; i < samples + 20; i++) {
    const id = await createIncident(`Latency ${i}`)
    const committed = performance.now()
    await until("a message", () => arrivalOf(id) !== undefined, 10_000)
    if (i >= 20) delays.push(arrivalOf(id).at - committed)
  }
  delays.sort((a, b) => a - b)
  console.log(
    `committed → received, ${samples} changes one at a time: p50 ${ms(quantile(delays, 0.5))}, p99 ${ms(quantile(delays, 0.99))}, ` +
      `max ${ms(delays.at(-1))} (goal: p99 < 500 ms)`
  )
  if (receiver.arrivals.some((arrival) => !arrival.signed)) throw new Error("a message did not verify")

  // 2. A backlog: the receiver is down while `backlog` changes commit, then comes back.
  await receiver.close()
  const before = receiver.arrivals.length
  const queuedAt = performance.now()
  const made = []
  for (let i = 0; i < backlog; i += 10) {
    made.push(...(await Promise.all(Array.from({ length: Math.min(10, backlog - i) }, (_, j) => createIncident(`Backlog ${i + j}`)))))
  }
  console.log(`${backlog} changes committed in ${((performance.now() - queuedAt) / 1000).toFixed(1)} s while the receiver was down`)
  // Down a while longer: first attempts have failed, retries wait (5 s, then 5 min).
  await new Promise((resolve) => setTimeout(resolve, 8_000))
  await receiver.open()
  const returned = performance.now()
  // Live traffic goes on: the first change after the return is delivered, and its success makes the backlog due.
  await createIncident("After the return")
  const backlogIds = new Set(made)
  const delivered = () =>
    new Set(receiver.arrivals.slice(before).filter((a) => a.signed && made.some((id) => a.body.includes(`"id":"${id}"`))).map((a) => a.id))
  await until("the backlog", () => delivered().size >= backlogIds.size, 120_000)
  const drained = (performance.now() - returned) / 1000
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  let twiceSucceeded
  try {
    twiceSucceeded = await client.query("SELECT message_id FROM webhook_deliveries WHERE status = 'SUCCEEDED' GROUP BY message_id HAVING count(*) > 1")
  } finally {
    await client.end()
  }
  const arrivalsById = new Map()
  for (const arrival of receiver.arrivals.slice(before)) arrivalsById.set(arrival.id, (arrivalsById.get(arrival.id) ?? 0) + 1)
  const twice = [...arrivalsById.values()].filter((n) => n > 1).length
  console.log(
    `backlog of ${backlog} delivered ${drained.toFixed(1)} s after the receiver returned (goal: within 60 s); ` +
      `messages received twice: ${twice}; messages logged SUCCEEDED twice: ${twiceSucceeded.rows.length}`
  )
})
