import { LivePicture } from "@bluelight/core/game"
import { DatabaseHealth, SharedStoreHealth } from "@bluelight/core/system"
import { Clock, DateTime, Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { BluelightApi } from "@bluelight/api/Api.js"
import type { HealthReport } from "@bluelight/api/system/SystemApi.js"

export const SystemHandlers = HttpApiBuilder.group(BluelightApi, "system", (handlers) =>
  Effect.gen(function*() {
    const database = yield* DatabaseHealth
    const store = yield* SharedStoreHealth
    const picture = yield* LivePicture
    const game = Effect.gen(function*() {
      const health = yield* picture.health
      const now = yield* Clock.currentTimeMillis
      return {
        answering: health.answering,
        observedAt: health.observedAt === null ? null : DateTime.fromDateUnsafe(health.observedAt),
        ageSeconds: health.observedAt === null ? null : Math.max(0, Math.round((now - health.observedAt.getTime()) / 100) / 10),
        problem: health.problem
      }
    })
    // One after the other: the store's state is read without a round trip, so running both at once
    // would only fork fibers on every request.
    return handlers.handle("health", () =>
      Effect.flatMap(database.check, (up) =>
        Effect.flatMap(store.check, (redis) =>
          Effect.flatMap(game, (game): Effect.Effect<HealthReport, HealthReport> =>
            up
              ? Effect.succeed({ status: "ok", database: "up", redis, game })
              : Effect.fail({ status: "unavailable", database: "down", redis, game })))))
  }))
