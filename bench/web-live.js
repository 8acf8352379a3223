// A CAD change committed on one instance, drawn in a browser attached to
// another (WEB.md's budget: p99 under 250 ms with 100 units and 50 open
// incidents on the board). Two Bluelight instances, A and B, share a fresh
// Postgres database and Redis (as bench:load starts them); the board is set
// up through the API on B; a dispatcher signs in on A in headless Chromium
// through the development identity provider and opens Control. Then, N times,
// an incident's location is changed on B to a text never seen before, and the
// page reports when that text is in its DOM (a MutationObserver reading
// document.body.innerText) and when the next frame after it ran. Latency =
// that moment (Date.now() in the page) less Date.now() in this process just
// before the request to B was sent: the same machine's wall clock.
//
//   npm run bench:web-live
//   npm run bench:web-live -- --changes 50 --units 20 --incidents 10     # a short run
//   npm run bench:web-live -- --no-pin                                   # let the kernel place everything
//
// Postgres: TEST_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
// (a fresh database, dropped at the end). Redis: REDIS_URL, else redis://127.0.0.1:6379/9.
import { mkdirSync, writeFileSync } from "node:fs"
import { loadavg } from "node:os"
import { join } from "node:path"
import { parseArgs } from "node:util"
import { launchChromium } from "./browser.js"
import { bearerCall, CONTROL, seedCadBoard } from "./cadSeed.js"
import { runBench } from "./cleanup.js"
import { pinningPlan, pinSelf } from "./cpu.js"
import { freshPostgres, postgresServerUrl, redisUrl } from "./database.js"
import { percentiles } from "./latencyStats.js"
import { ADMIN_IDENTITY_ID, outputDir, startBluelight } from "./servers.js"
import { call, signIn } from "./session.js"

