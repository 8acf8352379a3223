// Overhead of Bluelight's request path against a bare node:http + pg server,
// both answering from the same database in the same run.
//
//   npm run bench:overhead                       # in-memory PGlite, pool of 1
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:overhead
//
// BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 10), BENCH_ROUNDS (default 2).
import autocannon from "autocannon"
import { spawn } from "node:child_process"
import { createHash, randomBytes } from "node:crypto"
import { existsSync } from "node:fs"
import { createServer } from "node:http"
import { createServer as createNetServer } from "node:net"
import { dirname, join } from "node:path"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"
import pg from "pg"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const serverMain = join(root, "packages/server/dist/main.js")

const duration = positiveInt("BENCH_DURATION", 10)
const connections = positiveInt("BENCH_CONNECTIONS", 10)
const rounds = positiveInt("BENCH_ROUNDS", 2)
const warmupSeconds = 2
const adminUrl = process.env.TEST_DATABASE_URL || process.env.BENCH_DATABASE_URL

// Each scenario is one request sent, unchanged, to both targets. The bare
// server answers `/api/health` with one `SELECT 1`, and `/api/me` with the one
// query any cookie session needs (the session joined to its account), so each
// scenario is measured against the floor of what it must do.
const scenarios = (session) => [
  { name: "health", path: "/api/health", headers: {} },
  { name: "authenticated read (GET /api/me)", path: "/api/me", headers: { cookie: `bluelight-session=${session}` } }
]

// Undone in reverse order on success, failure or Ctrl-C.
const cleanups = []

async function main() {
  if (!existsSync(serverMain)) await run("npm", ["run", "build"])

  const db = adminUrl ? await freshPostgresDatabase(adminUrl) : await inMemoryPglite()
  const bare = await startBare(db.url, db.poolMax)
  const bluelight = await startBluelight(db.url, db.poolMax)
  const session = await signIn(`http://127.0.0.1:${bluelight.port}`)

  console.log(
    `database: ${db.description}; pool of ${db.poolMax} for both servers\n` +
      `load: ${connections} connections, ${rounds} alternating rounds of ${duration} s each after ${warmupSeconds} s warm-up\n` +
      "Bluelight runs at LOG_LEVEL=info (its start-up line carries the port), so it also writes one JSON log\n" +
      "line per request to a pipe the bench drains; that cost is included in its figures.\n"
  )

  const summaries = []
  for (const scenario of scenarios(session)) {
    const targets = { bare: `http://127.0.0.1:${bare.port}`, bluelight: `http://127.0.0.1:${bluelight.port}` }
    for (const base of Object.values(targets)) await load(scenario, base, warmupSeconds)

    // Alternate the targets so drift on the machine (other work, thermal) hits both alike.
    const runs = { bare: [], bluelight: [] }
    for (let round = 1; round <= rounds; round++) {
      for (const [name, base] of Object.entries(targets)) {
        const result = await load(scenario, base, duration)
        runs[name].push(result)
        console.log(`  ${scenario.name} round ${round} ${name.padEnd(9)} ${format(result)}`)
      }
    }
    summaries.push(summarize(scenario.name, db.kind, runs))
  }

  for (const summary of summaries) printTable(summary)
  for (const summary of summaries) console.log(JSON.stringify(summary))
}

// --- load --------------------------------------------------------------------

async function load(scenario, base, seconds) {
  const instance = autocannon({
    url: base + scenario.path,
    headers: scenario.headers,
    connections,
    duration: seconds,
    pipelining: 1
  })
  // autocannon's own percentiles are whole milliseconds, too coarse for a
  // ~1 ms baseline; keep every response time (fractional ms) instead.
  const times = []
  instance.on("response", (_client, _status, _bytes, ms) => times.push(ms))
  const result = await instance
  // A benchmark of error responses measures the wrong thing; stop at once.
  if (result.non2xx !== 0 || result.errors !== 0 || result.timeouts !== 0) {
    const codes = Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => `${code}×${s.count}`).join(", ")
    throw new Error(
      `${base}${scenario.path}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts ` +
        `of ${result.requests.total} requests (status codes: ${codes || "none"})`
    )
  }
  times.sort((a, b) => a - b)
  const percentile = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]
  return { reqPerSec: result.requests.average, p50Ms: round2(percentile(50)), p99Ms: round2(percentile(99)) }
}

