// The database both servers answer from: a fresh Postgres database, or an
// in-memory PGlite in a process of its own.
import { spawn } from "node:child_process"
import { randomBytes } from "node:crypto"
import { join } from "node:path"
import { createInterface } from "node:readline"
import pg from "pg"
import { onCleanup } from "./cleanup.js"
import { nodeOn } from "./cpu.js"
import { benchDir, stopChild } from "./servers.js"

const withClient = async (url, use) => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await use(client)
  } finally {
    await client.end()
  }
}

/** The Postgres server the benches make their databases on: TEST_DATABASE_URL, else DATABASE_URL, else the machine's own. */
export const postgresServerUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"

/** The Redis the instances share: REDIS_URL, else database 9 of the machine's (never flushed: its keys are per account and expire with their minute). */
export const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379/9"

/** A database of its own on the Postgres at `serverUrl`, dropped on exit: migrations start from nothing, nothing is left behind. */
export async function freshPostgres(serverUrl) {
  const name = `bluelight_bench_${randomBytes(6).toString("hex")}`
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`))
  onCleanup(() => withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)))
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    kind: "postgres",
    url: url.toString(),
    poolMax: 10,
    note: `Postgres at ${url.host}, fresh database ${name} (dropped at the end); pools of 10 for every server`
  }
}

/** PGlite answers one query at a time: every server gets a pool of one connection to the same instance. */
async function pglite(plan) {
  const { command, args } = nodeOn(plan, plan.loadCores, [join(benchDir, "pgliteServer.js")])
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "inherit"] })
  onCleanup(() => stopChild(child))
  const address = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once("line", (line) => resolve(line.replace(/^listening /, "")))
    child.once("exit", (code) => reject(new Error(`PGlite exited (${code}) before listening`)))
  })
  return {
    kind: "pglite",
    url: `postgres://postgres@${address}/postgres`,
    poolMax: 1,
    note: `embedded PGlite (in memory, its own process) at ${address}; every server, floors included, has a pool of ONE ` +
      "connection to it and PGlite runs one query at a time, so database-bound figures are PGlite's; set TEST_DATABASE_URL for Postgres"
  }
}

/** Real Postgres when `TEST_DATABASE_URL` is set, else PGlite. */
export const benchDatabase = (plan) => {
  const serverUrl = process.env.TEST_DATABASE_URL
  return serverUrl ? freshPostgres(serverUrl) : pglite(plan)
}