const { values: flags } = parseArgs({
  options: {
    changes: { type: "string", default: "200" },
    "warm-up": { type: "string", default: "10" },
    units: { type: "string", default: "100" },
    incidents: { type: "string", default: "50" },
    "gap-min-ms": { type: "string", default: "100" },
    "gap-max-ms": { type: "string", default: "200" },
    "budget-ms": { type: "string", default: "250" },
    "no-pin": { type: "boolean", default: false }
  }
})
const count = (name) => {
  const value = Number(flags[name])
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, got ${flags[name]}`)
  return value
}
const settings = {
  changes: count("changes"),
  warmUp: count("warm-up"),
  units: count("units"),
  incidents: count("incidents"),
  gapMinMs: count("gap-min-ms"),
  gapMaxMs: count("gap-max-ms"),
  budgetMs: count("budget-ms")
}
/** How long one change may take to appear before it counts as missing. */
const DRAWN_TIMEOUT_MS = 10_000
/** How long the board may take to show every seeded unit and incident. */
const BOARD_TIMEOUT_MS = 60_000
const DISPATCHER = { id: "dev-dispatcher", name: "Dana Dispatcher" }
const load = () => loadavg().map((n) => n.toFixed(2)).join(" ")
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Installed in the page: `__benchWatch(text)` starts watching for `text`;
 * `__benchSeen(text)` answers, once the text is in `document.body.innerText`,
 * `{ seenAt, frameAt }` (Date.now() when the DOM held it, and in the next frame's
 * callback), or `null` after `timeoutMs`. The text is checked after every DOM
 * change, on the page's own thread, so nothing here waits on this process.
 */
function installWatcher() {
  const watches = new Map()
  const check = () => {
    if (watches.size === 0) return
    const text = document.body.innerText
    for (const [wanted, watch] of watches) {
      if (!text.includes(wanted)) continue
      watches.delete(wanted)
      const seenAt = Date.now()
      requestAnimationFrame(() => watch.resolve({ seenAt, frameAt: Date.now() }))
    }
  }
  new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true })
  const seen = new Map()
  globalThis.__benchWatch = (wanted) => {
    seen.set(wanted, new Promise((resolve) => watches.set(wanted, { resolve })))
    check()
  }
  globalThis.__benchSeen = (wanted, timeoutMs) => {
    const timeout = new Promise((resolve) => setTimeout(() => resolve(null), timeoutMs))
    return Promise.race([seen.get(wanted), timeout]).finally(() => (watches.delete(wanted), seen.delete(wanted)))
  }
}

/** The dispatcher's account, made on A and given a staff profile with Control's permissions, before the browser signs in as them. */
async function makeDispatcher(base, admin) {
  const session = await signIn(base, DISPATCHER.id, DISPATCHER.name)
  const account = await call(base, session, "GET", "/api/me")
  const role = await call(base, admin, "POST", "/api/admin/roles", { name: "Control", permissions: CONTROL })
  await call(base, admin, "POST", "/api/staff", { accountId: account.id, roleIds: [role.id] })
}

/** Chromium on A's `/control`, signed in as the dispatcher, once the board shows every seeded unit's callsign and incident's location. */
async function openBoard(base, board) {
  const browser = await launchChromium()
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } })
  await page.goto(`${base}/`)
  await page.getByRole("button", { name: "Sign in" }).first().click()
  await page.getByRole("button", { name: new RegExp(DISPATCHER.name) }).click()
  await page.getByRole("link", { name: "Control" }).first().waitFor()
  await page.goto(`${base}/control`)
  const texts = [...board.units.map((u) => u.callsign), ...board.incidents.map((i) => i.location)]
  const started = Date.now()
  const shown = await page.waitForFunction(
    (wanted) => {
      const text = document.body.innerText
      return wanted.every((t) => text.includes(t))
    },
    texts,
    { timeout: BOARD_TIMEOUT_MS, polling: 250 }
  ).then(() => true, () => false)
  if (!shown) {
    const missing = await page.evaluate((wanted) => wanted.filter((t) => !document.body.innerText.includes(t)), texts)
    throw new Error(
      `Control's board on A did not show ${missing.length} of the ${texts.length} callsigns and locations within ${BOARD_TIMEOUT_MS / 1000} s ` +
        `(first missing: ${missing.slice(0, 5).join(", ")}); the page reads:\n${(await page.evaluate(() => document.body.innerText)).slice(0, 600)}`
    )
  }
  console.log(
    `board on A shows ${board.units.length} units and ${board.incidents.length} incidents (${
      ((Date.now() - started) / 1000).toFixed(1)
    } s after opening /control)`
  )
  await page.evaluate(installWatcher)
  return page
}

/** One change on B: an incident's location set to `location`; answers the send time, the answer's delay and the page's moments. */
async function change(page, b, token, incident, location) {
  await page.evaluate((wanted) => globalThis.__benchWatch(wanted), location)
  const sentAt = Date.now()
  const answer = await bearerCall(b.base, token, "POST", `/api/cad/incidents/${incident.id}/update`, {
    type: incident.type,
    priority: incident.priority,
    location,
    description: incident.description,
    controlNotes: incident.controlNotes,
    version: incident.version
  })
  const answeredAt = Date.now()
  if (answer.status !== 200) throw new Error(`the change on B answered ${answer.status}: ${JSON.stringify(answer.body)}`)
  Object.assign(incident, answer.body.data)
  const drawn = await page.evaluate(([wanted, timeoutMs]) => globalThis.__benchSeen(wanted, timeoutMs), [location, DRAWN_TIMEOUT_MS])
  return {
    sentAt,
    answerMs: answeredAt - sentAt,
    seenMs: drawn === null ? null : drawn.seenAt - sentAt,
    frameMs: drawn === null ? null : drawn.frameAt - sentAt
  }
}

const ms = (value) => `${Number.isNaN(value) ? "–" : value.toFixed(0)} ms`
const line = (label, stats) =>
  `  ${label.padEnd(34)} p50 ${ms(stats.p50)}, p95 ${ms(stats.p95)}, p99 ${ms(stats.p99)}, max ${ms(stats.max)} (${stats.count} changes)`

