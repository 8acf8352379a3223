import { randomUUID } from "node:crypto"
import { GameEventIntake } from "@bluelight/adapters-http"
import { GameEventHandler, GameEventInbox, type InboxBatch } from "@bluelight/core/game"
import { CurrentRequestId } from "@bluelight/core/kernel"
import { Cause, Duration, Effect, Fiber, Layer, Option, Queue, Ref } from "effect"

export interface GameEventInboxOptions {
  /** How long shutdown waits for the batch in hand. */
  readonly drainFor: Duration.Duration
  /** How often an idle worker looks for batches another instance left. */
  readonly pollEvery: Duration.Duration
  /** How long a taken batch is this instance's. */
  readonly lease: Duration.Duration
  /** How many events may wait in the inbox before a delivery is refused (`GAME_EVENT_INBOX_MAX_EVENTS`). */
  readonly maxPendingEvents: number
}

/**
 * The webhook's intake (`GameEventIntake`, the HTTP adapter's) and this
 * instance's worker, a background fiber of the server's composition. The worker takes the oldest free
 * batch of the inbox, handles its events in order with `GameEventHandler`
 * (which never fails; a defect is logged here all the same and the next
 * event handled) under the delivering request's id, and removes it, or sets
 * it aside with why when an event of it failed (never taken again); until
 * none is left, then waits to be woken by a batch put here, or for
 * `pollEvery` (a batch left by another instance's crash, or whose lease ran
 * out). It starts by draining what a crash left. When its scope closes
 * (after the HTTP server has drained) it takes no more batches and finishes
 * the batch in hand within `drainFor`, else gives it back: what is left stays
 * in the inbox for the next taker.
 */
export const layerGameEventInbox = (options: GameEventInboxOptions) =>
  Layer.effect(
    GameEventIntake,
    Effect.gen(function*() {
      const handler = yield* GameEventHandler
      const inbox = yield* GameEventInbox
      // Names this process's leases, for whoever looks at the table.
      const taker = randomUUID()
      const stopping = yield* Ref.make(false)
      // One pending wake is enough: the worker drains everything when it wakes.
      const wake = yield* Queue.dropping<void>(1)

      // The batch in hand, given back should shutdown stop the worker within it.
      const inHand = yield* Ref.make(Option.none<string>())

      const handleBatch = (batch: InboxBatch) =>
        Effect.gen(function*() {
          yield* Ref.set(inHand, Option.some(batch.id))
          const failures: Array<string> = []
          for (const event of batch.events) {
            const failure = yield* handler.handle(batch.server, event).pipe(
              Effect.catchCause((cause) => Effect.as(Effect.logError("game event: handler defect", cause), `${event.event}: ${Cause.pretty(cause)}`))
            )
            if (failure !== null) failures.push(failure)
          }
          // A batch with an event that failed is kept, set aside with why (its other events are claimed: handled again, they change nothing).
          if (failures.length === 0) yield* inbox.done(batch.id)
          else {
            yield* inbox.setAside(batch.id, failures.join("\n"))
            yield* Effect.logWarning(`game events: ${failures.length} event(s) of batch ${batch.id} failed; the batch is set aside in the inbox`)
          }
          yield* Ref.set(inHand, Option.none())
        }).pipe(
          Effect.provideService(CurrentRequestId, batch.requestId),
          Effect.annotateLogs("requestId", batch.requestId ?? "none")
        )

      const drain: Effect.Effect<void> = Effect.gen(function*() {
        while (!(yield* Ref.get(stopping))) {
          const next = yield* inbox.take(taker, options.lease)
          if (Option.isNone(next)) return
          yield* handleBatch(next.value)
        }
      })

      const worker = yield* Effect.gen(function*() {
        while (!(yield* Ref.get(stopping))) {
          // A store that does not answer is tried again at the next wake or poll.
          yield* drain.pipe(Effect.catchCause((cause) => Effect.logWarning("game events: reading the inbox failed", cause)))
          yield* Effect.timeoutOption(Queue.take(wake), options.pollEvery)
        }
      }).pipe(Effect.forkScoped)

      // Added after the worker's fork, so it runs before the scope interrupts the worker (and before the database closes).
      yield* Effect.addFinalizer(() =>
        Effect.gen(function*() {
          yield* Ref.set(stopping, true)
          yield* Queue.offer(wake, undefined)
          const stopped = yield* Effect.interruptible(Fiber.await(worker)).pipe(Effect.timeout(options.drainFor), Effect.option)
          if (Option.isSome(stopped)) return
          // Interrupted, the event in hand rolls back with its claim; its batch goes back whole (each event's claim keeps what was done single).
          yield* Fiber.interrupt(worker)
          const left = yield* Ref.get(inHand)
          if (Option.isSome(left)) {
            // Bounded: a store that does not answer leaves the batch to its lease.
            yield* inbox.release(left.value).pipe(
              Effect.timeout(Duration.seconds(1)),
              Effect.catchCause((cause) => Effect.logWarning("game events: giving a batch back failed", cause))
            )
          }
          yield* Effect.logWarning(`game events: stopped after ${Duration.format(options.drainFor)} within a batch; it stays in the inbox for the next taker`)
        })
      )

      return {
        put: (batch) => Effect.andThen(inbox.put(batch, options.maxPendingEvents), Effect.asVoid(Queue.offer(wake, undefined)))
      }
    })
  )
