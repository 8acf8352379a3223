// How the PNC lookups grow with the number of vehicles: seeds 10k, 100k and
// 1M vehicles straight into the database (generate_series, not the API) and
// measures, at each size, `GET /api/pnc/vehicles?search=` for a plate fragment
// and for a make word, `GET /api/pnc/vehicles/{id}` (the whole record in one
// query) and `GET /api/pnc/civilians/{id}` (the official person view, one
// query). Prints the time per request at each size and the ratio of the
// largest size to the smallest; the goal is a ratio under 2.
//
// Then, at each size, it adds a realistic share of records, warrants and
// markers (five records a person, a warrant for one person in 25, a marker
// on one vehicle in 50 and on one person in 50, a quarter of them cleared or
// closed) and measures the person view and the vehicle record again: the
// ratio with them to without them, goal under 2. Both views stay one SQL
// statement (the read models build the file as one JSON value), so the
// alerts add work inside that statement, never a round trip.
//
//   npm run bench:pnc-search                      # embedded PGlite: 10k and 100k only
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:pnc-search
//   npm run bench:pnc-search -- --sizes 10000 --duration 2 --rounds 1     # a smoke run
import { spawnSync } from "node:child_process"
import { existsSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { parseArgs } from "node:util"
import pg from "pg"
import { runBench } from "./cleanup.js"
import { pinningPlan, pinSelf } from "./cpu.js"
import { benchDatabase } from "./database.js"
import { loadRound } from "./load.js"
import { median } from "./report.js"
import { seed, seedAlerts } from "./pncSeed.js"
import { benchSession } from "./session.js"
import { outputDir, root, startBluelight } from "./servers.js"

const { values: flags } = parseArgs({
  options: {
    sizes: { type: "string", default: "10000,100000,1000000" },
    duration: { type: "string", default: "5" },
    rounds: { type: "string", default: "3" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "1" }
  }
})
const positive = (name, value = flags[name]) => {
  const n = Number(value)
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer, got ${value}`)
  return n
}

/** PGlite answers one query at a time from memory: the API document's bench allows it up to 100k. */
const PGLITE_LARGEST = 100_000
const round2 = (n) => Math.round(n * 100) / 100

async function main() {
  const duration = positive("duration")
  const rounds = positive("rounds")
  const warmup = positive("warmup")
  const connections = positive("connections")
  const requested = flags.sizes.split(",").filter(Boolean).map((s) => positive("sizes", s)).sort((a, b) => a - b)
  if (!existsSync(join(root, "packages/server/dist/main.js"))) spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" })

  const plan = pinningPlan()
  pinSelf(plan)
  const database = await benchDatabase(plan)
  const sizes = database.kind === "pglite" ? requested.filter((n) => n <= PGLITE_LARGEST) : requested
  if (sizes.length === 0) throw new Error(`the embedded PGlite is measured up to ${PGLITE_LARGEST} vehicles; set TEST_DATABASE_URL for more`)
  const bluelight = await startBluelight(plan, database)
  const token = await benchSession(bluelight.base)
  const headers = { cookie: `bluelight-session=${token}` }
  const me = await (await fetch(`${bluelight.base}/api/me`, { headers })).json()

  // The bench's own connection; PGlite serves one query at a time, so it seeds between rounds only.
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  const trigram = (await client.query("SELECT count(*)::int AS n FROM pg_extension WHERE extname = 'pg_trgm'")).rows[0].n === 1

  console.log(
    [
      `database: ${database.note}`,
      `cores: ${plan.note}`,
      `pg_trgm: ${trigram ? "installed (trigram indexes on plate_key, make and model)" : "NOT available: searches scan"}`,
      `sizes: ${sizes.join(", ")} vehicles (half as many characters, half of them licensed), seeded with generate_series`,
      "alerts: then five records a person, a warrant for 1 person in 25, a marker on 1 vehicle in 50 and 1 person in 50",
      `load: autocannon, ${connections} connection(s), ${rounds} round(s) of ${duration} s per scenario and size, after ${warmup} s warm-up; ` +
      "time per request = median of the rounds' p50",
      ""
    ].join("\n")
  )

  const results = []
  const measure = async (size, scenario) => {
    const check = await fetch(bluelight.base + scenario.path, { headers })
    const body = await check.json()
    if (check.status !== 200) throw new Error(`${scenario.path} answered ${check.status}: ${JSON.stringify(body)}`)
    const found = Array.isArray(body.data)
      ? `${body.data.length} on the first page`
      : body.data.plate !== undefined
      ? `${body.data.plate}, ${body.data.markers.length} active marker(s), stolen ${body.data.stolen}`
      : `${body.data.reference}, counts ${JSON.stringify(body.data.counts)}`
    const target = { ...scenario, headers, status: 200 }
    await loadRound({ server: bluelight, scenario: target, seconds: warmup, connections })
    const runs = []
    for (let round = 0; round < rounds; round++) runs.push(await loadRound({ server: bluelight, scenario: target, seconds: duration, connections }))
    const result = {
      size,
      scenario: scenario.name,
      p50Ms: round2(median(runs.map((r) => r.p50Ms))),
      p99Ms: round2(median(runs.map((r) => r.p99Ms))),
      reqPerSec: round2(median(runs.map((r) => r.reqPerSec)))
    }
    results.push(result)
    console.log(
      `  ${scenario.name.padEnd(14)} ${String(result.p50Ms).padStart(7)} ms p50  ${String(result.p99Ms).padStart(7)} ms p99  ${
        String(result.reqPerSec).padStart(7)
      } req/s   ${scenario.label}; ${found}`
    )
  }
  let seeded = 0
  for (const size of sizes) {
    const started = Date.now()
    await seed(client, me.data.id, seeded + 1, size)
    // A vehicle of the new rows (no alerts yet) whose number is a multiple of 200: once the alerts are
    // seeded it is stolen, and its keeper (probe / 2, a multiple of 50) has a marker and a warrant.
    const probe = Math.floor(size / 400) * 200 + 200
    const keeper = probe / 2
    const plate = (await client.query("SELECT plate FROM vehicles WHERE id = $1", [`bench-veh-${probe}`])).rows[0].plate
    const views = [
      { label: "the vehicle record", path: `/api/pnc/vehicles/bench-veh-${probe}` },
      { label: "the official person view", path: `/api/pnc/civilians/bench-civ-${keeper}` }
    ]
    const scenarios = [
      { name: "plate", label: `search a plate fragment (${plate.slice(1, 6)})`, path: `/api/pnc/vehicles?search=${encodeURIComponent(plate.slice(1, 6))}` },
      { name: "make", label: "search a make word (vauxhall: 1 in 20 vehicles)", path: "/api/pnc/vehicles?search=vauxhall" },
      { name: "record", ...views[0] },
      { name: "person", ...views[1] }
    ]
    console.log(`${size} vehicles seeded in ${round2((Date.now() - started) / 1000)} s`)
    for (const scenario of scenarios) await measure(size, scenario)
    const alertsStarted = Date.now()
    await seedAlerts(client, me.data.id, Math.floor((seeded + 1 + 1) / 2), Math.floor(size / 2), seeded + 1, size)
    seeded = size
    console.log(`  records, warrants and markers seeded in ${round2((Date.now() - alertsStarted) / 1000)} s`)
    await measure(size, { name: "record+alerts", ...views[0] })
    await measure(size, { name: "person+alerts", ...views[1] })
  }
  await client.end()

  const smallest = sizes[0]
  const largest = sizes[sizes.length - 1]
  console.log(`\ntime per request (p50 ms) by size, and the ratio ${largest}/${smallest}:`)
  const ratios = {}
  for (const name of ["plate", "make", "record", "person", "record+alerts", "person+alerts"]) {
    const row = sizes.map((size) => results.find((r) => r.size === size && r.scenario === name).p50Ms)
    ratios[name] = round2(row[row.length - 1] / row[0])
    console.log(
      `  ${name.padEnd(14)} ${row.map((ms) => String(ms).padStart(8)).join("")}   ratio ${ratios[name]}${ratios[name] < 2 ? "" : "  (goal: under 2)"}`
    )
  }
  console.log("\nwith records, warrants and markers / without them (p50), by size:")
  const alertRatios = {}
  for (const name of ["record", "person"]) {
    const row = sizes.map((size) =>
      round2(results.find((r) => r.size === size && r.scenario === `${name}+alerts`).p50Ms / results.find((r) => r.size === size && r.scenario === name).p50Ms)
    )
    alertRatios[name] = row
    console.log(`  ${name.padEnd(14)} ${row.map((x) => String(x).padStart(8)).join("")}${row.every((x) => x < 2) ? "" : "  (goal: under 2)"}`)
  }
  mkdirSync(outputDir, { recursive: true })
  const resultPath = join(outputDir, "pnc-search.json")
  const settings = { database: database.kind, trigram, pinned: plan.pinned, sizes, connections, duration, rounds, warmup, node: process.version }
  writeFileSync(resultPath, JSON.stringify({ at: new Date().toISOString(), settings, results, ratios, alertRatios }, null, 2) + "\n")
  console.log(`\nfigures as JSON: ${resultPath}`)
}

runBench(main)
