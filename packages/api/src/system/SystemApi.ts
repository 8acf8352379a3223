import { Timestamp } from "@bluelight/core/kernel"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { operation } from "../access.js"

/** How the service and its dependencies are doing. */
export const HealthReport = Schema.Struct({
  status: Schema.Literals(["ok", "unavailable"]),
  database: Schema.Literals(["up", "down"]),
  /** The shared counters; `off` when none is configured (single instance, in memory). */
  redis: Schema.Literals(["up", "down", "off"]),
  /** The game server's live picture: whether it answered its last read, and how old the snapshot is. */
  game: Schema.Struct({
    answering: Schema.Boolean,
    observedAt: Schema.NullOr(Timestamp).annotate({ description: "When the snapshot in use was read; null before the first successful read" }),
    ageSeconds: Schema.NullOr(Schema.Number).annotate({ description: "How old that snapshot is now, in seconds" }),
    problem: Schema.NullOr(Schema.String).annotate({ description: "Why the last read failed (a refused key backs off for minutes); null while it answers" })
  })
}).annotate({ identifier: "HealthReport" })
export type HealthReport = typeof HealthReport.Type

export const health = HttpApiEndpoint.get("health", "/health", {
  success: HealthReport,
  // The same report, shown in place: the component is the success's, which the error only happens to share.
  error: Schema.Struct(HealthReport.fields).pipe(HttpApiSchema.status(503))
}).pipe(
  operation({ access: "public", permissions: [] })(
    "Service health",
    "Liveness and the state of the database and Redis, for load balancers and probes. `503` with the same report while the " +
      "database does not answer; Redis down only moves rate limits to per-process counters. `game` says whether the game " +
      "server answers and how fresh the live picture is; a game server that does not answer does not make the service unavailable."
  )
)

export class SystemApi extends HttpApiGroup.make("system")
  .add(health)
  .annotate(OpenApi.Title, "System")
  .annotate(OpenApi.Description, "The service itself.")
{}
