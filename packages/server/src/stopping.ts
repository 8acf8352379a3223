import { Cause, Clock, Deferred, Effect, Exit, Fiber, Layer, Runtime } from "effect"

/** What stops the server: a process manager's or `kill`'s SIGTERM, a terminal's Ctrl-C. */
const STOP_SIGNALS = ["SIGTERM", "SIGINT"] as const
type StopSignal = (typeof STOP_SIGNALS)[number]

/**
 * The first stop signal, awaited. The listeners stay until the scope closes,
 * so a second signal during shutdown is taken in and does nothing: Ctrl-C in
 * a terminal reaches node from the terminal and once more from npm, which
 * forwards it, and Node's default for a signal nobody listens to is to die on
 * the spot, without closing the pools or removing the `DATA_DIR` lock.
 */
const firstStopSignal = Effect.gen(function*() {
  const received = yield* Deferred.make<StopSignal>()
  const listeners = STOP_SIGNALS.map((signal) => [signal, () => Deferred.doneUnsafe(received, Exit.succeed(signal))] as const)
  yield* Effect.acquireRelease(
    Effect.sync(() => listeners.forEach(([signal, listener]) => process.on(signal, listener))),
    () => Effect.sync(() => listeners.forEach(([signal, listener]) => process.off(signal, listener)))
  )
  return Deferred.await(received)
})

/**
 * Runs `server` until SIGTERM or SIGINT, then closes it (the drain, the
 * connections, the pools: its finalizers), with one log line when shutdown
 * begins, naming the signal, and one when it has finished, the last line
 * before the process exits. A signal during start-up stops the start the same
 * way. A failed start fails as before.
 */
export const serveUntilStopped = <A, E, R>(server: Layer.Layer<A, E, R>, options: { readonly graceSeconds: number }) =>
  Effect.scoped(
    Effect.gen(function*() {
      const stopSignal = yield* firstStopSignal
      const running = yield* Effect.forkScoped(Layer.launch(server))
      const signal = yield* Effect.raceFirst(stopSignal, Fiber.join(running))
      const began = yield* Clock.currentTimeMillis
      yield* Effect.logInfo(
        `shutdown: ${signal} received; accepting no new connections, requests in flight have up to ${options.graceSeconds}s`
      ).pipe(Effect.annotateLogs({ signal, graceSeconds: options.graceSeconds }))
      yield* Fiber.interrupt(running)
      const stopped = yield* Fiber.await(running)
      const ms = (yield* Clock.currentTimeMillis) - began
      yield* Effect.logInfo(`shutdown: finished in ${ms} ms; connections and pools closed, exiting`).pipe(
        Effect.annotateLogs({ signal, ms })
      )
      // A finalizer that failed (not the interruption itself) still makes the exit code 1.
      if (Exit.isFailure(stopped) && !Cause.hasInterruptsOnly(stopped.cause)) return yield* Effect.failCause(stopped.cause)
    })
  )

/**
 * `NodeRuntime.runMain` without its own signal handling: that one interrupts
 * the program on the first SIGINT or SIGTERM and then removes its listeners,
 * so the second SIGINT of a Ctrl-C under npm killed the process mid-shutdown.
 * The program handles the signals itself (`serveUntilStopped`). It exits once
 * the program has ended, so that no handle left open can hold the process;
 * a failure is reported and exits 1, and an exit code the program set stays.
 * (`makeRunMain` keeps the process alive while the program waits on a signal,
 * which holds no handle of its own.)
 */
export const runMain = Runtime.makeRunMain(({ fiber, teardown }) => {
  fiber.addObserver((exit) => {
    teardown(exit, (code) => {
      if (code !== 0) process.exitCode = code
      process.exit()
    })
  })
})
