#!/usr/bin/env node
import { NodeRuntime } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import { loadSettings } from "./config.js"
import { layerLogging } from "./logging.js"
import { reportStartupProblems } from "./startupFailure.js"
import { layerServer } from "./app.js"

/**
 * Starts the API. A configuration problem or a failed start (the database
 * does not answer, `DATA_DIR` is in use) prints one line each and exits 1.
 * SIGTERM and SIGINT stop accepting connections, let in-flight requests finish
 * for up to `SHUTDOWN_GRACE_SECONDS`, close what is still open, close the pools
 * and exit 0.
 */
const main = Effect.gen(function*() {
  const settings = yield* loadSettings
  return yield* Layer.launch(layerServer(settings)).pipe(Effect.provide(layerLogging(settings.logLevel)))
}).pipe(reportStartupProblems)

NodeRuntime.runMain(main, { disablePrettyLogger: true })
