import { startInProcess } from "@bluelight/server"
import { type ChildProcess, spawn } from "node:child_process"
import { once } from "node:events"
import { fileURLToPath } from "node:url"
import { createServer } from "node:net"
import { createInterface } from "node:readline"
import { appendFileSync, readFileSync } from "node:fs"
import { expect } from "vitest"
import { parsedJson } from "./body.js"
import { freshDatabase, type TestDatabase } from "./database.js"
import { fakeClockEnvironment } from "./settings.js"

const MAIN = fileURLToPath(new URL("../../packages/server/dist/main.js", import.meta.url))

export interface LogLine {
  readonly message: unknown
  readonly logLevel?: string
  readonly cause?: string
  readonly annotations?: Record<string, unknown>
}

export interface Reply {
  readonly status: number
  readonly headers: Headers
  readonly text: string
  /** The parsed JSON body (undefined when the body is not JSON); read it with the helpers of `body.ts`. */
  readonly body: unknown
}

export interface RunningServer {
  readonly url: string
  readonly database: TestDatabase | undefined
  /** The server's own process; `undefined` for a server run inside the test's process (the default). */
  readonly process: ChildProcess | undefined
  /** Every JSON line the server printed so far. */
  readonly logs: Array<LogLine>
  /** Everything it printed on stderr. */
  readonly stderr: () => string
  readonly request: (method: string, path: string, init?: { body?: unknown; headers?: Record<string, string> }) => Promise<Reply>
  /**
   * Sends a signal and waits for the process to exit; answers its exit code. A server in the test's
   * process stops as SIGTERM stops one (SIGKILL needs its own process: `{ process: true }`).
   */
  readonly stop: (signal?: NodeJS.Signals) => Promise<number | null>
}

export interface StartOptions {
  /** Extra environment for the server. */
  readonly env?: Record<string, string | undefined>
  /** The database to use; a fresh one is made (and disposed with the server) when omitted. `null`: none, so the embedded default runs. */
  readonly database?: TestDatabase | null
  readonly testHooks?: boolean
  /**
   * Runs the server as its own process (`packages/server/dist/main.js`), for what only a process
   * shows: its exit code, signals, a crash (SIGKILL), what it prints at start-up, the `DATA_DIR`
   * lock's pid. Otherwise it runs inside the test's process (`startInProcess`): the same settings
   * from the same environment, the same JSON lines, the same HTTP, without a second Node to boot.
   */
  readonly process?: boolean
}

const parseLine = (line: string): LogLine | undefined => {
  try {
    const value: unknown = JSON.parse(line)
    return typeof value === "object" && value !== null ? (value as LogLine) : undefined
  } catch {
    return undefined
  }
}

/**
 * Budgets no test run reaches, for suites that send hundreds of requests as a
 * few callers from one address (the proof suites): a `429` there would hide
 * the answer under test. Every request still passes the limiter.
 */
export const UNLIMITED_RATES: Readonly<Record<string, string>> = {
  RATE_LIMIT_READS_PER_MINUTE: "100000",
  RATE_LIMIT_WRITES_PER_MINUTE: "100000",
  RATE_LIMIT_SIGN_INS_PER_MINUTE: "100000",
  RATE_LIMIT_SIGN_INS_PER_ADDRESS_PER_MINUTE: "100000"
}

/** The first port the kernel hands out to outgoing connections and to `listen(0)` (Linux's default: 32768). */
const ephemeralLow = (() => {
  try {
    const low = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0])
    return Number.isInteger(low) && low > 1024 ? low : 32_768
  } catch {
    return 32_768
  }
})()

/** Whether a server could listen on `port` of 127.0.0.1 right now. */
const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer()
    probe.once("error", () => resolve(false))
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)))
  })

/**
 * A port nothing listens on right now, so that `APP_URL` can name it before the server starts: drawn
 * from the 12,000 ports below the ephemeral range. A port `listen(0)` gave back was often taken
 * before the server listened on it (it migrates its database first) by a connection to Postgres or
 * Redis, whose local ports come from that range: `EADDRINUSE`. What is left is two starts drawing the
 * same port at once, which `startServer` meets by drawing another.
 */
