/**
 * The examples of `examples/`, run in a tool's folder outside the workspace where the packed tarballs are installed
 * (`packCheck.mjs` makes it): the harness (`examples/harness/rule.mjs`, a community's own rule on the in-memory
 * ports), the bot (`examples/bot/relay.mjs`, `@bluelight/client` with a service credential) against a real server,
 * and the internal tool (`examples/tool/close-stale-calls.mjs`, `@bluelight/adapters-pg` on the server's own
 * database) closing the call the bot relayed, and the webhook receiver (`examples/webhooks/receiver.mjs`) verifying a
 * signed message the server sends it. The server is this repository's build, started on a free port, the
 * development identity provider signing in an administrator who issues the credential over HTTP, as a community's
 * administrator would. Its database is a fresh one on the Postgres at `TEST_DATABASE_URL` (the server migrates it;
 * it is dropped afterwards); without one, the embedded database in a temp folder, which serves the server alone,
 * so the tool cannot run (CI always gives one, and fails without). Any failure throws with the reason; the server
 * is stopped and the database dropped either way.
 *
 * `runExamples({ root, tool })`, or by hand: `node scripts/packages/examples.mjs <tool folder>` after a build.
 */
import { execFileSync, spawn } from "node:child_process"
import { randomBytes } from "node:crypto"
import { once } from "node:events"
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"
import pg from "pg"

/** How long the server may take to listen: its migrations on a loaded two-core CI machine (the harness allows the same). */
const START_BOUND_MS = 180_000
const ADMIN = "examples-admin"

/** A port nothing listens on now, so that `APP_URL` can name it before the server starts. */
const freePort = () =>
  new Promise((resolvePort, reject) => {
    const probe = createServer()
    probe.once("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address()
      probe.close(() => resolvePort(port))
    })
  })

/** Runs `sql` on the Postgres server at `serverUrl`'s maintenance connection. */
const onServer = async (serverUrl, sql) => {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/** A new, empty database on the Postgres server at `serverUrl`: its URL, and how to drop it. */
const freshDatabase = async (serverUrl) => {
  const name = `bluelight_examples_${randomBytes(6).toString("hex")}`
  await onServer(serverUrl, `CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}

/**
 * The server built in `root`, started in development (its own identity provider) with `ADMIN` as administrator, on
 * the database at `databaseUrl` when given, else on its embedded one.
 */
const startServer = async (root, databaseUrl) => {
  const main = join(root, "packages/server/dist/main.js")
  if (!existsSync(main)) throw new Error(`${main} is missing: build the workspace first (npm run build)`)
  const dataDir = mkdtempSync(join(tmpdir(), "bluelight-examples-data-"))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const env = {
    PATH: process.env.PATH ?? "",
    NODE_ENV: "development",
    HOST: "127.0.0.1",
    PORT: String(port),
    APP_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: "info",
    BLUELIGHT_ADMIN_IDENTITY_IDS: ADMIN,
    ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl })
  }
  const child = spawn(process.execPath, [main], { cwd: dataDir, env, stdio: ["ignore", "pipe", "pipe"] })
  let output = ""
  child.stderr.setEncoding("utf8").on("data", (chunk) => (output += chunk))
  const exited = once(child, "close")
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM")
      await exited
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await new Promise((listening, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not listen within ${START_BOUND_MS / 1000} s\n${output}`)), START_BOUND_MS)
      createInterface({ input: child.stdout }).on("line", (line) => {
        output += `${line}\n`
        if (line.includes("\"listening on ")) {
          clearTimeout(timer)
          listening()
        }
      })
      void exited.then(([code]) => {
        clearTimeout(timer)
        reject(new Error(`the server exited with ${code} before listening\n${output}`))
      })
    })
  } catch (error) {
    await stop()
    throw error
  }
  return { url, stop }
}

/** The cookie `name` a reply sets, if it sets it. */
const cookieSet = (reply, name) => reply.headers.getSetCookie().map((line) => line.split(";")[0]).find((pair) => pair.startsWith(`${name}=`))

/** Fetches without following redirects, failing unless the reply is `expected`. */
const step = async (url, expected, init = {}) => {
  const reply = await fetch(url, { ...init, redirect: "manual" })
  if (reply.status !== expected) throw new Error(`${init.method ?? "GET"} ${url}: ${reply.status}, not ${expected}: ${await reply.text()}`)
  return reply
}

/** The administrator signs in through the development identity provider (what its page's buttons do): the session cookie. */
const signInAdmin = async (url) => {
  const started = await step(`${url}/api/auth/idp`, 302)
  const state = cookieSet(started, "bluelight-oauth-state")
  const authorize = new URL(started.headers.get("location"))
  const approve = new URL(authorize.pathname.replace(/\/authorize$/, "/approve"), url)
  approve.search = authorize.search
  approve.searchParams.set("id", ADMIN)
  approve.searchParams.set("username", "examples.admin")
  const approved = await step(approve, 302)
  const signedIn = await step(new URL(approved.headers.get("location"), url), 302, { headers: { cookie: state } })
  const session = cookieSet(signedIn, "bluelight-session")
  if (session === undefined) throw new Error("signing in set no session cookie")
  return session
}

