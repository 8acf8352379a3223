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
/** Rows a seeding statement writes at most. */
const BATCH = 100_000

const MAKES = [
  "Ford",
  "Vauxhall",
  "Volkswagen",
  "BMW",
  "Audi",
  "Toyota",
  "Nissan",
  "Peugeot",
  "Renault",
  "Honda",
  "Kia",
  "Hyundai",
  "Skoda",
  "Seat",
  "Fiat",
  "Citroen",
  "Mazda",
  "Volvo",
  "Mini",
  "Tesla"
]
const MODELS = Array.from({ length: 50 }, (_, i) => `Model${String.fromCharCode(65 + (i % 26))}${i}`)
const COLOURS = ["Black", "White", "Silver", "Grey", "Blue", "Red", "Green", "Yellow"]
const FIRST = ["Ann", "Ben", "Cara", "Dan", "Eve", "Finn", "Gail", "Hugh", "Isla", "Jack", "Kate", "Liam", "Mia", "Noah", "Olga", "Paul"]
const LAST = ["Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Johnson", "Davies", "Patel", "Wright", "Walker", "Evans"]

/**
 * The plate of the `i`th seeded vehicle, in the current UK form (`AB12 CDE`):
 * `i` times a number coprime with 26^5 * 100, modulo that, read in mixed radix
 * (letter, letter, two digits, letter, letter, letter). A bijection, so every
 * plate is unique, and the letters spread as real ones do.
 */
const PLATE_SQL = `(SELECT chr(65 + (n % 26)::int) || chr(65 + (n / 26 % 26)::int) || lpad((n / 676 % 100)::text, 2, '0') || ' ' ||
  chr(65 + (n / 67600 % 26)::int) || chr(65 + (n / 1757600 % 26)::int) || chr(65 + (n / 45697600 % 26)::int)
  FROM (SELECT (i::bigint * 387420489) % 1188137600 AS n) AS spread)`

/** Tops the tables up to `vehicles` vehicles and half as many characters, half of them licensed. */
async function seed(client, ownerId, from, to) {
  for (let start = from; start <= to; start += BATCH) {
    const end = Math.min(to, start + BATCH - 1)
    const civFrom = Math.floor((start + 1) / 2)
    const civTo = Math.floor(end / 2)
    if (civTo >= civFrom) {
      await client.query(
        `INSERT INTO civilians (id, reference, owner_id, full_name, date_of_birth, gender, address, status, created_at, updated_at)
         SELECT 'bench-civ-' || i, 'CIV-' || lpad(i::text, 8, '0'), $1,
                ($2::text[])[1 + i % cardinality($2::text[])] || ' ' || ($3::text[])[1 + (i / 16) % cardinality($3::text[])],
                date '1950-01-01' + (i % 20000), (ARRAY['MALE', 'FEMALE', 'NON_BINARY', 'UNSPECIFIED'])[1 + i % 4],
                i || ' High Street', 'ACTIVE', now(), now()
         FROM generate_series($4::int, $5::int) AS i`,
        [ownerId, FIRST, LAST, civFrom, civTo]
      )
      await client.query(
        `INSERT INTO licences (id, civilian_id, number, categories, status, issued_at, expires_at, updated_at)
         SELECT 'bench-lic-' || i, 'bench-civ-' || i, 'BENCH' || lpad(i::text, 11, '0'), '{B}', 'VALID', now(), now() + interval '10 years', now()
         FROM generate_series($1::int, $2::int) AS i WHERE i % 2 = 0`,
        [civFrom, civTo]
      )
    }
    // Make and model from a hash of `i`, not from `i` itself: the plates spread `i` too, and the two
    // must not line up (plate order would then meet a make in runs instead of 1 in 20 throughout).
    await client.query(
      `INSERT INTO vehicles (id, plate, plate_key, make, model, colour, type, registration_status, insurance_status, mot_status,
                             tax_status, keeper_id, keeper_since, created_at, updated_at)
       SELECT 'bench-veh-' || i, p.plate, replace(p.plate, ' ', ''),
              ($1::text[])[1 + abs(hashtext(i::text)) % 20], ($2::text[])[1 + abs(hashtext('model' || i)) % 50], ($3::text[])[1 + i % 8], 'CAR',
              'REGISTERED', 'INSURED', 'VALID', 'TAXED', 'bench-civ-' || greatest(1, (i + 1) / 2), now(), now(), now()
       FROM generate_series($4::int, $5::int) AS i, LATERAL (SELECT ${PLATE_SQL} AS plate) AS p`,
      [MAKES, MODELS, COLOURS, start, end]
    )
    await client.query(
      `INSERT INTO vehicle_keepers (vehicle_id, civilian_id, started_at)
       SELECT 'bench-veh-' || i, 'bench-civ-' || greatest(1, (i + 1) / 2), now() FROM generate_series($1::int, $2::int) AS i`,
      [start, end]
    )
  }
  await client.query("ANALYZE civilians, licences, vehicles, vehicle_keepers")
}