export const freePort = async (): Promise<number> => {
  const high = ephemeralLow - 1
  const low = Math.max(1025, high - 12_000)
  for (let tries = 0; tries < 100; tries++) {
    const port = low + Math.floor(Math.random() * (high - low + 1))
    if (await canListen(port)) return port
  }
  throw new Error(`no port free to listen on between ${low} and ${high}`)
}

/**
 * How long a server may take from its spawn to listening. Idle, about 2 s
 * (Node boots, migrations run). On this two-core machine loaded to a load
 * average of 24 to 28 (two copies of three black-box files at once beside the
 * other work), the longest of 11 starts took 57 s, so 60 s failed starts that
 * were only slow; 180 s leaves three times that. The measurements and the
 * command to repeat them are in docs/decisions/testing.md ("The black-box harness").
 */
const START_BOUND_MS = 180_000

/**
 * With `TEST_STARTUP_LOG` set to a file, every start appends one JSON line to
 * it: how long its database took to make and how long the process took to
 * listen ("shared": a database the test made). The waits are sized from these (docs/decisions/testing.md, "The black-box harness").
 */
const recordStart = (entry: Record<string, unknown>) => {
  const file = process.env["TEST_STARTUP_LOG"]
  if (file !== undefined && file !== "") appendFileSync(file, `${JSON.stringify(entry)}\n`)
}

/** A started server, in its own process or in this one, as `startServer` drives it. */
interface Host {
  readonly process: ChildProcess | undefined
  /** Calls back once with the port of the `listening on` line. */
  readonly onListening: (listener: (port: number) => void) => void
  /** Settles with the exit code once the server has stopped (a failed start, a stop). */
  readonly exited: Promise<number | null>
  readonly stop: (signal: NodeJS.Signals) => Promise<number | null>
  /** Ends a server that did not start, however far it got. */
  readonly kill: () => Promise<void>
}

/** Each JSON line kept, and the port of the line announcing that the server listens. */
const lineReader = (logs: Array<LogLine>) => {
  let listener: ((port: number) => void) | undefined
  const read = (line: string) => {
    const entry = parseLine(line)
    if (entry === undefined) return
    logs.push(entry)
    if (typeof entry.message === "string" && entry.message.startsWith("listening on ")) listener?.(Number(entry.annotations?.["port"]))
  }
  return { read, onListening: (next: (port: number) => void) => (listener = next) }
}

/** The server as its own process, `packages/server/dist/main.js` on the Node running the tests. */
const spawned = (env: Record<string, string>, logs: Array<LogLine>, onStderr: (text: string) => void): Host => {
  const child = spawn(process.execPath, [MAIN], { env, stdio: ["ignore", "pipe", "pipe"] })
  child.stderr!.setEncoding("utf8").on("data", onStderr)
  // "close", not "exit": it comes once stdout and stderr have been read to their end, so an early
  // exit's error carries everything the server said.
  const exited = once(child, "close").then(([code]) => code as number | null)
  const lines = lineReader(logs)
  createInterface({ input: child.stdout! }).on("line", lines.read)
  const running = () => child.exitCode === null && child.signalCode === null
  return {
    process: child,
    onListening: lines.onListening,
    exited,
    stop: (signal) => {
      if (running()) child.kill(signal)
      return exited
    },
    kill: async () => {
      if (running()) child.kill("SIGKILL")
    }
  }
}

/** The server inside this process (`startInProcess`): its JSON lines read as the process's stdout would be. */
const inProcess = (env: Record<string, string>, logs: Array<LogLine>, onStderr: (text: string) => void): Host => {
  const lines = lineReader(logs)
  const server = startInProcess(env, { line: lines.read, stderr: onStderr })
  return {
    process: undefined,
    onListening: lines.onListening,
    exited: server.exited,
    stop: (signal) => {
      if (signal === "SIGKILL") throw new Error("a server inside the test's process cannot be killed: start it with { process: true }")
      return server.stop()
    },
    kill: async () => {
      await server.stop()
    }
  }
}

/**
 * Starts the real server on a free port and waits until it listens: inside
 * this process, or as its own with `{ process: true }`. The environment is
 * built from scratch so a developer's own settings never leak into a test.
 */
