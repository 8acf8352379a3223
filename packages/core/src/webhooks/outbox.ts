import { Clock, DateTime, Duration, Effect, Layer, Option } from "effect"
import { Ids, inTransaction, newId, Outbox, type WebhookEventType } from "../kernel/index.js"
import { type DueDelivery, WebhookDeliveries } from "./ports.js"
import { afterAttempt, type AttemptOutcome, DELIVERY_RETENTION, type WebhookDeliveryId, WebhookMessageId } from "./Webhook.js"

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

/** How many of one subscription's due attempts a worker takes at once, to send one after another. */
export const DELIVERY_BATCH = 50

/**
 * Up to `limit` due attempts of one subscription, in order of creation, taken
 * for `DELIVERY_LEASE` (the server's workers), and the time the lease ends.
 */
export const takeDueDeliveries = (limit: number) =>
  Effect.gen(function*() {
    const now = DateTime.makeUnsafe(yield* Clock.currentTimeMillis)
    const leaseUntil = DateTime.addDuration(now, DELIVERY_LEASE)
    const deliveries = yield* WebhookDeliveries.use((port) => port.take(now, leaseUntil, limit))
    return { deliveries, leaseUntil }
  })

/** The next attempt due now, taken for `DELIVERY_LEASE`. */
export const takeDueDelivery = Effect.map(takeDueDeliveries(1), ({ deliveries }) => Option.fromNullishOr(deliveries[0]))

/** Gives back taken attempts that were not sent, free to take at once. */
export const releaseDeliveries = (ids: ReadonlyArray<WebhookDeliveryId>, leaseUntil: DateTime.Utc) =>
  ids.length === 0 ? Effect.void : WebhookDeliveries.use((deliveries) => deliveries.release(ids, leaseUntil))

/**
 * Records how an attempt ended, in one transaction (the row locked): `SUCCEEDED`, or
 * `FAILED` with the next attempt queued on the schedule, or `GAVE_UP` after the last.
 */
export const recordAttempt = (delivery: DueDelivery, outcome: AttemptOutcome) =>
  Effect.map(recordAttempts([{ delivery, outcome }], [], null), (recorded) => recorded[0]!)

/**
 * Records how a batch's attempts ended, in order, and gives back those not
 * sent (`notSent`, leased until `leaseUntil`), in one transaction: answers,
 * for each attempt, whether it was recorded (still `PENDING`).
 */
export const recordAttempts = (
  ended: ReadonlyArray<{ readonly delivery: DueDelivery; readonly outcome: AttemptOutcome }>,
  notSent: ReadonlyArray<WebhookDeliveryId>,
  leaseUntil: DateTime.Utc | null
) =>
  Effect.gen(function*() {
    const at = DateTime.makeUnsafe(yield* Clock.currentTimeMillis)
    const deliveries = yield* WebhookDeliveries
    return yield* inTransaction(Effect.gen(function*() {
      const recorded = yield* deliveries.finishAll(
        ended.map(({ delivery, outcome }) => {
          const next = afterAttempt(delivery.attempt, outcome, at)
          return {
            id: delivery.id,
            status: next.status,
            responseStatus: outcome.responseStatus,
            error: outcome._tag === "Failed" ? outcome.error : null,
            nextAttemptAt: next.nextAttemptAt
          }
        }),
        at
      )
      if (notSent.length > 0 && leaseUntil !== null) yield* deliveries.release(notSent, leaseUntil)
      return recorded
    }))
  })

/** Removes attempts older than the 30 days the log keeps. */
export const pruneDeliveries = Effect.gen(function*() {
  const now = DateTime.makeUnsafe(yield* Clock.currentTimeMillis)
  return yield* WebhookDeliveries.use((deliveries) => deliveries.prune(DateTime.subtractDuration(now, DELIVERY_RETENTION)))
})
