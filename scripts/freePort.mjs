// A loopback port nothing listens on right now, for the scripts that start servers of their own.
import { createServer } from "node:net"

export const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
