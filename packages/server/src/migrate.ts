#!/usr/bin/env node
import { NodeRuntime } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import { loadSettings } from "./config.js"
import { layerDatabase } from "./database.js"
import { layerLogging } from "./logging.js"
import { reportStartupProblems } from "./startupFailure.js"

/** `npm run migrate`: applies pending migrations to the configured database and exits. */
const main = Effect.gen(function*() {
  const settings = yield* loadSettings
  // The closing line inside the logging layer too: outside it, it was never written.
  yield* Layer.build(layerDatabase(settings)).pipe(
    Effect.scoped,
    Effect.andThen(Effect.logInfo("migrations are up to date")),
    Effect.provide(layerLogging(settings.logLevel))
  )
}).pipe(reportStartupProblems)

NodeRuntime.runMain(main)
