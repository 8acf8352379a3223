import { layerHttpApi, ServerClosing } from "@bluelight/adapters-http"
import { Clock, Deferred, Duration, Effect, Exit, Layer, Option } from "effect"
import { HttpServer } from "effect/http"
import { createServer } from "node:http"
import { fileURLToPath } from "node:url"
import type { Settings } from "./config.js"
import { devExtraRoutes, devProvidersFor, layerAccess, layerProviders } from "./access.js"
import { layerPorts } from "./database.js"
import { layerGame } from "./game.js"
import { withGameEvents } from "./gameWebhook.js"
import { withWebhooks } from "./webhookWorker.js"
import { makeMovableClock } from "./movableClock.js"
import { layerRedis } from "./redis.js"
import { layerRoleSyncWorker } from "./roleSync.js"
import { layerDrainingServer } from "./shutdown.js"
import { activeDefaults, startupSummary } from "./summary.js"
import { ClockControl, TestHooksHandlers } from "./testHooks.js"
import { withTracing } from "./tracing.js"

/** The built web client beside this package in the workspace (`npm run build` writes it), served at `/`. */
const WEB_DIR = fileURLToPath(new URL("../../web/dist/", import.meta.url))

/**
 * Prints the address to open, `APP_URL` (cookies belong to one host name, and
 * the other loopback name is redirected there), beside the socket it listens
 * on, the reference page and which defaults are active. The message starts
 * with `listening on` and carries `port`, which the test harness and the
 * benchmark read. Outside production a person's summary of the same (and of
 * how to sign in and stop) follows on stderr: stdout stays one JSON object a
 * line for log collectors.
 */
const announce = (settings: Settings, writeSummary: (text: string) => void) =>
  HttpServer.HttpServer.use((server) => {
    const port = "port" in server.address ? server.address.port : settings.port
    const address = `${settings.host}:${port}`
    const open = `${settings.appUrl}/`
    const defaults = activeDefaults(settings)
    return Effect.logInfo(
      `listening on ${address}; open ${open} (API reference at ${settings.appUrl}/api/docs)` +
        (defaults.length > 0 ? `; development defaults: ${defaults.join(", ")}` : "")
    ).pipe(
      Effect.annotateLogs({ address, port, url: open, docs: `${settings.appUrl}/api/docs`, defaults, node: process.version }),
      Effect.andThen(settings.production ? Effect.void : Effect.sync(() => writeSummary(startupSummary(settings, address))))
    )
  })

/** How long an idle keep-alive connection stays open (Node's default is 5 s). */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000

/** Where the person's start-up summary goes: stderr, unless the caller runs the server inside its own process. */
export interface ServerOutput {
  readonly writeSummary: (text: string) => void
}

const toStderr: ServerOutput = { writeSummary: (text) => process.stderr.write(text) }

/**
 * The whole server: HTTP on node:http, the API, and the Postgres ports. The
 * port opens only once the database is ready and migrated, so that no
 * connection is accepted that nothing would answer.
 */
export const layerServer = (settings: Settings, output: ServerOutput = toStderr) => {
  const server = createServer()
  // An idle keep-alive connection is closed after 65 s, longer than the 60 s a load balancer or
  // reverse proxy in front usually keeps its own: the side that holds a connection longer must be
  // the server, or a request written just as the server closes it fails. The headers deadline
  // must exceed it (Node's rule).
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000
  // Shutdown tells the event streams to end before it waits for requests in flight.
  const closing = Deferred.makeUnsafe<void>()
  const ports = withWebhooks(
    settings,
    withGameEvents(
      settings,
      Layer.mergeAll(
        layerPorts(settings),
        Layer.mergeAll(layerAccess(settings), layerGame(settings)).pipe(Layer.provideMerge(layerRedis(settings))),
        Layer.succeed(ServerClosing, { closing: Deferred.await(closing) })
      )
    )
  )
  const dev = devProvidersFor(settings)
  const grace = Duration.seconds(settings.shutdownGraceSeconds)
  const listen = layerDrainingServer(server, { port: settings.port, host: settings.host, grace, closing: Deferred.done(closing, Exit.void) }).pipe(
    Layer.provide(ports)
  )
  const http = layerHttpApi({
    appUrl: settings.appUrl,
    production: settings.production,
    budgets: { readsPerMinute: settings.rateLimitReadsPerMinute, writesPerMinute: settings.rateLimitWritesPerMinute },
    signInStarts: settings.signInStarts,
    trustedProxyHops: settings.trustedProxyHops,
    extraRoutes: devExtraRoutes(dev),
    testHooks: settings.testHooks ? TestHooksHandlers : null,
    webDir: WEB_DIR,
    developerAccess: Option.isSome(settings.developerPassword)
  })
  // The role sync's worker beside the HTTP API, on the same ports and providers (and, under the test hooks, the same clock).
  const app = Layer.merge(http, layerRoleSyncWorker(settings)).pipe(
    Layer.provide(layerProviders(settings, dev)),
    Layer.provide(ports),
    Layer.provideMerge(listen),
    Layer.tap((context) => Effect.provide(announce(settings, output.writeSummary), context))
  )
  return withTracing(settings, settings.testHooks ? onMovableClock(app) : app)
}

/**
 * The server built and run on a clock the test hooks can move forward: the
 * clock is set while the layers build, so the request fibers the HTTP server
 * forks from that runtime read it too.
 */
const onMovableClock = <A, E, R>(app: Layer.Layer<A, E, R>) =>
  Layer.unwrap(Effect.sync(() => {
    const { clock, control } = makeMovableClock()
    return app.pipe(Layer.provide(Layer.succeed(ClockControl, control)), Layer.provide(Layer.succeed(Clock.Clock, clock)))
  }))
