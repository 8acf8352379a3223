import { NodeHttpServer } from "@effect/platform-node"
import { Context, Deferred, Duration, Effect, Exit, Fiber, Layer, Option } from "effect"
import { HttpServer } from "effect/http"
import type { Server } from "node:http"

// Handlers interrupted at the deadline end at once unless they sit in an
// uninterruptible step (a rollback); past this the pools close all the same.
const SETTLE_BOUND = Duration.seconds(1)

/** The fibers of the requests being handled, so that shutdown can wait for them to end. */
const makeInFlight = () => {
  const fibers = new Set<Fiber.Fiber<unknown, unknown>>()
  return {
    track: <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
      Effect.withFiber((fiber) => {
        fibers.add(fiber)
        return Effect.ensuring(effect, Effect.sync(() => fibers.delete(fiber)))
      }),
    settled: Effect.suspend(() => Fiber.awaitAll([...fibers]))
  }
}

type InFlight = ReturnType<typeof makeInFlight>

/**
 * The same server, with every request (the middleware and its log line
 * included) tracked, and drained before serving stops. The platform runs each
 * request in a scope of the serving one and interrupts what is still running
 * when that closes, answering `503`: the drain is added to the serving scope
 * after the platform's finalizers, so it runs before them and the requests in
 * flight finish (or are cut off at the grace) first.
 *
 * `Expect: 100-continue` is answered as the request reaches the handler, as
 * Node does when nobody listens for `checkContinue`. The platform's listener
 * sends the `100 Continue` only once the handler reads the body, so a client
 * that waits for it heard nothing from a handler that reads none, and the
 * connection was closed after the response.
 */
const tracking = (
  server: HttpServer.HttpServer["Service"],
  node: Server,
  inFlight: InFlight,
  drain: Effect.Effect<void>
): HttpServer.HttpServer["Service"] =>
  HttpServer.make({
    address: server.address,
    serve: (app, middleware) =>
      server.serve(app, (app) => inFlight.track(middleware === undefined ? app : middleware(app))).pipe(
        Effect.andThen(Effect.sync(() => node.removeAllListeners("checkContinue"))),
        Effect.andThen(Effect.addFinalizer(() => drain))
      )
  })

/**
 * Runs when serving stops, before the platform's finalizers (which then find
 * the listener closed and no request left to interrupt). It stops accepting
 * connections and keeps closing keep-alive connections as soon as they fall
 * idle, so that shutdown waits for requests in flight and not for clients'
 * idle sockets to time out. Once `grace` has passed it closes the connections still open, so
 * that a slow request or a long-lived response (an event stream) cannot hold
 * the exit: their handlers are interrupted as if the client had left, and the
 * pools close only after those have ended.
 */
const drain = (server: Server, inFlight: InFlight, grace: Duration.Duration, closing: Effect.Effect<void>) =>
  Effect.gen(function*() {
    if (!server.listening) return
    yield* closing
    const closed = yield* Deferred.make<void>()
    // The callback comes once every connection has ended.
    server.close(() => Deferred.doneUnsafe(closed, Exit.void))
    const idle = setInterval(() => server.closeIdleConnections(), 50)
    // A finalizer runs uninterruptibly: only an interruptible wait lets the timeout end it.
    const drained = yield* Effect.interruptible(Deferred.await(closed)).pipe(Effect.timeout(grace), Effect.option)
    if (Option.isNone(drained)) {
      yield* Effect.logWarning(`shutdown: requests still open after ${Duration.format(grace)}, closing their connections`)
      server.closeAllConnections()
      yield* Deferred.await(closed)
    }
    clearInterval(idle)
    yield* Effect.interruptible(inFlight.settled).pipe(Effect.timeout(SETTLE_BOUND), Effect.ignore)
  })

/**
 * Node's HTTP server listening on `port`, drained on shutdown within `grace`.
 * The drain runs when serving stops (`tracking`); it is also added in this
 * scope after the listener, so that it runs before the listener's own
 * finalizer when the server stops before serving began. The platform's own shutdown when serving stops (close, then wait up to 20 s
 * for every connection) is off: it would run before the drain and wait on
 * event streams nobody told to end and on idle keep-alive connections.
 */
export const layerDrainingServer = (
  server: Server,
  options: {
    readonly port: number
    readonly host: string
    readonly grace: Duration.Duration
    /** Run first when the drain begins: tells long-lived responses to end (`ServerClosing`). */
    readonly closing?: Effect.Effect<void>
  }
) =>
  Layer.effectContext(
    Effect.gen(function*() {
      const context = yield* Layer.build(
        NodeHttpServer.layer(() => server, { port: options.port, host: options.host, disablePreemptiveShutdown: true })
      )
      const inFlight = makeInFlight()
      const drainOnShutdown = yield* Effect.cached(drain(server, inFlight, options.grace, options.closing ?? Effect.void))
      // Here too, for a shutdown before serving began; it drains once, whichever scope closes first.
      yield* Effect.addFinalizer(() => drainOnShutdown)
      return Context.add(context, HttpServer.HttpServer, tracking(Context.get(context, HttpServer.HttpServer), server, inFlight, drainOnShutdown))
    })
  )
