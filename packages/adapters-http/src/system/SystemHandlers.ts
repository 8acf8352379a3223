import { DatabaseHealth, SharedStoreHealth } from "@bluelight/core/system"
import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { BluelightApi } from "../Api.js"
import type { HealthReport } from "./SystemApi.js"

export const SystemHandlers = HttpApiBuilder.group(BluelightApi, "system", (handlers) => Effect.gen(function*() {
  const database = yield* DatabaseHealth
  const store = yield* SharedStoreHealth
  return handlers.handle("health", () =>
    Effect.all([database.check, store.check], { concurrency: 2 }).pipe(
      Effect.flatMap(([up, redis]): Effect.Effect<HealthReport, HealthReport> =>
        up
          ? Effect.succeed({ status: "ok", database: "up", redis })
          : Effect.fail({ status: "unavailable", database: "down", redis })
      )
    ))
}))