/** The administrator issues a service credential called `name` holding `scopes`; answers its token. */
const issueCredential = async (url, session, name, scopes) => {
  const issued = await step(`${url}/api/admin/services`, 201, {
    method: "POST",
    headers: { cookie: session, origin: url, "content-type": "application/json" },
    body: JSON.stringify({ name, scopes })
  })
  return (await issued.json()).data.token
}

/**
 * The webhook receiver of `tool` on a free port, subscribed by the administrator; the server sends it a test
 * message, which it must verify (it exits 0 after one verified message; a message it refuses is answered 401, so
 * the server retries, and the receiver never exits: the bound fails).
 */
const runReceiver = async (url, session, tool) => {
  const port = await freePort()
  const made = await step(`${url}/api/admin/webhooks`, 201, {
    method: "POST",
    headers: { cookie: session, origin: url, "content-type": "application/json" },
    body: JSON.stringify({ url: `http://127.0.0.1:${port}/bluelight`, events: ["cad.incident.created"], description: "Examples receiver" })
  })
  const { id, secret } = (await made.json()).data
  console.log("running webhooks/receiver.mjs")
  const child = spawn(process.execPath, ["webhooks/receiver.mjs"], {
    cwd: tool,
    env: { ...process.env, PORT: String(port), WEBHOOK_SECRET: secret, EXIT_AFTER: "1" },
    stdio: ["ignore", "pipe", "inherit"]
  })
  const exited = once(child, "close")
  let output = ""
  try {
    await new Promise((listening, reject) => {
      createInterface({ input: child.stdout }).on("line", (line) => {
        console.log(line)
        output += `${line}\n`
        if (line.startsWith("listening on ")) listening()
      })
      void exited.then(([code]) => reject(new Error(`the receiver exited with ${code} before listening`)))
    })
    await step(`${url}/api/admin/webhooks/${id}/test`, 202, { method: "POST", headers: { cookie: session, origin: url } })
    const timer = setTimeout(() => child.kill("SIGTERM"), 30_000)
    const [code] = await exited
    clearTimeout(timer)
    if (code !== 0 || !output.includes("received webhook.test ")) throw new Error(`the receiver did not verify the test message (exit ${code})\n${output}`)
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM")
  }
}

/** Runs `file` of `tool` with node, its output shown; throws when it fails. */
const runIn = (tool, file, env = {}) => {
  console.log(`running ${file}`)
  execFileSync(process.execPath, [file], { cwd: tool, env: { ...process.env, ...env }, stdio: "inherit" })
}

/**
 * Copies the examples into `tool` and runs them there: the harness alone, the bot against a real server, and the
 * internal tool on that server's database (`postgresUrl`, the Postgres server to make it on) closing the bot's call.
 */
export const runExamples = async ({ root, tool, postgresUrl = process.env.TEST_DATABASE_URL || undefined }) => {
  for (const example of ["harness", "bot", "tool", "webhooks"]) cpSync(join(root, "examples", example), join(tool, example), { recursive: true })
  runIn(tool, "harness/rule.mjs")
  if (postgresUrl === undefined && process.env.CI === "true") throw new Error("CI runs the internal tool: set TEST_DATABASE_URL")
  const database = postgresUrl === undefined ? undefined : await freshDatabase(postgresUrl)
  try {
    const server = await startServer(root, database?.url)
    try {
      const session = await signInAdmin(server.url)
      const bot = await issueCredential(server.url, session, "Examples relay bot", ["cad.view", "cad.calls.manage"])
      runIn(tool, "bot/relay.mjs", { BLUELIGHT_URL: server.url, BLUELIGHT_TOKEN: bot })
      await runReceiver(server.url, session, tool)
      if (database === undefined) console.log("examples/tool not run: it needs the server on a Postgres server (set TEST_DATABASE_URL)")
      else {
        const nightShift = await issueCredential(server.url, session, "Examples night-shift tool", ["cad.view", "cad.calls.manage"])
        runIn(tool, "tool/close-stale-calls.mjs", { DATABASE_URL: database.url, BLUELIGHT_TOKEN: nightShift, STALE_MINUTES: "0", EXPECT_CLOSED: "1" })
      }
    } finally {
      await server.stop()
    }
  } finally {
    await database?.drop()
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const tool = process.argv[2]
  if (tool === undefined) throw new Error("usage: node scripts/packages/examples.mjs <folder where the packages are installed>")
  await runExamples({ root: resolve(dirname(fileURLToPath(import.meta.url)), "../.."), tool: resolve(tool) })
}
