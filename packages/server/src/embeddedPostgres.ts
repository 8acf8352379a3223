import { PGlite } from "@electric-sql/pglite"
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm"
import { PGLiteSocketServer } from "@electric-sql/pglite-socket"
import { Duration, Effect, Redacted } from "effect"
import { mkdirSync } from "node:fs"
import { join, resolve } from "node:path"
import { acquireLock, LOCK_FILE, releaseLock } from "./dataDirLock.js"
import { StartupFailure } from "./startupFailure.js"

/**
 * How long the embedded database may take to open (a new directory runs initdb
 * in WASM: seconds on a slow machine), and to give its one connection (to the
 * client connecting, or to a request waiting while another holds it). Generous:
 * it is there so that nothing waits forever, not to catch a silent server.
 */
export const EMBEDDED_BOUND = Duration.seconds(60)

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * `DATA_DIR` for this process alone: two processes on one PGlite directory
 * both start and each overwrites the other's writes. The lock is released
 * when the scope closes, after the database.
 */
const lockDataDir = (directory: string) => {
  const path = join(directory, LOCK_FILE)
  return Effect.acquireRelease(
    Effect.try({
      try: () => {
        mkdirSync(directory, { recursive: true })
        return acquireLock(path)
      },
      catch: (error) => new StartupFailure({ message: `cannot lock DATA_DIR ${directory}: ${reason(error)}` })
    }).pipe(
      Effect.filterOrFail(
        (outcome) => outcome._tag === "Acquired",
        (outcome) =>
          new StartupFailure({
            message: `DATA_DIR ${directory} is in use by another process` +
              (outcome._tag === "Held" && outcome.pid !== undefined ? ` (pid ${outcome.pid})` : "") +
              `: stop it first, or remove ${path} if that process is not Bluelight`
          })
      )
    ),
    () => Effect.sync(() => releaseLock(path)).pipe(Effect.ignore)
  )
}

/**
 * The embedded default database: PGlite (real Postgres compiled to WASM) kept
 * in `dataDir`, served on a loopback port so that the same Postgres client as
 * production talks to it. PGlite is single-connection, so the client's pool
 * must be one. Closed, in order, when the scope closes.
 */
export const embeddedPostgres = (dataDir: string) =>
  Effect.gen(function*() {
    const directory = resolve(dataDir)
    yield* lockDataDir(directory)
    const db = yield* Effect.acquireRelease(
      // Interruptible, or the acquire would make the bound powerless. pg_trgm backs the PNC searches.
      Effect.tryPromise(() => PGlite.create({ dataDir: directory, extensions: { pg_trgm } })).pipe(
        Effect.interruptible,
        Effect.timeoutOrElse({
          duration: EMBEDDED_BOUND,
          orElse: () =>
            Effect.fail(new StartupFailure({ message: `the embedded database in ${directory} did not open within ${Duration.format(EMBEDDED_BOUND)}` }))
        }),
        Effect.mapError((error) =>
          error instanceof StartupFailure
            ? error
            : new StartupFailure({ message: `cannot open the embedded database in ${directory}: ${reason(error.cause)}` })
        )
      ),
      (db) => Effect.promise(() => db.close()).pipe(Effect.ignore)
    )
    const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0 })
    yield* Effect.acquireRelease(
      Effect.tryPromise(() => server.start()),
      () => Effect.promise(() => server.stop()).pipe(Effect.ignore)
    )
    const url = `postgres://postgres@${server.getServerConn()}/postgres`
    return { url: Redacted.make(url), directory }
  })
