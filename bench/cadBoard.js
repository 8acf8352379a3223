// A board of open CAD event streams, in a process of its own so that reading
// them does not take the load generator's event loop: `node cadBoard.js <base>
// <token> <count>` prints `ready` once every stream is subscribed, then, on
// SIGTERM, the number of entries received and exits.
import { openStream } from "./sse.js"

const [base, token, count] = process.argv.slice(2)
let delivered = 0
const open = () => openStream(base, token, () => delivered++)
for (let i = 0; i < Number(count); i++) await open()
process.stdout.write("ready\n")
process.once("SIGTERM", () => {
  process.stdout.write(`${delivered}\n`)
  process.exit(0)
})
