// A reader of Bluelight's CAD event stream for the benchmarks: one place that
// speaks Server-Sent Events, used by the load generator and the board process.
import { performance } from "node:perf_hooks"

/**
 * Opens `GET /api/cad/events/stream` with a credential and calls
 * `onEvent(event, arrivedAt)` for each entry (`arrivedAt` from
 * `performance.now()`). Resolves, once the stream has said it is subscribed,
 * to a function that closes it.
 */
export const openStream = async (base, token, onEvent) => {
  const abort = new AbortController()
  const response = await fetch(`${base}/api/cad/events/stream`, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal })
  if (response.status !== 200) throw new Error(`stream answered ${response.status}`)
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ""
  let connected
  const ready = new Promise((resolve) => (connected = resolve))
  void (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true }))
      if (chunk.done) return
      buffer += chunk.value
      let end
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        if (block.startsWith(": connected")) connected()
        const data = block.split("\n").find((line) => line.startsWith("data: "))
        if (data) onEvent(JSON.parse(data.slice(6)), performance.now())
      }
    }
  })()
  await ready
  return () => abort.abort()
}
