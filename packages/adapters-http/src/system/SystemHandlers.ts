import { DatabaseHealth, SharedStoreHealth } from "@bluelight/core/system"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { BluelightApi } from "@bluelight/api/Api.js"
import type { HealthReport } from "@bluelight/api/system/SystemApi.js"

export const SystemHandlers = HttpApiBuilder.group(BluelightApi, "system", (handlers) =>
  Effect.gen(function*() {
    const database = yield* DatabaseHealth
    const store = yield* SharedStoreHealth
    // One after the other: the store's state is read without a round trip, so running both at once
    // would only fork fibers on every request.
    return handlers.handle("health", () =>
      Effect.flatMap(database.check, (up) =>
        Effect.flatMap(store.check, (redis): Effect.Effect<HealthReport, HealthReport> =>
          up
            ? Effect.succeed({ status: "ok", database: "up", redis })
            : Effect.fail({ status: "unavailable", database: "down", redis }))))
  }))