function summarize(target, database, runs) {
  const bare = medians(runs.bare)
  const bluelight = medians(runs.bluelight)
  return {
    target,
    database,
    connections,
    durationSeconds: duration,
    rounds,
    bare,
    bluelight,
    ratio: {
      throughput: round2(bluelight.reqPerSec / bare.reqPerSec),
      p50: round2(bluelight.p50Ms / bare.p50Ms),
      p99: round2(bluelight.p99Ms / bare.p99Ms)
    }
  }
}

// With two rounds the median is the mean; with more it ignores one bad round.
function medians(results) {
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b)
    const mid = Math.floor(sorted.length / 2)
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
  }
  return {
    reqPerSec: Math.round(median(results.map((r) => r.reqPerSec))),
    p50Ms: round2(median(results.map((r) => r.p50Ms))),
    p99Ms: round2(median(results.map((r) => r.p99Ms)))
  }
}

function printTable({ target, bare, bluelight, ratio }) {
  console.log(`\n${target} (median of ${rounds} rounds)`)
  console.log(`  ${"target".padEnd(10)} ${"req/s".padStart(9)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)}`)
  for (const [name, r] of [["bare", bare], ["Bluelight", bluelight]]) {
    console.log(`  ${name.padEnd(10)} ${String(r.reqPerSec).padStart(9)} ${String(r.p50Ms).padStart(8)} ${String(r.p99Ms).padStart(8)}`)
  }
  console.log(`  throughput ratio (Bluelight / bare): ${ratio.throughput.toFixed(2)}`)
  console.log(`  p50 latency ratio (Bluelight / bare): ${ratio.p50.toFixed(2)}`)
  console.log(`  p99 latency ratio (Bluelight / bare): ${ratio.p99.toFixed(2)}\n`)
}

const format = (r) => `${String(Math.round(r.reqPerSec)).padStart(7)} req/s  p50 ${r.p50Ms} ms  p99 ${r.p99Ms} ms`
const round2 = (n) => Math.round(n * 100) / 100

// --- database ----------------------------------------------------------------

// A database of its own, so migrations start from nothing and nothing is left behind.
async function freshPostgresDatabase(serverUrl) {
  const name = `bluelight_bench_${randomBytes(6).toString("hex")}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE "${name}"`)
  } finally {
    await admin.end()
  }
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: serverUrl })
    await dropper.connect()
    try {
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    } finally {
      await dropper.end()
    }
  })
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return { kind: "postgres", url: url.toString(), poolMax: 10, description: `Postgres at ${url.host}, database ${name}` }
}

// PGlite runs one query at a time, so each server gets a pool of one; the
// socket server must still accept two connections, one per server.
async function inMemoryPglite() {
  const { PGlite } = await import("@electric-sql/pglite")
  const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket")
  const db = await PGlite.create()
  const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0, maxConnections: 2 })
  await server.start()
  cleanups.push(() => db.close(), () => server.stop())
  const url = `postgres://postgres@${server.getServerConn()}/postgres`
  return { kind: "pglite", url, poolMax: 1, description: `in-memory PGlite served from the bench process at ${server.getServerConn()}` }
}

// --- servers -----------------------------------------------------------------

