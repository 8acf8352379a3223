// `npm start` from a fresh clone (WEB.md: the web build is part of the start,
// and skipped when nothing changed): the worktree's committed HEAD cloned into
// a temporary directory, `npm ci`, then `npm start` until the server logs
// "listening on" (goal: under 90 s on an installed clone), stopped, and
// `npm start` again with nothing changed (goal: under 20 s; the web build must
// say "web client: up to date"). Each start is split into npm and tsc --build,
// the web build (its own figure) and the server's boot to listening. The
// server uses the embedded database in a DATA_DIR inside the clone's directory;
// everything is removed at the end.
//
//   npm run bench:web-start
//   npm run bench:web-start -- --keep     # leave the clone (its path is printed) for a look
import { spawn, spawnSync } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { loadavg, tmpdir } from "node:os"
import { delimiter, join } from "node:path"
import { createInterface } from "node:readline"
import { parseArgs } from "node:util"
import { freePort } from "../scripts/freePort.mjs"
import { onCleanup, runBench } from "./cleanup.js"
import { root } from "./servers.js"

const { values: flags } = parseArgs({ options: { keep: { type: "boolean", default: false } } })
const FIRST_START_GOAL_S = 90
const SECOND_START_GOAL_S = 20
/** Longest a step may take before the bench gives up on it. */
const STEP_TIMEOUT_MS = 600_000
const load = () => loadavg().map((n) => n.toFixed(2)).join(" ")
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`

/**
 * The environment of a person's shell: this one less what would point the
 * clone at another database, Redis or port, and less this checkout's
 * node_modules/.bin (npm run puts it first), so the clone runs its own tools.
 */
const cloneEnv = (extra) => {
  const env = { ...process.env }
  for (const name of ["DATABASE_URL", "TEST_DATABASE_URL", "REDIS_URL", "APP_URL", "HOST", "INIT_CWD"]) delete env[name]
  for (const name of Object.keys(env)) if (name.startsWith("npm_") || name.startsWith("RATE_LIMIT_")) delete env[name]
  env.PATH = (env.PATH ?? "").split(delimiter).filter((entry) => !entry.startsWith(root)).join(delimiter)
  return { ...env, ...extra }
}

/** Runs a command to its end; answers its duration in ms. Its output goes to the bench's stderr only when it fails. */
const timed = (command, args, cwd, env) => {
  const started = performance.now()
  const answer = spawnSync(command, args, { cwd, env, encoding: "utf8", timeout: STEP_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 })
  if (answer.status !== 0)
    throw new Error(`${command} ${args.join(" ")} failed (${answer.status ?? answer.signal}):\n${(answer.stdout + answer.stderr).slice(-3000)}`)
  return performance.now() - started
}

/**
 * `npm start` in `cwd` until its "listening on" line; then SIGTERM to its
 * process group and the wait for it to exit. Answers the moments (ms after the
 * spawn) of the build's start and of the web build's line, the web build's own
 * ms (absent when it was up to date) and the moment it listened.
 */
async function npmStart(cwd, env) {
  const started = performance.now()
  const child = spawn("npm", ["start"], { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] })
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(signal ?? code)))
  const stop = async () => {
    const pid = child.pid
    if (pid === undefined || child.exitCode !== null || child.signalCode !== null) return
    process.kill(-pid, "SIGTERM")
    const timer = setTimeout(() => process.kill(-pid, "SIGKILL"), 15_000)
    await exited
    clearTimeout(timer)
  }
  onCleanup(stop)
  const marks = { buildAt: NaN, webAt: NaN, webMs: undefined, webLine: "", listeningAt: NaN }
  const output = []
  const listening = new Promise((resolve, reject) => {
    const read = (stream) =>
      createInterface({ input: stream }).on("line", (text) => {
        const at = performance.now() - started
        output.push(text)
        if (Number.isNaN(marks.buildAt) && text.startsWith("> tsc --build")) marks.buildAt = at
        if (Number.isNaN(marks.webAt) && text.startsWith("web client: ")) {
          marks.webAt = at
          marks.webLine = text
          const built = /in (\d+) ms/.exec(text)
          if (built) marks.webMs = Number(built[1])
        }
        if (Number.isNaN(marks.listeningAt) && /listening on/.test(text)) {
          marks.listeningAt = at
          resolve()
        }
      })
    read(child.stdout)
    read(child.stderr)
    void exited.then((code) => reject(new Error(`npm start exited (${code}) before listening:\n${output.slice(-30).join("\n")}`)))
    setTimeout(() => reject(new Error(`npm start did not listen within ${STEP_TIMEOUT_MS / 1000} s:\n${output.slice(-30).join("\n")}`)), STEP_TIMEOUT_MS)
      .unref()
  })
  await listening
  await stop()
  return marks
}

/** A start's lines: its total against `goalS`, and where the time went. */
const report = (label, marks, goalS) => {
  const webMs = marks.webMs ?? 0
  // The web build's own figure runs from its script's start; what is left between the build's start and its line is tsc --build and starting node.
  const tscMs = marks.webAt - marks.buildAt - webMs
  return [
    `${label}: listening ${seconds(marks.listeningAt)} after \`npm start\` (goal: under ${goalS} s) ${marks.listeningAt < goalS * 1000 ? "OK" : "MISSED"}`,
    ...[
      ["npm until the build starts", seconds(marks.buildAt)],
      ["tsc --build (and node, the web build's check)", seconds(tscMs)],
      ["web build", marks.webMs === undefined ? `skipped ("${marks.webLine}")` : seconds(webMs)],
      ["server boot to listening", seconds(marks.listeningAt - marks.webAt)]
    ].map(([label, value]) => `  ${label.padEnd(46)} ${value}`)
  ]
}

