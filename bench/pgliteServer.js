// An in-memory PGlite on a loopback port, in a process of its own so that its
// work is not the load generator's. Prints `listening <host:port>`, then
// serves until SIGTERM or SIGINT.
import { PGlite } from "@electric-sql/pglite"
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm"
import { PGLiteSocketServer } from "@electric-sql/pglite-socket"

// pg_trgm as the embedded default loads it: the PNC searches' trigram indexes.
const db = await PGlite.create({ extensions: { pg_trgm } })
// One connection per server process, plus one spare for the bench's own set-up.
const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0, maxConnections: 3 })
await server.start()
console.log(`listening ${server.getServerConn()}`)

const stop = async () => {
  await server.stop()
  await db.close()
  process.exit(0)
}
process.once("SIGTERM", () => void stop())
process.once("SIGINT", () => void stop())
