import { createConnection, createServer, type Server, type Socket } from "node:net"

/**
 * A TCP proxy in front of a service (Redis, in the fault tests) that can fail
 * the way the service can, without touching the service itself, which other
 * tests share:
 * - `stop()` closes every connection and stops listening: nothing answers on
 *   the port (a stopped or crashed service);
 * - `start()` listens again on the same port and carries new connections (the
 *   service restarted: clients reconnect);
 * - `hang()` keeps every connection open and accepts new ones, but carries
 *   nothing either way any more (a service that stopped answering with its
 *   sockets open). Only `stop()` ends that.
 */
export const tcpProxy = async (targetUrl: string) => {
  const target = new URL(targetUrl)
  const sockets = new Set<Socket>()
  let hanging = false

  const track = (socket: Socket) => {
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
  }
  const carry = (client: Socket) => {
    track(client)
    client.on("error", () => client.destroy())
    if (hanging) return
    const upstream = createConnection(Number(target.port), target.hostname)
    track(upstream)
    const end = () => {
      client.destroy()
      upstream.destroy()
    }
    client.on("close", end)
    upstream.on("error", end).on("close", end)
    upstream.on("data", (chunk: Buffer) => hanging || client.write(chunk))
    client.on("data", (chunk: Buffer) => hanging || upstream.write(chunk))
  }

  let server: Server | undefined
  let port = 0
  const start = async () => {
    hanging = false
    const listening = createServer(carry)
    await new Promise<void>((resolve, reject) => {
      listening.once("error", reject)
      listening.listen(port, "127.0.0.1", () => resolve())
    })
    const address = listening.address()
    if (typeof address !== "object" || address === null) throw new Error("no port")
    port = address.port
    server = listening
  }
  const stop = async () => {
    const closing = server
    server = undefined
    if (closing === undefined) return
    const closed = new Promise<void>((resolve) => closing.close(() => resolve()))
    for (const socket of sockets) socket.destroy()
    await closed
  }

  await start()
  const url = new URL(targetUrl)
  url.hostname = "127.0.0.1"
  url.port = String(port)
  return {
    /** The service's URL through the proxy; the same after every restart. */
    url: url.toString(),
    port,
    start,
    stop,
    hang: () => {
      hanging = true
    },
    /** How many connections are open through the proxy, both sides counted. */
    openConnections: () => sockets.size
  }
}