runBench(async () => {
  const head = spawnSync("git", ["-C", root, "log", "--oneline", "-1"], { encoding: "utf8" }).stdout.trim()
  const dirty = spawnSync("git", ["-C", root, "status", "--porcelain", "--untracked-files=no"], { encoding: "utf8" }).stdout.trim() !== ""
  const dir = mkdtempSync(join(tmpdir(), "bluelight-web-start-"))
  if (flags.keep) console.log(`clone kept at ${dir}`)
  else onCleanup(() => rmSync(dir, { recursive: true, force: true }))
  const clone = join(dir, "bluelight")
  console.log(`cloning ${root} at ${head}${dirty ? " (uncommitted changes are not in the clone)" : ""} into ${clone}`)
  console.log(`load average at the start: ${load()} (1, 5, 15 min); not pinned: npm start runs as a person runs it\n`)
  const env = cloneEnv({ PORT: String(await freePort()), DATA_DIR: join(dir, "data") })
  const cloneMs = timed("git", ["clone", "--quiet", root, clone], dir, env)
  const ciMs = timed("npm", ["ci", "--no-audit", "--no-fund"], clone, env)
  console.log(`git clone ${seconds(cloneMs)}; npm ci ${seconds(ciMs)} (apart from the start: the goal counts from \`npm start\` on an installed clone)`)
  const first = await npmStart(clone, env)
  const second = await npmStart(clone, env)
  for (const line of [...report("first npm start", first, FIRST_START_GOAL_S), ...report("second npm start, nothing changed", second, SECOND_START_GOAL_S)]) {
    console.log(line)
  }
  console.log(`from a fresh clone with its install: ${seconds(ciMs + first.listeningAt)} (npm ci and the first start)`)
  console.log(`load average at the end: ${load()}`)
  if (second.webMs !== undefined) throw new Error(`the second start built the web client again ("${second.webLine}")`)
  if (first.listeningAt >= FIRST_START_GOAL_S * 1000 || second.listeningAt >= SECOND_START_GOAL_S * 1000) throw new Error("a start missed its goal")
})
