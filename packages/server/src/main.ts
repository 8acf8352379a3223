#!/usr/bin/env node
import { NodeRuntime } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import { InvalidSettings, loadSettings } from "./config.js"
import { layerLogging } from "./logging.js"
import { layerServer } from "./app.js"

/**
 * Starts the API. A configuration problem prints one line per setting and
 * exits 1; SIGTERM and SIGINT stop accepting connections, let in-flight
 * requests finish and close the database pool.
 */
const main = Effect.gen(function*() {
  const settings = yield* loadSettings
  return yield* Layer.launch(layerServer(settings)).pipe(Effect.provide(layerLogging(settings.logLevel)))
}).pipe(
  Effect.catchIf((error): error is InvalidSettings => error instanceof InvalidSettings, (error) =>
    Effect.sync(() => {
      for (const problem of error.problems) process.stderr.write(`bluelight: ${problem}\n`)
      process.exitCode = 1
    }))
)

NodeRuntime.runMain(main, { disablePrettyLogger: true })
