import { layerPgClient, oneCycleAtATime, runMigrations } from "@bluelight/adapters-pg/internal"
import { PGlite } from "@electric-sql/pglite"
import { Effect, Layer, Redacted } from "effect"
import { PGLiteSocketServer } from "@electric-sql/pglite-socket"
import { randomBytes } from "node:crypto"
import pg from "pg"
import { inject } from "vitest"
import { readFile } from "node:fs/promises"
import { testDatabaseUrl } from "./settings.js"

/**
 * A database of its own for the servers of a test: a fresh database on the
 * Postgres at `TEST_DATABASE_URL` (dropped afterwards), or, when that is
 * unset, an in-memory PGlite served on a loopback port by the test process.
 * Either way any number of servers may share it (two instances behind one
 * load balancer).
 */
export interface TestDatabase {
  readonly kind: "postgres" | "pglite"
  readonly url: string
  /** The pool each server opens (`DATABASE_POOL_MAX`): one on PGlite, as the embedded default. */
  readonly poolSize: number
  /** Runs SQL on a connection of its own (to install a failing trigger, to look behind the API). */
  readonly query: <R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: ReadonlyArray<unknown>) => Promise<pg.QueryResult<R>>
  /** Makes the database unreachable for the server (drops it, or stops serving it). */
  readonly makeUnreachable: () => Promise<void>
  readonly dispose: () => Promise<void>
}

declare module "vitest" {
  export interface ProvidedContext {
    /** A tar of a PGlite data directory just after initdb, made by `pgliteSnapshot.ts`; undefined on Postgres. */
    pgliteSnapshot: string | undefined
  }
}

/** The snapshot's bytes, read once per test process (per worker in the "fast" project, whose files share one). */
let snapshot: Promise<Blob> | undefined
const snapshotAt = (path: string): Promise<Blob> => (snapshot ??= readFile(path).then((bytes) => new Blob([bytes])))

/**
 * A PGlite of its own, not served on a socket (for a test of PGlite itself): from the run's snapshot
 * of a directory just after initdb when there is one (the run is on PGlite), else by initdb.
 */
export const freshPgliteInstance = async (): Promise<PGlite> => {
  const path = inject("pgliteSnapshot")
  return PGlite.create(path === undefined ? {} : { loadDataDir: await snapshotAt(path) })
}

const withClient = async <A>(url: string, f: (client: pg.Client) => Promise<A>): Promise<A> => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await f(client)
  } finally {
    await client.end()
  }
}

const queryAt = (url: string): TestDatabase["query"] => (text, values) => withClient(url, (client) => client.query(text, values as Array<unknown>))

const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** A new database on the Postgres server at `serverUrl`, dropped by `dispose`. */
export const freshPostgres = async (serverUrl: string): Promise<TestDatabase> => {
  const name = `bluelight_test_${randomBytes(6).toString("hex")}`
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`))
  const url = databaseUrl(serverUrl, name)
  let dropped = false
  const drop = async () => {
    if (dropped) return
    dropped = true
    await withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
  }
  return { kind: "postgres", url, poolSize: 5, query: queryAt(url), makeUnreachable: drop, dispose: drop }
}

/**
 * How many connections a test PGlite accepts: as many as a Postgres on its
 * defaults (`max_connections` 100). The count protects nothing: the socket
 * server runs one protocol message at a time whatever the count, and keeps
 * an open transaction's messages on its own connection. Each server opens its
 * pool and the CAD feed's `LISTEN` connection (docs/decisions/testing.md, "The black-box harness"),
 * and a test may run several servers and its own `query` besides.
 */
const PGLITE_CONNECTIONS = 100

/**
 * A PGlite from the run's snapshot of a directory just after initdb
 * (`pgliteSnapshot.ts`), or from `dataDir` (a migrated copy): a copy loads in a
 * fraction of initdb's CPU time and without holding the test process's event
 * loop for seconds, during which the servers this process serves could not
 * connect (docs/decisions/testing.md, "The black-box harness"). The servers
 * still migrate it from nothing, unless the test asked for a migrated one.
 */
const freshPglite = async (dataDir?: Blob): Promise<TestDatabase & { readonly dump: () => Promise<Blob> }> => {
  // Several servers share this PGlite through the socket: each extended-query cycle must finish
  // before another connection's starts (adapters-pg's pgliteCycles.ts says why).
  const db = oneCycleAtATime(dataDir === undefined ? await freshPgliteInstance() : await PGlite.create({ loadDataDir: dataDir }))
  const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0, maxConnections: PGLITE_CONNECTIONS })
  await server.start()
  const url = `postgres://postgres@${server.getServerConn()}/postgres`
  let serving = true
  const stop = async () => {
    if (!serving) return
    serving = false
    await server.stop()
  }
  return {
    kind: "pglite",
    url,
    poolSize: 1,
    query: queryAt(url),
    makeUnreachable: stop,
    dispose: async () => {
      await stop()
      await db.close()
    },
    dump: () => db.dumpDataDir("none")
  }
}

/** Runs every migration on the database at `url`, as a server's start does. */
const migrate = (url: string) =>
  Effect.runPromise(Effect.provide(Effect.orDie(runMigrations), layerPgClient({ url: Redacted.make(url), maxConnections: 1 }).pipe(Layer.orDie)))

/**
 * The data directory of a PGlite just after every migration, made once per test process: by the
 * first migrated database asked for, which then goes to its test. A migration costs about as much
 * CPU as loading a copy (a second or more on the loaded machine), and the repository suites ask for
 * a dozen migrated databases a run.
 */
let migratedDirectory: Promise<Blob> | undefined

const freshMigratedPglite = async (): Promise<TestDatabase> => {
  if (migratedDirectory !== undefined) return freshPglite(await migratedDirectory)
  const made = (async () => {
    const database = await freshPglite()
    try {
      await migrate(database.url)
      return { database, directory: await database.dump() }
    } catch (error) {
      await database.dispose()
      throw error
    }
  })()
  // Set before the first await: a second caller meanwhile waits for this one's directory. A failed
  // first attempt fails its test and those waiting; the next caller tries again.
  migratedDirectory = made.then(({ directory }) => directory)
  migratedDirectory.catch(() => {
    migratedDirectory = undefined
  })
  return (await made).database
}

export interface FreshDatabaseOptions {
  /**
   * Every migration already run, as a server's start leaves it (for a suite that tests what runs on
   * the schema, not the migrations): on PGlite a copy of the test process's one migrated directory,
   * on Postgres migrated here.
   */
  readonly migrated?: boolean
}

export const freshDatabase = async (options: FreshDatabaseOptions = {}): Promise<TestDatabase> => {
  if (testDatabaseUrl !== undefined) {
    const database = await freshPostgres(testDatabaseUrl)
    if (options.migrated !== true) return database
    try {
      await migrate(database.url)
      return database
    } catch (error) {
      await database.dispose()
      throw error
    }
  }
  return options.migrated === true ? freshMigratedPglite() : freshPglite()
}
