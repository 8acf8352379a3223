// The servers under load: Bluelight as users run it, and the floor.
import { spawn } from "node:child_process"
import { mkdirSync, openSync, readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { onCleanup } from "./cleanup.js"
import { nodeOn } from "./cpu.js"
import { freePort } from "../scripts/freePort.mjs"

export const benchDir = dirname(fileURLToPath(import.meta.url))
export const root = join(benchDir, "..")
/** Git ignores it: logs and profiles of the last runs. */
export const outputDir = join(root, ".bench")
const serverMain = join(root, "packages/server/dist/main.js")

/** The identity ids of the set-up's administrator and of the person whose `/api/me` is measured. */
export const ADMIN_IDENTITY_ID = "bench-admin"
export const USER_IDENTITY_ID = "bench-user"

/** SIGTERM, then SIGKILL if it has not exited within `graceMs`; resolves once it has exited. */
export const stopChild = async (child, graceMs = 15_000) => {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once("exit", resolve))
  child.kill("SIGTERM")
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs)
  await exited
  clearTimeout(timer)
}

const tail = (path) => {
  try {
    return readFileSync(path, "utf8").split("\n").slice(-20).join("\n")
  } catch {
    return ""
  }
}

/**
 * Starts `node args…` on the server cores with its output in `.bench/logs/<name>.log`
 * (a file, as a log collector would drain it: a full pipe would stall the
 * server), and waits until `GET /api/health` answers 200.
 */
async function startServer(plan, name, args, env) {
  const port = await freePort()
  const logDir = join(outputDir, "logs")
  mkdirSync(logDir, { recursive: true })
  const logPath = join(logDir, `${name}.log`)
  const log = openSync(logPath, "w")
  const { command, args: commandArgs } = nodeOn(plan, plan.serverCores, args)
  const child = spawn(command, commandArgs, {
    cwd: root,
    stdio: ["ignore", log, log],
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), ...env(port) }
  })
  const base = `http://127.0.0.1:${port}`
  let exit = null
  child.once("exit", (code, signal) => (exit = signal ?? code))
  onCleanup(() => stopChild(child))
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    if (exit !== null) throw new Error(`${name} exited (${exit}) before answering; ${logPath}:\n${tail(logPath)}`)
    // Each probe gives up after 2 s: a request that reaches the port while the server is still starting can go unanswered.
    const answer = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) }).catch(() => null)
    if (answer?.status === 200) return { name, pid: child.pid, base, child, logPath }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${name} did not answer within 60 s; ${logPath}:\n${tail(logPath)}`)
}

/**
 * Bluelight at its production log level, one JSON line per request. Not in
 * production mode: that needs a real identity provider, and the bench signs
 * in through the development one. Rate budgets are raised so the load is
 * never refused, but every request still pays the limiter. No Redis (the
 * limiter counts in memory) and no trace export.
 */
export const startBluelight = (plan, database, { nodeArgs = [], name = "bluelight", env = {}, main = serverMain } = {}) =>
  startServer(plan, name, [...nodeArgs, main], (port) => ({
    NODE_ENV: "development",
    HOST: "127.0.0.1",
    APP_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: database.url,
    DATABASE_POOL_MAX: String(database.poolMax),
    LOG_LEVEL: "info",
    RATE_LIMIT_READS_PER_MINUTE: "1000000000",
    RATE_LIMIT_WRITES_PER_MINUTE: "1000000000",
    BLUELIGHT_ADMIN_IDENTITY_IDS: ADMIN_IDENTITY_ID,
    ...env
  }))

/** The least an Effect HttpApi + @effect/sql-pg server pays for the same answers (`stackFloor.js`). */
export const startStackFloor = (plan, database, { nodeArgs = [] } = {}) =>
  startServer(plan, "stack-floor", [...nodeArgs, join(benchDir, "stackFloor.js")], () => ({
    DATABASE_URL: database.url,
    DATABASE_POOL_MAX: String(database.poolMax),
    BLUELIGHT_ADMIN_IDENTITY_IDS: ADMIN_IDENTITY_ID
  }))

/** The bare node:http + pg server of `floor.js`, with the same pool and the same administrators. */
export const startFloor = (plan, database) =>
  startServer(plan, "floor", [join(benchDir, "floor.js")], () => ({
    DATABASE_URL: database.url,
    DATABASE_POOL_MAX: String(database.poolMax),
    BLUELIGHT_ADMIN_IDENTITY_IDS: ADMIN_IDENTITY_ID
  }))
