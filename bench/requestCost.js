// What a request costs Bluelight's own path, in process: the server's routes and middleware
// (`layerHttpApp`, as `layerHttpApi` serves them) on the core's in-memory ports, asked by a Web
// `Request` in a loop, one at a time; no socket, no database, no other process. It measures the CPU of
// the path alone (request path, router, body rules, access check, handler, encoding, log line) and is
// steady where the socket benches are noisy, so a piece switched off shows its cost. Beside it, the
// least Effect HttpApi answering the same from the same ports (the stack's own floor).
//
//   npm run build && node bench/requestCost.js                 # GET /api/me with a session, and without
//   node bench/requestCost.js --requests 20000 --rounds 5
//   node bench/requestCost.js --concurrency 10               # ten in flight, as the socket benches
//   node --expose-gc --min-semi-space-size=256 --max-semi-space-size=256 bench/requestCost.js --requests 1000
//                                                            # and the bytes a request allocates (no collection in a round)
//
// Never a timed test: it prints CPU µs per request, the median of the rounds.
import { layerHttpApp, ROUTER_CONFIG } from "@bluelight/adapters-http"
import { completeSignIn, meOf, SessionRecords, sessionRefusal, startSignIn, Tokens, userCaller } from "@bluelight/core/identity"
import { testPorts } from "@bluelight/core/testing"
import { DateTime, Effect, Exit, Layer, Option, Schema, Scope } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { HttpApi, HttpApiBuilder, HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { randomUUID } from "node:crypto"
import { parseArgs } from "node:util"
// Not package exports: the bench runs the server's own pieces as it composes them.
import { Me } from "../packages/api/dist/identity/schemas.js"
import { ServerClosing } from "../packages/adapters-http/dist/requestPath/ServerClosing.js"
import { GameWebhookKey } from "../packages/adapters-http/dist/game/webhookKey.js"
import { GameEventIntake } from "../packages/adapters-http/dist/game/webhookIntake.js"
import { DatabaseHealth, SharedStoreHealth } from "@bluelight/core/system"
import { NodeTokens } from "@bluelight/adapters-pg/internal"
import { MemoryRateLimiter } from "@bluelight/adapters-redis"
import { layerLoggingTo } from "../packages/server/dist/logging.js"

const { values: flags } = parseArgs({
  options: {
    requests: { type: "string", default: "10000" },
    rounds: { type: "string", default: "5" },
    // Requests in flight at once, as the socket benches' connections keep them (1: one at a time).
    concurrency: { type: "string", default: "1" }
  }
})
const requests = Number(flags.requests)
const rounds = Number(flags.rounds)
const concurrency = Number(flags.concurrency)

const APP_URL = "http://localhost:3000"
// The core's in-memory ports, with the server's own token hashing and rate limiter (as in production:
// Node's SHA-256, the aligned windows in memory), and what the server's composition adds beside them:
// here, the parts no request of the bench reaches.
const ports = Layer.mergeAll(
  testPorts(),
  NodeTokens,
  MemoryRateLimiter,
  Layer.succeed(ServerClosing, { closing: Effect.never }),
  Layer.succeed(DatabaseHealth, { check: Effect.succeed(true) }),
  Layer.succeed(SharedStoreHealth, { check: Effect.succeed("off") }),
  Layer.succeed(GameWebhookKey, { publicKey: null }),
  Layer.succeed(GameEventIntake, { put: () => Effect.void })
)

/** A session of the kit's identity provider's Alice, signed in by the core's own use cases: its token. */
const signedIn = Effect.gen(function*() {
  const { state } = yield* startSignIn
  const { token } = yield* completeSignIn({ state, boundState: state, code: "alice", previousSessionToken: undefined })
  return token
})

const bluelight = layerHttpApp({
  appUrl: APP_URL,
  production: false,
  budgets: { readsPerMinute: 1e9, writesPerMinute: 1e9 },
  signInStarts: { perProvider: 1e9, perAddress: 1e9 },
  trustedProxyHops: 0,
  extraRoutes: null,
  testHooks: null,
  webDir: null,
  developerAccess: false
})

// The stack's floor: one HttpApi endpoint reading the same session port, the same rules and encoding.
class FloorApi extends HttpApi.make("floor").add(
  HttpApiGroup.make("floor").add(HttpApiEndpoint.get("me", "/api/me", { success: Schema.Struct({ data: Me }) }))
) {}
const refused = Effect.sync(() =>
  HttpServerResponse.jsonUnsafe({ error: { code: "UNAUTHENTICATED", message: "Sign in, or send a service credential" }, requestId: randomUUID() }, {
    status: 401
  })
)
const floorHandlers = HttpApiBuilder.group(FloorApi, "floor", (handlers) =>
  handlers.handle("me", () =>
    Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
      const token = /bluelight-session=([^;]+)/.exec(request.headers.cookie ?? "")?.[1]
      if (token === undefined) return yield* refused
      const tokens = yield* Tokens
      const records = yield* SessionRecords
      const found = yield* records.findByTokenHash(yield* tokens.sha256(token))
      if (Option.isNone(found) || sessionRefusal(found.value, DateTime.nowUnsafe()) !== null) return yield* refused
      return { data: meOf(userCaller(found.value, new Set(), false)) }
    })))
