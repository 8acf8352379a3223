// A CPU profile of Bluelight under the `GET /api/me` load, so a regression
// can be found the way issue 9 found the request path's costs.
//
//   npm run bench:profile                         # embedded PGlite
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:profile -- --duration 20
//   npm run bench:profile -- --scenario anonymous   # the same request without credentials
//   npm run bench:profile -- --server stack-floor   # the stack's floor (stackFloor.js) under the same load
//
// The profile is written to .bench/profiles/ (open it in Chrome DevTools or
// VS Code); the top functions by self time are printed.
import { mkdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { parseArgs } from "node:util"
import { runBench } from "./cleanup.js"
import { pinningPlan, pinSelf } from "./cpu.js"
import { benchDatabase } from "./database.js"
import { loadRound } from "./load.js"
import { summarizeProfile } from "./profileSummary.js"
import { formatRound } from "./report.js"
import { benchSession } from "./session.js"
import { outputDir, root, startBluelight, startStackFloor, stopChild } from "./servers.js"

const { values: flags } = parseArgs({
  options: {
    duration: { type: "string", default: "15" },
    connections: { type: "string", default: "10" },
    // V8 samples every 1000 µs by default; finer shows more of a short request.
    interval: { type: "string", default: "250" },
    top: { type: "string", default: "15" },
    // me: a session's GET /api/me; anonymous: the same without credentials (the fixed cost of a refusal).
    scenario: { type: "string", default: "me" },
    // bluelight, or stack-floor: the least Effect HttpApi server giving the same answers, to set beside it.
    server: { type: "string", default: "bluelight" }
  }
})
const positive = (name) => {
  const value = Number(flags[name])
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer, got ${flags[name]}`)
  return value
}

const ms = (us) => (us / 1000).toFixed(1).padStart(8)
const percent = (share) => `${(share * 100).toFixed(1).padStart(5)} %`

async function main() {
  const seconds = positive("duration")
  const connections = positive("connections")
  const top = positive("top")
  const dir = join(outputDir, "profiles")
  mkdirSync(dir, { recursive: true })
  if (!["me", "anonymous"].includes(flags.scenario)) throw new Error(`--scenario must be me or anonymous, got ${flags.scenario}`)
  if (!["bluelight", "stack-floor"].includes(flags.server)) throw new Error(`--server must be bluelight or stack-floor, got ${flags.server}`)
  const name = `${flags.server}-${flags.scenario}-${new Date().toISOString().replace(/[:.]/g, "-")}.cpuprofile`
  const path = join(dir, name)

  const plan = pinningPlan()
  pinSelf(plan)
  const database = await benchDatabase(plan)
  const nodeArgs = ["--cpu-prof", `--cpu-prof-dir=${dir}`, `--cpu-prof-name=${name}`, `--cpu-prof-interval=${positive("interval")}`]
  // The session is made on Bluelight (the stack's floor has no sign-in) and read by either from the same database.
  const bluelight = await startBluelight(plan, database, flags.server === "bluelight" ? { nodeArgs } : {})
  const token = await benchSession(bluelight.base)
  const profiled = flags.server === "bluelight" ? bluelight : await startStackFloor(plan, database, { nodeArgs })
  console.log(`database: ${database.note}\ncores: ${plan.note}\nprofiling GET /api/me (${flags.scenario}) for ${seconds} s at ${connections} connections`)

  const scenario = flags.scenario === "me"
    ? { path: "/api/me", headers: { cookie: `bluelight-session=${token}` }, status: 200 }
    : { path: "/api/me", headers: {}, status: 401 }
  const micros = () => Number(process.hrtime.bigint() / 1000n)
  const from = micros()
  const result = await loadRound({ server: profiled, scenario, seconds, connections })
  const to = micros()
  console.log(`  ${formatRound(result)}`)
  // The profile is written as the process exits; SIGTERM lets it exit by itself.
  await stopChild(profiled.child, 60_000)
  // The stack's floor ends by Effect's runMain, which exits 130 on SIGTERM.
  if (profiled.child.exitCode !== (flags.server === "bluelight" ? 0 : 130))
    throw new Error(`${flags.server} exited ${profiled.child.signalCode ?? profiled.child.exitCode}: no profile written`)

  // The file holds start-up, sign-in and shutdown too; the summary counts the load alone.
  const summary = summarizeProfile(JSON.parse(readFileSync(path, "utf8")), { root, from, to })
  if (summary.sampledUs === 0) throw new Error(`no sample of ${path} falls in the load's time window`)
  console.log(`\nprofile: ${path} (the whole run; the summary below counts only the ${seconds} s of load)`)
  console.log(`${ms(summary.busyUs)} ms busy of ${ms(summary.sampledUs).trim()} ms under load\n`)
  console.log(`top ${top} functions by self time (share of busy time)`)
  for (const f of summary.functions.slice(0, top)) console.log(`  ${ms(f.selfUs)} ms ${percent(f.share)}  ${f.name}  ${f.location}`)
  console.log("\nby package")
  for (const p of summary.packages.slice(0, 10)) console.log(`  ${ms(p.selfUs)} ms ${percent(p.share)}  ${p.name}`)
}

runBench(main)
