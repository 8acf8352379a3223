import { createConnection, createServer, type Socket } from "node:net"

/**
 * A TCP proxy in front of a database (Postgres or the test PGlite), for the
 * fault tests: the server under test connects through it, and
 * `cutWhen(marker)` ends every connection it carries when a client sends a
 * message holding `marker` (a statement's text), before that message reaches
 * the database, the way a failover, a network drop or an administrator ending
 * a backend would. A request that sent it is inside its transaction, its
 * earlier statements run and uncommitted. `holdWhen(marker)` instead keeps
 * every connection open and carries nothing more either way: the database
 * waits, mid-transaction, for statements that never come, until the clients
 * go (a server killed at that instant). `holdAfter(marker)` lets that message
 * through and holds from its answer on: the database has done it (a `COMMIT`
 * committed), and its client never hears so.
 */
export const connectionCutter = async (databaseUrl: string) => {
  const target = new URL(databaseUrl)
  const pairs = new Set<readonly [Socket, Socket]>()
  let armed: { readonly marker: string; readonly then: "cut" | "hold" | "hold after"; readonly done: () => void } | undefined
  let holding = false
  /** The connection whose answer `holdAfter` waits for. */
  let answering: { readonly upstream: Socket; readonly done: () => void } | undefined
  const cutAll = () => {
    for (const [client, upstream] of pairs) {
      client.destroy()
      upstream.destroy()
    }
    pairs.clear()
  }
  const server = createServer((client) => {
    const upstream = createConnection(Number(target.port || 5432), target.hostname)
    const pair = [client, upstream] as const
    pairs.add(pair)
    const end = () => {
      pairs.delete(pair)
      client.destroy()
      upstream.destroy()
    }
    client.on("error", end).on("close", end)
    upstream.on("error", end).on("close", end)
    upstream.on("data", (chunk: Buffer) => {
      if (!holding) client.write(chunk)
      else if (answering?.upstream === upstream) {
        answering.done()
        answering = undefined
      }
    })
    client.on("data", (chunk: Buffer) => {
      if (holding) return
      if (armed !== undefined && chunk.toString("latin1").includes(armed.marker)) {
        const { done, then } = armed
        armed = undefined
        if (then === "cut") {
          cutAll()
          done()
        } else if (then === "hold") {
          holding = true
          done()
        } else {
          upstream.write(chunk)
          holding = true
          answering = { upstream, done }
        }
        return
      }
      upstream.write(chunk)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  if (typeof address !== "object" || address === null) throw new Error("no port")
  const url = new URL(databaseUrl)
  url.hostname = "127.0.0.1"
  url.port = String(address.port)
  return {
    /** The database's URL through the proxy. */
    url: url.toString(),
    /** Resolves once a client has sent `text` and every connection was cut. */
    cutWhen: (text: string) => new Promise<void>((resolve) => (armed = { marker: text, then: "cut", done: resolve })),
    /** Resolves once a client has sent `text`; from then on nothing passes either way, that message included. */
    holdWhen: (text: string) => new Promise<void>((resolve) => (armed = { marker: text, then: "hold", done: resolve })),
    /** Resolves once a client has sent `text` and the database has answered it; the answer and everything after it do not pass. */
    holdAfter: (text: string) => new Promise<void>((resolve) => (armed = { marker: text, then: "hold after", done: resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        cutAll()
        server.close(() => resolve())
      })
  }
}
