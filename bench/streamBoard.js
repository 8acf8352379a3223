// The CAD event stream's clients of the load run and the probe that times
// delivery: one unit's status changed through one instance, one change at a
// time, and each change's arrival on every client.
import { performance } from "node:perf_hooks"
import { bearerHeaders, send } from "./loadClient.js"
import { openStream } from "./sse.js"

/** How long a step waits after its last change for the stream's last deliveries. */
export const DELIVERY_GRACE_MS = 2000

/**
 * The CAD event stream's clients, each on an instance. The probe changes one
 * unit's status through the writer at a fixed pace, one change at a time;
 * each client sees the probe's events in order, so its k-th is the k-th
 * change, and its delivery latency is its arrival minus that change's answer.
 */
export function streamBoard(probe, serviceToken, streamTokens) {
  const clients = []
  const answeredAt = []
  let events = 0
  const open = async (server) => {
    // Opened while the probe is still: its first probe event is the next change's.
    const client = { server, arrivals: [], offset: answeredAt.length }
    const token = streamTokens.find((t) => !clients.some((c) => c.token === t))
    client.token = token
    client.close = await openStream(server.base, token, (event, at) => {
      events++
      if (event.unitId === probe.id) client.arrivals.push(at)
    })
    clients.push(client)
  }
  const closeOn = (server, count) => {
    for (const client of clients.filter((c) => c.server === server).slice(0, count)) {
      client.close()
      clients.splice(clients.indexOf(client), 1)
    }
  }
  /** Changes the probe's status on `writer` every 1/rate s until `stop()`; resolves with the index range of the changes. */
  const runProbe = (writer, perSecond, counted) => {
    const from = answeredAt.length
    let running = true
    const done = (async () => {
      while (running) {
        const started = performance.now()
        const status = probe.status === "AVAILABLE" ? "BUSY" : "AVAILABLE"
        const answer = await send(writer.base, {
          method: "POST",
          path: `/api/cad/units/${probe.id}/status`,
          headers: bearerHeaders(serviceToken),
          body: { status, version: probe.version }
        })
        if (answer.status !== 200) throw new Error(`the probe's status change answered ${answer.status}: ${JSON.stringify(answer.body)}`)
        answeredAt.push(performance.now())
        counted(writer)
        Object.assign(probe, { version: answer.body.data.version, status: answer.body.data.status })
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 / perSecond - (performance.now() - started))))
      }
      return { from, to: answeredAt.length }
    })()
    return () => ((running = false), done)
  }
  /** The delivery latencies of changes `from`..`to` to the clients on `readers`, once they have all arrived (or the grace is over). */
  const deliveries = async ({ from, to }, readers) => {
    const reading = clients.filter((c) => readers.includes(c.server))
    for (const deadline = performance.now() + DELIVERY_GRACE_MS; performance.now() < deadline;) {
      if (reading.every((c) => c.offset + c.arrivals.length >= to)) break
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const latencies = reading.flatMap((c) => answeredAt.slice(from, to).map((answered, k) => c.arrivals[from + k - c.offset] - answered)).filter(
      Number.isFinite
    )
    const missing = reading.length * (to - from) - latencies.length
    return { latencies: latencies.sort((a, b) => a - b), missing, clients: reading.length }
  }
  const takeEvents = () => {
    const n = events
    events = 0
    return n
  }
  return { open, closeOn, runProbe, deliveries, takeEvents, clients }
}
