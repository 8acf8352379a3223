import { Effect } from "effect"
import type { Server } from "node:http"

/**
 * Runs when the server's scope closes: keeps closing keep-alive connections
 * as soon as they fall idle, so that shutdown waits for requests in flight and
 * not for clients' idle sockets to time out. Closing the listener itself is
 * left to the platform, whose finalizer waits for the connections to end.
 */
export const drainOnShutdown = (server: Server) =>
  Effect.addFinalizer(() =>
    Effect.sync(() => {
      if (!server.listening) return
      const timer = setInterval(() => server.closeIdleConnections(), 50)
      server.once("close", () => clearInterval(timer))
    })
  )
