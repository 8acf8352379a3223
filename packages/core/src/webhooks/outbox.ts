import { Clock, DateTime, Duration, Effect, Layer } from "effect"
import { Ids, inTransaction, newId, Outbox, type WebhookEventType } from "../kernel/index.js"
import { type DueDelivery, WebhookDeliveries } from "./ports.js"
import { afterAttempt, type AttemptOutcome, DELIVERY_RETENTION, WebhookMessageId } from "./Webhook.js"

/**
 * The kernel's `Outbox` on the delivery log: each event becomes one message,
 * `{type, timestamp, data}` as JSON (the exact text every attempt sends and
 * signs), and a first attempt for every active subscription that wants its
 * type, written in the change's transaction.
 */
export const OutboxLive = Layer.effect(
  Outbox,
  Effect.gen(function*() {
    const deliveries = yield* WebhookDeliveries
    const ids = yield* Ids
    return {
      emit: (type: WebhookEventType, data: unknown) =>
        Effect.gen(function*() {
          const createdAt = DateTime.makeUnsafe(yield* Clock.currentTimeMillis)
          const id = yield* newId(WebhookMessageId)
          const body = JSON.stringify({ type, timestamp: DateTime.formatIso(createdAt), data })
          yield* deliveries.queue({ id, type, body, createdAt }, null)
        }).pipe(Effect.provideService(Ids, ids))
    }
  })
)

/** How long a taken attempt is the taker's: longer than an attempt can take. */
export const DELIVERY_LEASE = Duration.seconds(30)

/** The next attempt due now, taken for `DELIVERY_LEASE` (the server's workers). */
export const takeDueDelivery = Effect.gen(function*() {
  const now = DateTime.makeUnsafe(yield* Clock.currentTimeMillis)
  return yield* WebhookDeliveries.use((deliveries) => deliveries.take(now, DateTime.addDuration(now, DELIVERY_LEASE)))
})

/**
 * Records how an attempt ended, in one transaction (the row locked): `SUCCEEDED`, or
 * `FAILED` with the next attempt queued on the schedule, or `GAVE_UP` after the last.
 */
export const recordAttempt = (delivery: DueDelivery, outcome: AttemptOutcome) =>
  Effect.gen(function*() {
    const at = DateTime.makeUnsafe(yield* Clock.currentTimeMillis)
    const next = afterAttempt(delivery.attempt, outcome, at)
    const deliveries = yield* WebhookDeliveries
    return yield* inTransaction(deliveries.finish({
      id: delivery.id,
      status: next.status,
      responseStatus: outcome.responseStatus,
      error: outcome._tag === "Failed" ? outcome.error : null,
      nextAttemptAt: next.nextAttemptAt
    }, at))
  })

/** Removes attempts older than the 30 days the log keeps. */
export const pruneDeliveries = Effect.gen(function*() {
  const now = DateTime.makeUnsafe(yield* Clock.currentTimeMillis)
  return yield* WebhookDeliveries.use((deliveries) => deliveries.prune(DateTime.subtractDuration(now, DELIVERY_RETENTION)))
})
