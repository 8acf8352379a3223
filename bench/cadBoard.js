// A board of open CAD event streams, in a process of its own so that reading
// them does not take the load generator's event loop: `node cadBoard.js <base>
// <token> <count>` prints `ready` once every stream is subscribed, then, on
// SIGTERM, the number of entries received and exits.
const [base, token, count] = process.argv.slice(2)
let delivered = 0
const open = async () => {
  const response = await fetch(`${base}/api/cad/events/stream`, { headers: { authorization: `Bearer ${token}` } })
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
        else if (block.includes("\ndata: ")) delivered++
      }
    }
  })()
  return ready
}
for (let i = 0; i < Number(count); i++) await open()
process.stdout.write("ready\n")
process.once("SIGTERM", () => {
  process.stdout.write(`${delivered}\n`)
  process.exit(0)
})