// The floor: what any Node API pays to answer from Postgres.
async function startBare(url, poolMax) {
  const pool = new pg.Pool({ connectionString: url, max: poolMax })
  const health = JSON.stringify({ status: "ok", database: "up", redis: "off" })
  const sessionOf = (req) => /bluelight-session=([^;]+)/.exec(req.headers.cookie ?? "")?.[1] ?? ""
  const answer = (req) =>
    req.url === "/api/me"
      ? pool.query(
        `SELECT a.id, a.display_name, a.status FROM sessions s JOIN accounts a ON a.id = s.account_id
         WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
        [createHash("sha256").update(sessionOf(req)).digest("hex")]
      ).then((result) => JSON.stringify({ data: result.rows[0] }))
      : pool.query("SELECT 1").then(() => health)
  const server = createServer((req, res) => {
    answer(req).then(
      (body) => {
        res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) })
        res.end(body)
      },
      () => {
        res.writeHead(503)
        res.end()
      }
    )
  })
  await new Promise((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve))
  cleanups.push(() => pool.end(), () => new Promise((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  }))
  return { port: server.address().port }
}

// The real server as users run it, with rate limits out of the way.
async function startBluelight(url, poolMax) {
  // The development sign-in redirects to APP_URL, so the port is chosen first.
  const chosenPort = await freePort()
  const child = spawn(process.execPath, [serverMain], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      PORT: String(chosenPort),
      APP_URL: `http://127.0.0.1:${chosenPort}`,
      HOST: "127.0.0.1",
      DATABASE_URL: url,
      DATABASE_POOL_MAX: String(poolMax),
      LOG_LEVEL: "info",
      RATE_LIMIT_READS_PER_MINUTE: "100000000",
      RATE_LIMIT_WRITES_PER_MINUTE: "100000000",
      NODE_ENV: "development"
    }
  })
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })))
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM")
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000)
    await exited
    clearTimeout(timer)
  })

  // Keep reading both pipes to the end: a full pipe would stall the server mid-benchmark.
  const stderrTail = []
  createInterface({ input: child.stderr }).on("line", (line) => {
    stderrTail.push(line)
    if (stderrTail.length > 20) stderrTail.shift()
  })
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("Bluelight did not report a port within 60 s")), 60_000)
    createInterface({ input: child.stdout }).on("line", (line) => {
      const entry = parseJson(line)
      if (typeof entry?.message === "string" && entry.message.startsWith("listening on ")) {
        clearTimeout(timer)
        resolve(entry.annotations.port)
      }
    })
    exited.then(({ code, signal }) => {
      clearTimeout(timer)
      reject(new Error(`Bluelight exited (${signal ?? code}) before listening:\n${stderrTail.join("\n")}`))
    })
  })
  return { port }
}

// Signs in through the development identity provider, as a browser would: the
// session (lookup, account, staff, roles, permissions) is what `/api/me` pays for.
async function signIn(base) {
  const start = await fetch(`${base}/api/auth/idp`, { redirect: "manual" })
  const stateCookie = /bluelight-oauth-state=([^;]+)/.exec(start.headers.get("set-cookie") ?? "")?.[1]
  const authorize = new URL(start.headers.get("location"))
  const approve = new URL(`${base}/dev/idp/approve`)
  for (const [key, value] of authorize.searchParams) approve.searchParams.set(key, value)
  approve.searchParams.set("id", "bench-user")
  approve.searchParams.set("username", "bench")
  approve.searchParams.set("display_name", "Bench User")
  const approved = await fetch(approve, { redirect: "manual" })
  const callback = await fetch(approved.headers.get("location"), {
    redirect: "manual",
    headers: { cookie: `bluelight-oauth-state=${stateCookie}` }
  })
  const session = /bluelight-session=([^;]+)/.exec(callback.headers.get("set-cookie") ?? "")?.[1]
  if (!session) throw new Error(`development sign-in failed (${callback.status})`)
  return session
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createNetServer()
    probe.once("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

// --- plumbing ----------------------------------------------------------------

let shuttingDown = false
async function shutdown(code) {
  if (shuttingDown) return
  shuttingDown = true
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup()
    } catch (error) {
      console.error(`cleanup failed: ${error instanceof Error ? error.message : error}`)
      code ||= 1
    }
  }
  process.exit(code)
}

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit" })
    child.once("error", reject)
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited ${code}`))))
  })
}

function parseJson(line) {
  try {
    return JSON.parse(line)
  } catch {
    return undefined
  }
}

function positiveInt(name, fallback) {
  const raw = process.env[name]
  if (raw === undefined || raw === "") return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value <= 0) {
    console.error(`${name} must be a positive integer, got ${JSON.stringify(raw)}`)
    process.exit(1)
  }
  return value
}

main().then(
  () => shutdown(0),
  (error) => {
    console.error(`bench failed: ${error instanceof Error ? error.message : error}`)
    return shutdown(1)
  }
)
process.once("SIGINT", () => shutdown(130))
process.once("SIGTERM", () => shutdown(143))
