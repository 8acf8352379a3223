import { type ChildProcess, spawn } from "node:child_process"
import { once } from "node:events"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { request } from "node:http"
import { connect } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import { freePort, type LogLine } from "./harness/server.js"

const ROOT = fileURLToPath(new URL("..", import.meta.url))
const GRACE_SECONDS = 5
/** Past the grace: npm, its build step and a loaded machine's scheduling. */
const EXIT_BOUND_MS = (GRACE_SECONDS + 15) * 1000

interface NpmStart {
  readonly npm: ChildProcess
  readonly port: number
  readonly logs: Array<LogLine>
  readonly stderr: () => string
  readonly exited: Promise<[number | null, NodeJS.Signals | null]>
}

/** Whether any process is left in the group npm leads (npm, its shell, node). */
const groupAlive = (pgid: number) => {
  try {
    process.kill(-pgid, 0)
    return true
  } catch {
    return false
  }
}

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1")
    socket.once("connect", () => {
      socket.destroy()
      resolve(true)
    })
    socket.once("error", () => resolve(false))
  })

const within = <A>(ms: number, what: string, promise: Promise<A>) =>
  new Promise<A>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} not within ${ms} ms`)), ms)
    promise.then((value) => {
      clearTimeout(timer)
      resolve(value)
    }, reject)
  })

/**
 * `npm start` as a newcomer runs it (nothing but PORT, APP_URL to match and a
 * DATA_DIR of its own), in a process group of its own so that a test can send
 * a signal to the whole group as a terminal's Ctrl-C does.
 */
const npmStart = async (dataDir: string, env: Record<string, string> = {}): Promise<NpmStart> => {
  const port = await freePort()
  const npm = spawn("npm", ["start"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      PATH: process.env["PATH"] ?? "",
      HOME: process.env["HOME"] ?? tmpdir(),
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
      ...env
    }
  })
  const exited = once(npm, "exit") as Promise<[number | null, NodeJS.Signals | null]>
  let stderr = ""
  npm.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
  const logs: Array<LogLine> = []
  const listening = new Promise<void>((resolve, reject) => {
    createInterface({ input: npm.stdout! }).on("line", (line) => {
      if (!line.startsWith("{")) return // npm's own banner
      const entry = JSON.parse(line) as LogLine
      logs.push(entry)
      if (String(entry.message).startsWith("listening on ")) resolve()
    })
    void exited.then(([code]) => reject(new Error(`npm start exited with ${code} before listening\n${stderr}`)))
  })
  await within(90_000, "npm start listening", listening).catch((error: unknown) => {
    if (groupAlive(npm.pid!)) process.kill(-npm.pid!, "SIGKILL")
    throw error
  })
  return { npm, port, logs, stderr: () => stderr, exited }
}

/**
 * A request the server takes a while to answer. `handling` settles once the
 * server has begun to handle it: the `100 Continue` that `Expect` asks for is
 * written as the request reaches the handler.
 */
const slowRequest = (port: number, ms: number) => {
  const sent = request({ port, host: "127.0.0.1", path: `/api/__test/slow?ms=${ms}`, headers: { expect: "100-continue", "content-length": "0" } })
  const handling = new Promise<void>((resolve, reject) => {
    sent.once("continue", resolve)
    sent.once("error", reject)
  })
  const status = new Promise<number | "cut off">((resolve) => {
    sent.once("response", (reply) => {
      reply.resume()
      reply.once("end", () => resolve(reply.statusCode ?? 0))
      reply.once("error", () => resolve("cut off"))
    })
    sent.once("error", () => resolve("cut off"))
  })
  sent.end()
  return { handling, status }
}

/** Until the port refuses connections: the server has begun to shut down. Bounded by the test's timeout. */
const refusing = async (port: number) => {
  while (await answers(port)) await new Promise((resolve) => setImmediate(resolve))
}

/** Stops the server as asked, and checks that everything npm started is gone, cleanly. */
const stopsCleanly = async (started: NpmStart, send: () => Promise<void>, signal: NodeJS.Signals, dataDir: string) => {
  const pgid = started.npm.pid!
  try {
    expect(await answers(started.port)).toBe(true)
    await send()
    const [code] = await within(EXIT_BOUND_MS, "npm's exit", started.exited)
    // npm reaps its child before it exits: whatever is left of the group has been orphaned.
    expect(groupAlive(pgid)).toBe(false)
    expect(await answers(started.port)).toBe(false)
    expect(existsSync(join(dataDir, "bluelight.lock"))).toBe(false)
    expect(code).toBe(0)
    const shutdown = started.logs.filter((line) => String(line.message).startsWith("shutdown"))
    expect(shutdown.map((line) => [line.logLevel, line.annotations?.["signal"]])).toEqual([
      ["INFO", signal],
      ["INFO", signal]
    ])
    expect(String(shutdown[0]!.message)).toMatch(new RegExp(`^shutdown: ${signal} received`))
    expect(String(shutdown[1]!.message)).toMatch(/^shutdown: finished/)
    expect(started.logs.at(-1)).toBe(shutdown[1])
    expect(started.logs.filter((line) => line.logLevel === "ERROR" || line.logLevel === "FATAL")).toEqual([])
  } finally {
    if (groupAlive(pgid)) process.kill(-pgid, "SIGKILL")
  }
}

// One DATA_DIR for the file: the second start also shows that the first released its lock.
describe("npm start", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "bluelight-npm-start-"))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it("stops on SIGTERM to npm's pid, as a process manager or `kill %1` sends it", { timeout: 180_000 }, async () => {
    const started = await npmStart(dataDir)
    // What the newcomer reads in the terminal, beside the JSON lines (test/startupSummary.test.ts has the rest).
    expect(started.stderr()).toMatch(new RegExp(`^Bluelight is running\\.\n {2}open +http://127\\.0\\.0\\.1:${started.port}/$`, "m"))
    await stopsCleanly(started, async () => void process.kill(started.npm.pid!, "SIGTERM"), "SIGTERM", dataDir)
  })

  // Ctrl-C reaches npm and node both, and npm forwards it to node once more, a moment later: a
  // second SIGINT that arrives during shutdown (here surely, once the port refuses) must not cut it short.
  it("stops once on Ctrl-C, however many SIGINTs reach node: the request in flight is answered", { timeout: 180_000 }, async () => {
    const started = await npmStart(dataDir, { BLUELIGHT_TEST_HOOKS: "true" })
    const inFlight = slowRequest(started.port, 3000)
    await stopsCleanly(
      started,
      async () => {
        await inFlight.handling
        process.kill(-started.npm.pid!, "SIGINT")
        await refusing(started.port)
        process.kill(-started.npm.pid!, "SIGINT")
      },
      "SIGINT",
      dataDir
    )
    expect(await inFlight.status).toBe(200)
  })
})