const floor = HttpApiBuilder.layer(FloorApi).pipe(Layer.provide(floorHandlers))

/** CPU µs per request of `send` over `requests` requests, after as many to warm up. */
const measure = async (send) => {
  // `concurrency` senders, each asking again as soon as its answer is read.
  const run = () =>
    Promise.all(Array.from({ length: concurrency }, async () => {
      for (let i = 0; i < requests / concurrency; i++) await send()
    }))
  await run()
  globalThis.gc?.()
  const heapBefore = process.memoryUsage().heapUsed
  const started = process.cpuUsage()
  await run()
  const used = process.cpuUsage(started)
  const allocated = process.memoryUsage().heapUsed - heapBefore
  return { cpu: (used.user + used.system) / requests, bytes: allocated / requests }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

async function main() {
  // One set of in-memory ports for both servers, built once: the session signed in here is theirs.
  const scope = Scope.makeUnsafe()
  const context = await Effect.runPromise(Layer.buildWithScope(Layer.mergeAll(ports, layerLoggingTo("info", () => {})), scope))
  const token = await Effect.runPromise(signedIn.pipe(Effect.provideContext(context)))
  const given = Layer.succeedContext(context)
  const servers = {
    "stack floor": HttpRouter.toWebHandler(floor.pipe(Layer.provideMerge(given)), { routerConfig: ROUTER_CONFIG, disableLogger: true }),
    Bluelight: HttpRouter.toWebHandler(bluelight.pipe(Layer.provideMerge(given)), { routerConfig: ROUTER_CONFIG, disableLogger: true })
  }
  const scenarios = {
    me: { cookie: `bluelight-session=${token}`, status: 200 },
    anonymous: { status: 401 }
  }
  const send = (server, scenario) => async () => {
    const headers = scenario.cookie === undefined ? {} : { cookie: scenario.cookie }
    const response = await server.handler(new Request(`${APP_URL}/api/me`, { headers }))
    if (response.status !== scenario.status) throw new Error(`expected ${scenario.status}, got ${response.status}: ${await response.text()}`)
    await response.arrayBuffer()
  }
  const figures = {}
  for (let round = 0; round < rounds; round++) {
    for (const [scenarioName, scenario] of Object.entries(scenarios)) {
      // Alternating the servers' order each round, so neither always runs on a warmer process.
      const names = round % 2 === 0 ? Object.keys(servers) : Object.keys(servers).reverse()
      for (const name of names) {
        const key = `${scenarioName} ${name}`
        ;(figures[key] ??= []).push(await measure(send(servers[name], scenario)))
      }
    }
  }
  // Bytes a request allocates are read only when no collection can fall inside a round (`allocationFlags`).
  const counted = typeof globalThis.gc === "function"
  console.log(`CPU µs per request, in process, ${concurrency} in flight, median of ${rounds} rounds of ${requests} (after as many to warm up)`)
  for (const scenarioName of Object.keys(scenarios)) {
    const ours = figures[`${scenarioName} Bluelight`]
    const floorFigures = figures[`${scenarioName} stack floor`]
    const cpu = median(ours.map((f) => f.cpu))
    const floorCpu = median(floorFigures.map((f) => f.cpu))
    const kb = (values) => `${(median(values.map((f) => f.bytes)) / 1024).toFixed(1).padStart(6)} kB`
    console.log(
      `  ${scenarioName.padEnd(10)} Bluelight ${cpu.toFixed(1).padStart(7)}   stack floor ${floorCpu.toFixed(1).padStart(7)}   ratio ${
        (cpu / floorCpu).toFixed(2)
      }${counted ? `   allocated: Bluelight ${kb(ours)}, stack floor ${kb(floorFigures)}` : ""}`
    )
  }
  for (const server of Object.values(servers)) await server.dispose()
  await Effect.runPromise(Scope.close(scope, Exit.void))
}

await main()
