import { GameEventHandler, type GameEventBatch } from "@bluelight/core/game"
import { CurrentRequestId } from "@bluelight/core/kernel"
import { type Cause, Context, Duration, Effect, Fiber, Layer, Queue } from "effect"

/** A verified batch waiting to be handled, with the id of the request that delivered it (its log lines and audit entries carry it). */
export interface ReceivedBatch extends GameEventBatch {
  readonly requestId: string | null
}

/**
 * This instance's queue of verified batches: the webhook answers `204` as
 * soon as a batch is queued, and one worker handles the batches one after
 * another, each batch's events in order. A batch queued while the server is
 * stopping is still handled before it stops (`layerGameEventQueue`).
 */
export class GameEventQueue extends Context.Service<GameEventQueue, {
  /** Queues a batch; false only once the queue has stopped taking batches (the server is stopping, its listener already closed). */
  readonly offer: (batch: ReceivedBatch) => Effect.Effect<boolean>
}>()("@bluelight/adapters-http/GameEventQueue") {}

/**
 * The queue and its worker, handling each event with `GameEventHandler`,
 * which never fails (a defect is logged here all the same and the next event
 * handled). When its scope closes (after the HTTP server has drained, so no
 * delivery can still arrive) it takes no more batches and the worker handles
 * what is queued, for at most `drainFor`; what is left then is logged and
 * dropped.
 */
export const layerGameEventQueue = (options: { readonly drainFor: Duration.Duration }) =>
  Layer.effect(
    GameEventQueue,
    Effect.gen(function*() {
      const handler = yield* GameEventHandler
      const queue = yield* Queue.unbounded<ReceivedBatch, Cause.Done>()
      const handleBatch = (batch: ReceivedBatch) =>
        Effect.forEach(
          batch.events,
          (event) => handler.handle(batch.server, event).pipe(Effect.catchCause((cause) => Effect.logError("game event: handler defect", cause))),
          { discard: true }
        ).pipe(
          Effect.provideService(CurrentRequestId, batch.requestId),
          Effect.annotateLogs("requestId", batch.requestId ?? "none")
        )
      // Ends (with `Done`) once the queue is ended and empty.
      const worker = yield* Queue.take(queue).pipe(Effect.flatMap(handleBatch), Effect.forever, Effect.ignore, Effect.forkScoped)
      // Added after the worker's fork, so it runs before the scope interrupts the worker.
      yield* Effect.addFinalizer(() =>
        Effect.gen(function*() {
          yield* Queue.end(queue)
          const drained = yield* Effect.interruptible(Fiber.await(worker)).pipe(Effect.timeout(options.drainFor), Effect.option)
          if (drained._tag === "None") {
            const left = yield* Queue.size(queue)
            yield* Effect.logWarning(`game events: stopped after ${Duration.format(options.drainFor)} with ${left} batch(es) not handled`)
          }
        })
      )
      return {
        offer: (batch) =>
          Effect.tap(Queue.offer(queue, batch), (queued) =>
            queued ? Effect.void : Effect.logWarning("game events: a batch arrived while the server was stopping; not handled"))
      }
    })
  )
