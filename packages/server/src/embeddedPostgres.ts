import { PGlite } from "@electric-sql/pglite"
import { PGLiteSocketServer } from "@electric-sql/pglite-socket"
import { Effect, Redacted } from "effect"
import { mkdirSync } from "node:fs"
import { resolve } from "node:path"

/**
 * The embedded default database: PGlite (real Postgres compiled to WASM) kept
 * in `dataDir`, served on a loopback port so that the same Postgres client as
 * production talks to it. PGlite is single-connection, so the client's pool
 * must be one. Closed, in order, when the scope closes.
 */
export const embeddedPostgres = (dataDir: string) =>
  Effect.gen(function*() {
    const directory = resolve(dataDir)
    const db = yield* Effect.acquireRelease(
      Effect.tryPromise(() => {
        mkdirSync(directory, { recursive: true })
        return PGlite.create({ dataDir: directory })
      }),
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
