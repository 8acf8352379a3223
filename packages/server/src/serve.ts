import { Effect } from "effect"
import { loadSettings } from "./config.js"
import { layerLogging } from "./logging.js"
import { reportStartupProblems } from "./startupFailure.js"
import { layerServer } from "./app.js"
import { runMain, serveUntilStopped } from "./stopping.js"

/**
 * Starts the API (run by `main.ts`, once the runtime is set). A configuration problem or a failed start (the database
 * does not answer, `DATA_DIR` is in use) prints one line each and exits 1.
 * SIGTERM and SIGINT stop accepting connections, let in-flight requests finish
 * for up to `SHUTDOWN_GRACE_SECONDS`, close what is still open, close the pools
 * and exit 0; the log says when shutdown began and when it finished.
 */
const main = Effect.gen(function*() {
  const settings = yield* loadSettings
  return yield* serveUntilStopped(layerServer(settings), { graceSeconds: settings.shutdownGraceSeconds }).pipe(
    Effect.provide(layerLogging(settings.logLevel))
  )
}).pipe(reportStartupProblems)

runMain(main)