export const startServer = async (options: StartOptions = {}): Promise<RunningServer> => {
  const begun = performance.now()
  const ownsDatabase = options.database === undefined
  const database = options.database === undefined ? await freshDatabase() : options.database ?? undefined
  const made = performance.now()
  const launch = (chosenPort: number) => {
    const env: Record<string, string> = {
      ...fakeClockEnvironment(),
      PATH: process.env["PATH"] ?? "",
      NODE_ENV: "test",
      PORT: String(chosenPort),
      APP_URL: `http://127.0.0.1:${chosenPort}`,
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      BLUELIGHT_TEST_HOOKS: options.testHooks === false ? "false" : "true",
      // Every test client comes from 127.0.0.1: one address may start as many sign-ins as everyone
      // together, unless a test sets its own budget (test/identity/rateLimits.test.ts does).
      RATE_LIMIT_SIGN_INS_PER_ADDRESS_PER_MINUTE: "120"
    }
    if (database !== undefined) {
      env["DATABASE_URL"] = database.url
      env["DATABASE_POOL_MAX"] = String(database.poolSize)
    }
    for (const [key, value] of Object.entries(options.env ?? {})) {
      if (value === undefined) delete env[key]
      else env[key] = value
    }
    const logs: Array<LogLine> = []
    let stderr = ""
    const host = options.process === true ? spawned(env, logs, (text) => (stderr += text)) : inProcess(env, logs, (text) => (stderr += text))
    const listening = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not listen within ${START_BOUND_MS / 1000} s\n${stderr}`)), START_BOUND_MS)
      host.onListening((port) => {
        clearTimeout(timer)
        resolve(port)
      })
      void host.exited.then((code) => {
        clearTimeout(timer)
        // Start-up failures are one stderr line each; anything else the server logged as a warning or
        // an error (a defect is logged, as JSON on stdout) is named too.
        const logged = logs
          .filter((entry) => entry.logLevel === "WARN" || entry.logLevel === "ERROR" || entry.logLevel === "FATAL")
          .map((entry) => `${entry.logLevel}: ${JSON.stringify(entry.message)}${entry.cause === undefined ? "" : ` ${entry.cause}`}`)
        reject(new Error(`server exited with ${code} before listening\n${stderr}${logged.join("\n")}`))
      })
    })
    return { host, logs, stderr: () => stderr, listening }
  }
  // Two starts may draw the same free port at once (freePort): the one that finds it taken draws another.
  let started: { readonly launched: ReturnType<typeof launch>; readonly port: number } | undefined
  for (let attempt = 1; started === undefined; attempt++) {
    const launched = launch(await freePort())
    try {
      started = { launched, port: await launched.listening }
    } catch (error) {
      await launched.host.kill()
      // (Not when the test chose the port itself, in `env`.)
      if (attempt < 3 && options.env?.["PORT"] === undefined && String(error).includes("EADDRINUSE")) continue
      // A server that never listens must not leave its database behind.
      if (ownsDatabase && database !== undefined) await database.dispose()
      throw error
    }
  }
  const { launched: { host, logs, stderr }, port } = started
  const url = `http://127.0.0.1:${port}`
  recordStart({
    test: expect.getState().testPath,
    database: database === undefined ? "embedded" : ownsDatabase ? database.kind : "shared",
    databaseMs: Math.round(made - begun),
    listeningMs: Math.round(performance.now() - made)
  })

  const request: RunningServer["request"] = async (method, path, init = {}) => {
    // Keep-alive connections are reused: the server keeps an idle one 65 s and says so
    // (`Keep-Alive: timeout=65`), and the client lets it go a second before that, so a loaded machine
    // no longer writes a request onto a socket the server is closing. (A fresh connection per request,
    // `Connection: close`, trips an assertion in Node 24's fetch when a large answer ends the socket.)
    const headers: Record<string, string> = { ...init.headers }
    let body: string | undefined
    if (init.body !== undefined) {
      body = typeof init.body === "string" ? init.body : JSON.stringify(init.body)
      headers["content-type"] ??= "application/json"
    }
    const response = await fetch(`${url}${path}`, { method, headers, redirect: "manual", ...(body === undefined ? {} : { body }) })
    const text = await response.text()
    return { status: response.status, headers: response.headers, text, body: parsedJson(text) }
  }

  let stopped: Promise<number | null> | undefined
  const stop = (signal: NodeJS.Signals = "SIGTERM") => {
    stopped ??= (async () => {
      const code = await host.stop(signal)
      if (ownsDatabase && database !== undefined) await database.dispose()
      return code
    })()
    return stopped
  }

  return { url, database, process: host.process, logs, stderr, request, stop }
}
