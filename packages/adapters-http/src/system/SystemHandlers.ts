import { DatabaseHealth } from "@bluelight/core"
import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { BluelightApi } from "../Api.js"
import type { HealthReport } from "./SystemApi.js"

export const SystemHandlers = HttpApiBuilder.group(BluelightApi, "system", (handlers) =>
  handlers.handle("health", () =>
    Effect.flatMap(DatabaseHealth, (database) => database.check).pipe(
      Effect.flatMap((up): Effect.Effect<HealthReport, HealthReport> =>
        up
          ? Effect.succeed({ status: "ok", database: "up" })
          : Effect.fail({ status: "unavailable", database: "down" })
      )
    )))