/**
 * Records, warrants and markers for characters `civFrom`..`civTo` and vehicles
 * `vehFrom`..`vehTo`: five records a person (the first with 3 points and the
 * person's vehicle, one in five INTELLIGENCE), a warrant for one person in 25
 * (one in four of them executed), a marker on one vehicle in 50 (STOLEN_VEHICLE
 * on one in 100, else VEHICLE_BOLO) and an OFFICER_SAFETY marker on one person
 * in 50 (one in four of all markers cleared).
 */
async function seedAlerts(client, recorderId, civFrom, civTo, vehFrom, vehTo) {
  if (civTo >= civFrom) {
    await client.query(
      `INSERT INTO pnc_records (id, reference, civilian_id, type, status, title, description, location, occurred_at, fine_amount, points,
                                vehicle_id, disclosed, recorded_by, created_at, updated_at)
       SELECT 'bench-rec-' || i || '-' || k, 'REC-' || lpad((i * 5 + k)::text, 9, '0'), 'bench-civ-' || i,
              (ARRAY['CITATION', 'CAUTION', 'ARREST', 'CHARGE', 'INTELLIGENCE'])[k], 'OPEN', 'Record ' || k, 'Seeded record', 'High Street',
              now() - (k || ' days')::interval, CASE WHEN k = 1 THEN 100 ELSE 0 END, CASE WHEN k = 1 THEN 3 ELSE 0 END,
              CASE WHEN k = 1 THEN 'bench-veh-' || (2 * i) END, k <> 5, $1, now(), now()
       FROM generate_series($2::int, $3::int) AS i, generate_series(1, 5) AS k`,
      [recorderId, civFrom, civTo]
    )
    await client.query(
      `INSERT INTO warrants (id, reference, civilian_id, reason, status, issued_by, issued_at, closed_at, closed_by, close_note, updated_at)
       SELECT 'bench-war-' || i, 'WAR-' || lpad(i::text, 9, '0'), 'bench-civ-' || i, 'Failed to appear',
              CASE WHEN i % 100 = 75 THEN 'EXECUTED' ELSE 'ACTIVE' END, $1, now(),
              CASE WHEN i % 100 = 75 THEN now() END, CASE WHEN i % 100 = 75 THEN $1 END, CASE WHEN i % 100 = 75 THEN 'Arrested' END, now()
       FROM generate_series($2::int, $3::int) AS i WHERE i % 25 = 0`,
      [recorderId, civFrom, civTo]
    )
    await client.query(
      `INSERT INTO markers (id, reference, type, civilian_id, reason, issued_by, created_at, cleared_at, cleared_by, clear_reason)
       SELECT 'bench-mrk-civ-' || i, 'MRK-1' || lpad(i::text, 9, '0'), 'OFFICER_SAFETY', 'bench-civ-' || i, 'Violent', $1, now(),
              CASE WHEN i % 200 = 150 THEN now() END, CASE WHEN i % 200 = 150 THEN $1 END, CASE WHEN i % 200 = 150 THEN 'Resolved' END
       FROM generate_series($2::int, $3::int) AS i WHERE i % 50 = 0`,
      [recorderId, civFrom, civTo]
    )
  }
  await client.query(
    `INSERT INTO markers (id, reference, type, vehicle_id, reason, issued_by, created_at, cleared_at, cleared_by, clear_reason)
     SELECT 'bench-mrk-veh-' || i, 'MRK-2' || lpad(i::text, 9, '0'), CASE WHEN i % 100 = 0 THEN 'STOLEN_VEHICLE' ELSE 'VEHICLE_BOLO' END,
            'bench-veh-' || i, 'Seen', $1, now(),
            CASE WHEN i % 200 = 50 THEN now() END, CASE WHEN i % 200 = 50 THEN $1 END, CASE WHEN i % 200 = 50 THEN 'Found' END
     FROM generate_series($2::int, $3::int) AS i WHERE i % 50 = 0`,
    [recorderId, vehFrom, vehTo]
  )
  await client.query("ANALYZE pnc_records, warrants, markers")
}

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
