/**
 * What `PGLiteSocketServer` (@electric-sql/pglite-socket) uses of the PGlite
 * it serves to decide whose message runs next: structural, so that this
 * package needs no PGlite of its own.
 */
export interface ServedPglite {
  execProtocolRawStream(message: Uint8Array, options: never): Promise<void>
  isInTransaction(): boolean
}

/**
 * The extended-query messages after which the backend waits for more of the
 * same cycle: Parse, Bind, Describe, Execute, Close, Flush. The cycle ends
 * with a Sync (`S`); a simple query (`Q`) is a cycle of its own.
 */
const OPENS_OR_CONTINUES_A_CYCLE = new Set(["P", "B", "D", "E", "C", "H"].map((type) => type.charCodeAt(0)))

/**
 * Makes a PGlite safe to serve to several connections at once through
 * `PGLiteSocketServer`.
 *
 * PGlite is one backend session. The socket server queues every protocol
 * message of every connection in one line, and keeps the line to one
 * connection only while `isInTransaction()` (a `BEGIN` block) holds. An
 * extended-query cycle (`Parse`/`Bind`/`Describe`/`Execute`/`Sync`) keeps its
 * state (the unnamed statement and portal, the implicit transaction) in that
 * session until its `Sync`, so another connection's messages run in the middle
 * of it: the Effect 4 client sends `COMMIT` as such a cycle, the block ends at
 * its `Execute`, the next connection's `Bind` runs, then the committing
 * connection's `Sync` ends the implicit transaction and drops that portal, and
 * the `Execute` behind it fails with `portal "" does not exist` (or, with a
 * third connection, binds or runs another connection's statement). Reporting
 * a cycle still open as a transaction makes the server keep the line to the
 * connection whose cycle it is until its `Sync`: one cycle at a time, which is
 * what a single session can serve. (pglite-socket 0.2.17; upstream
 * electric-sql/pglite#1046.)
 *
 * The same PGlite is returned, its two methods replaced: the server calls
 * them on the instance, and PGlite's private state rules out a wrapper object.
 */
export const oneCycleAtATime = <Db extends ServedPglite>(db: Db): Db => {
  let cycleOpen = false
  const run = db.execProtocolRawStream.bind(db)
  const inTransaction = db.isInTransaction.bind(db)
  // Messages run one after another (the server holds PGlite's lock for each), so the flag is the last one's.
  db.execProtocolRawStream = (message, options) => {
    cycleOpen = OPENS_OR_CONTINUES_A_CYCLE.has(message[0] ?? 0)
    return run(message, options)
  }
  db.isInTransaction = () => cycleOpen || inTransaction()
  return db
}
