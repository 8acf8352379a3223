import { layerPgClient, oneCycleAtATime } from "@bluelight/adapters-pg/internal"
import type { PGlite } from "@electric-sql/pglite"
import { PGLiteSocketServer } from "@electric-sql/pglite-socket"
import { Effect, Redacted } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freshPgliteInstance } from "../../../test/harness/database.js"

/**
 * One PGlite served through the socket, as the embedded database is and as the
 * black-box tests share one between two servers: several clients, each a pool
 * of one, on the one backend session. Always PGlite, whatever TEST_DATABASE_URL says.
 */
let db: PGlite
let server: PGLiteSocketServer
let url: Redacted.Redacted

beforeAll(async () => {
  db = oneCycleAtATime(await freshPgliteInstance())
  await db.exec("CREATE TABLE owners (id integer PRIMARY KEY, name text NOT NULL); INSERT INTO owners VALUES (1, 'one'), (2, 'two'), (3, 'three')")
  server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0, maxConnections: 10 })
  await server.start()
  url = Redacted.make(`postgres://postgres@${server.getServerConn()}/postgres`)
})
afterAll(async () => {
  await server?.stop()
  await db?.close()
})

const ROUNDS = 150

/** A client of its own (a pool of one, as the servers have), which `use` runs on. */
const onClient = <A, E>(use: (sql: SqlClient.SqlClient) => Effect.Effect<A, E>) =>
  SqlClient.SqlClient.use(use).pipe(Effect.provide(layerPgClient({ url, maxConnections: 1 })))

/** `ROUNDS` reads of owner `id` by a statement with a parameter; a read answered with anything but that owner fails. */
const reads = (id: number, name: string) =>
  onClient((sql) =>
    Effect.forEach(Array.from({ length: ROUNDS }), () =>
      sql<{ name: string }>`SELECT name FROM owners WHERE id = ${id}`.pipe(
        Effect.flatMap((rows) =>
          rows.length === 1 && rows[0]?.name === name ? Effect.void : Effect.fail(new Error(`owner ${id} read as ${JSON.stringify(rows)}`))
        )
      ), { discard: true })
  )

/** `ROUNDS` transactions: `BEGIN`, a read, `COMMIT`, each its own extended-query cycle. */
const transactions = () =>
  onClient((sql) => Effect.forEach(Array.from({ length: ROUNDS }), () => sql.withTransaction(sql`SELECT name FROM owners WHERE id = ${1}`), { discard: true }))

describe("a PGlite served to several connections", () => {
  it("runs one connection's extended-query cycle at a time: a COMMIT's Sync never lands inside another connection's cycle", async () => {
    const exit = await Effect.runPromiseExit(Effect.all([transactions(), reads(2, "two")], { concurrency: "unbounded" }))
    expect(exit._tag === "Failure" ? String(exit.cause) : "").toBe("")
  })

  it("never binds or runs another connection's statement, with three connections at once", async () => {
    const exit = await Effect.runPromiseExit(Effect.all([transactions(), reads(2, "two"), reads(3, "three")], { concurrency: "unbounded" }))
    expect(exit._tag === "Failure" ? String(exit.cause) : "").toBe("")
  })
})
