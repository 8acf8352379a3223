// The stack's own floor: the least an Effect HttpApi server on @effect/sql-pg
// pays for Bluelight's answers. One HttpApi endpoint, NodeHttpServer, the
// project's PgSessionRecords (the same query and row check), core's pure
// authentication rules and `meOf`, and the project's `Me` schema encoding the
// answer; none of Bluelight's request path (request id, body rules, log line,
// origin check, rate limit, access declaration, error envelope middleware).
// What lies between this and the bare floor is the stack; what lies between
// this and Bluelight is Bluelight's own request path.
//
// Run by `bench/overhead.js --stack` as a process of its own (PORT, DATABASE_URL,
// DATABASE_POOL_MAX, BLUELIGHT_ADMIN_IDENTITY_IDS).
//
//   GET /api/health            one `SELECT 1` through the sql client
//   GET /api/me with a cookie  PgSessionRecords, sessionRefusal, userCaller, meOf, Me encoded
//   GET /api/me without one    the 401 envelope
import { NodeHttpServer, NodeRuntime } from "@effect/platform-node"
import { meOf, SessionRecords, sessionRefusal, userCaller } from "@bluelight/core/identity"
import { layerPgClient, PgSessionRecords } from "@bluelight/adapters-pg/internal"
import { DateTime, Effect, Layer, Option, Redacted, References, Schema } from "effect"
import { HttpMiddleware, HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { HttpApi, HttpApiBuilder, HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { randomUUID } from "node:crypto"
import { createServer } from "node:http"
import { sessionToken, tokenHash } from "./sessionCookie.js"
// Not a package export: the bench reads the schema the real endpoint encodes with.
import { Me } from "../packages/api/dist/identity/schemas.js"

const adminIdentityIds = new Set((process.env.BLUELIGHT_ADMIN_IDENTITY_IDS ?? "").split(",").map((id) => id.trim()).filter(Boolean))

const Health = Schema.Struct({ status: Schema.String, database: Schema.String, redis: Schema.String })

class Api extends HttpApi.make("stack").add(
  HttpApiGroup.make("floor")
    .add(HttpApiEndpoint.get("health", "/api/health", { success: Health }))
    .add(HttpApiEndpoint.get("me", "/api/me", { success: Schema.Struct({ data: Me }) }))
) {}

// A refusal is answered as a response of its own (a handler may return one), in Bluelight's envelope.
const refused = (status, code, message) => Effect.succeed(HttpServerResponse.jsonUnsafe({ error: { code, message }, requestId: randomUUID() }, { status }))
const noSession = () => refused(401, "UNAUTHENTICATED", "The session is missing, expired or signed out; sign in again")

const FloorHandlers = HttpApiBuilder.group(Api, "floor", (handlers) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const records = yield* SessionRecords
    return handlers
      .handle("health", () => Effect.orDie(Effect.as(sql`SELECT 1`, { status: "ok", database: "up", redis: "off" })))
      .handle("me", () =>
        Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
          const token = sessionToken(request.headers.cookie)
          if (token === undefined) return refused(401, "UNAUTHENTICATED", "Sign in, or send a service credential")
          return Effect.flatMap(records.findByTokenHash(tokenHash(token)), (found) => {
            if (Option.isNone(found)) return noSession()
            const refusal = sessionRefusal(found.value, DateTime.nowUnsafe())
            if (refusal !== null) return refusal._tag === "AccountDisabled" ? refused(403, "ACCOUNT_DISABLED", refusal.message) : noSession()
            // As Bluelight without BLUELIGHT_DEVELOPER_PASSWORD: a session's Developer Access never counts.
            return Effect.succeed({ data: meOf(userCaller(found.value, adminIdentityIds, false)) })
          })
        }))
  }))

const database = layerPgClient({ url: Redacted.make(process.env.DATABASE_URL), maxConnections: Number(process.env.DATABASE_POOL_MAX) })

// No request log line (the router's logger is off), as the floor measures the stack, not logging.
const ServerLive = HttpRouter.serve(HttpApiBuilder.layer(Api).pipe(Layer.provide(FloorHandlers)), { disableLogger: true }).pipe(
  Layer.provide(Layer.succeed(HttpMiddleware.TracerDisabledWhen, () => true)),
  Layer.provide(Layer.succeed(References.TracerEnabled, false)),
  Layer.provide(PgSessionRecords),
  Layer.provide(database),
  Layer.provide(NodeHttpServer.layer(createServer, { port: Number(process.env.PORT), host: "127.0.0.1" }))
)

// As Bluelight runs without an OTLP endpoint: the platform's HTTP span skipped, every other span a no-op.
NodeRuntime.runMain(Layer.launch(ServerLive))
