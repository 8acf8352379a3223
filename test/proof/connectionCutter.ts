import { createConnection, createServer, type Socket } from "node:net"

/**
 * One client connection's messages to the database, read as they pass: the
 * statements it prepared (by name) and whether a chunk sends a statement
 * holding a text. The first message of a connection (the startup message, or
 * an SSL request and then it) has no type byte; every later one has.
 */
const clientMessages = () => {
  const prepared = new Map<string, string>()
  let pending: Buffer = Buffer.alloc(0)
  let untyped = true
  /** The statement texts the messages completed by `chunk` send. */
  const sent = (chunk: Buffer): Array<string> => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk])
    const texts: Array<string> = []
    while (true) {
      if (untyped) {
        if (pending.length < 8) break
        const length = pending.readInt32BE(0)
        if (pending.length < length) break
        // An SSL (or GSS) request is answered by one byte and followed by the real startup message.
        untyped = pending.readInt32BE(4) === 80877103 || pending.readInt32BE(4) === 80877104
        pending = pending.subarray(length)
        continue
      }
      if (pending.length < 5) break
      const length = pending.readInt32BE(1)
      if (pending.length < 1 + length) break
      const type = String.fromCharCode(pending[0]!)
      const body = pending.subarray(5, 1 + length)
      pending = pending.subarray(1 + length)
      const cString = (from: number) => {
        const end = body.indexOf(0, from)
        return { text: body.toString("utf8", from, end), next: end + 1 }
      }
      if (type === "Q") texts.push(cString(0).text)
      else if (type === "P") {
        const name = cString(0)
        const text = cString(name.next).text
        if (name.text !== "") prepared.set(name.text, text)
        texts.push(text)
      } else if (type === "B") {
        const statement = cString(cString(0).next).text
        texts.push(prepared.get(statement) ?? "")
      }
    }
    return texts
  }
  return { sent }
}

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
 *
 * The driver speaks the extended protocol and prepares each statement once per
 * connection: its text goes over the wire in a `Parse` the first time only, and
 * later runs send just a `Bind` naming the prepared statement. So the proxy
 * reads the client's messages, remembers every statement a connection prepares,
 * and counts a message as sending a statement when it is a simple `Query` or a
 * `Parse` with that text, or a `Bind` of a statement prepared with it.
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
    const messages = clientMessages()
    client.on("data", (chunk: Buffer) => {
      if (holding) return
      const texts = messages.sent(chunk)
      const marker = armed?.marker
      if (armed !== undefined && texts.some((text) => marker !== undefined && text.includes(marker))) {
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
