import { HttpServer } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { Context, Deferred, Duration, Effect, Exit, Fiber, Layer, Option } from "effect"
import type { Server } from "node:http"

// Handlers interrupted at the deadline end at once unless they sit in an
// uninterruptible step (a rollback); past this the pools close all the same.
const SETTLE_BOUND = Duration.seconds(1)

/** The fibers of the requests being handled, so that shutdown can wait for them to end. */
const makeInFlight = () => {
  const fibers = new Set<Fiber.RuntimeFiber<unknown, unknown>>()
  return {
    track: <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
      Effect.withFiberRuntime((fiber) => {
        fibers.add(fiber)
        return Effect.ensuring(effect, Effect.sync(() => fibers.delete(fiber)))
      }),
    settled: Effect.suspend(() => Fiber.awaitAll([...fibers]))
  }
}

type InFlight = ReturnType<typeof makeInFlight>

/** The same server, with every request (the middleware and its log line included) tracked. */
const tracking = (server: HttpServer.HttpServer, inFlight: InFlight): HttpServer.HttpServer =>
  HttpServer.make({
    address: server.address,
    serve: (app, middleware) => server.serve(app, (app) => inFlight.track(middleware === undefined ? app : middleware(app)))
  })

/**
 * Runs when the server's scope closes, before the platform's own finalizer
 * (which then finds the listener closed). It stops accepting connections and
 * keeps closing keep-alive connections as soon as they fall idle, so that
 * shutdown waits for requests in flight and not for clients' idle sockets to
 * time out. Once `grace` has passed it closes the connections still open, so
 * that a slow request or a long-lived response (an event stream) cannot hold
 * the exit: their handlers are interrupted as if the client had left, and the
 * pools close only after those have ended.
 */
const drainOnShutdown = (server: Server, inFlight: InFlight, grace: Duration.Duration, closing: Effect.Effect<void>) =>
  Effect.addFinalizer(() =>
    Effect.gen(function*() {
      if (!server.listening) return
      yield* closing
      const closed = yield* Deferred.make<void>()
      // The callback comes once every connection has ended.
      server.close(() => Deferred.unsafeDone(closed, Exit.void))
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
  )

/**
 * Node's HTTP server listening on `port`, drained on shutdown within `grace`.
 * The drain's finalizer is added in the same scope after the listener, so it
 * runs first when the scope closes (layers built side by side close in no set
 * order, and a drain that ran later would find the listener already waiting).
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
  Layer.scopedContext(
    Effect.gen(function*() {
      const context = yield* Layer.build(NodeHttpServer.layer(() => server, { port: options.port, host: options.host }))
      const inFlight = makeInFlight()
      yield* drainOnShutdown(server, inFlight, options.grace, options.closing ?? Effect.void)
      return Context.add(context, HttpServer.HttpServer, tracking(Context.get(context, HttpServer.HttpServer), inFlight))
    })
  )