runBench(async () => {
  // Both servers on one core, this process and Chromium (which inherits its affinity) on the other; Postgres and Redis are not moved.
  const plan = flags["no-pin"] ? { pinned: false, note: "not pinned (--no-pin): the kernel places servers, browser and this process" } : pinningPlan()
  pinSelf(plan)
  const database = await freshPostgres(postgresServerUrl)
  const env = { REDIS_URL: redisUrl, RATE_LIMIT_SIGN_INS_PER_MINUTE: "100000", RATE_LIMIT_SIGN_INS_PER_ADDRESS_PER_MINUTE: "100000" }
  const a = await startBluelight(plan, database, { name: "bluelight-live-a", env })
  const b = await startBluelight(plan, database, { name: "bluelight-live-b", env })
  const loadAtStart = load()
  console.log([
    `database: ${database.note}`,
    `redis: ${new URL(redisUrl).host} database ${new URL(redisUrl).pathname.slice(1) || "0"} (shared by A and B)`,
    `cores: ${plan.note}${plan.pinned ? "; Chromium runs with this process's affinity" : ""}`,
    `rate limits: raised (RATE_LIMIT_*_PER_MINUTE), so no change or read is refused`,
    `changes: ${settings.warmUp} to warm up, then ${settings.changes}, ${settings.gapMinMs}-${settings.gapMaxMs} ms apart, ` +
    "each an incident's location set on B to a new text; latency = sent on B to the text in the DOM of the page on A",
    `load average at the start: ${loadAtStart} (1, 5, 15 min)`,
    ""
  ].join("\n"))

  const admin = await signIn(b.base, ADMIN_IDENTITY_ID, "Bench Administrator")
  const { token } = await call(b.base, admin, "POST", "/api/admin/services", { name: "bench control", scopes: CONTROL })
  console.log(`setting up ${settings.units} crewed units and ${settings.incidents} open incidents on B…`)
  const board = await seedCadBoard(b.base, admin, token, { units: settings.units, incidents: settings.incidents })
  await makeDispatcher(a.base, admin)
  const page = await openBoard(a.base, board)

  const run = Date.now().toString(36)
  const samples = []
  for (let i = 0; i < settings.warmUp + settings.changes; i++) {
    const incident = board.incidents[i % board.incidents.length]
    const sample = await change(page, b, token, incident, `Bench ${run} change ${i}`)
    if (i >= settings.warmUp) samples.push(sample)
    await sleep(settings.gapMinMs + Math.random() * (settings.gapMaxMs - settings.gapMinMs))
  }

  const drawn = samples.filter((s) => s.seenMs !== null)
  const missing = samples.length - drawn.length
  const seen = percentiles(drawn.map((s) => s.seenMs))
  const frame = percentiles(drawn.map((s) => s.frameMs))
  const answer = percentiles(samples.map((s) => s.answerMs))
  // Apart, the part after the write: the change's way from B's commit through Postgres to A, its stream and the page.
  const afterAnswer = percentiles(drawn.map((s) => s.seenMs - s.answerMs))
  const verdict = missing === 0 && seen.p99 < settings.budgetMs ? "OK" : "MISSED"
  console.log([
    "a CAD change on B, drawn on A's board:",
    line("the change's answer on B", answer),
    line("the new text in the DOM on A", seen),
    line("the next frame after it", frame),
    line("the DOM on A, from B's answer", afterAnswer),
    ...(missing > 0 ? [`  ${missing} change(s) not drawn within ${DRAWN_TIMEOUT_MS / 1000} s`] : []),
    `p99 ${ms(seen.p99)} against the budget of ${settings.budgetMs} ms (under it): ${verdict}`,
    `load average at the end: ${load()}`
  ].join("\n"))
  mkdirSync(outputDir, { recursive: true })
  const resultPath = join(outputDir, "web-live.json")
  writeFileSync(
    resultPath,
    JSON.stringify({ settings, plan: plan.note, loadAtStart, loadAtEnd: load(), answer, seen, frame, afterAnswer, missing, samples }, null, 2) + "\n"
  )
  console.log(`figures as JSON: ${resultPath}`)
  if (verdict !== "OK") throw new Error(`the budget was missed: p99 ${ms(seen.p99)}${missing > 0 ? `, ${missing} change(s) never drawn` : ""}`)
})
