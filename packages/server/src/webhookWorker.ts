import {
  ATTEMPT_TIMEOUT,
  type AttemptOutcome,
  DELIVERY_BATCH,
  type DueDelivery,
  pruneDeliveries,
  recordAttempts,
  takeDueDeliveries,
  type TargetPolicy,
  WebhookTargets
} from "@bluelight/core/webhooks"
import { Clock, DateTime, Duration, Effect, Fiber, Layer, Ref, Schedule } from "effect"
import type { Settings } from "./config.js"
import { sendAttempt } from "./webhookSender.js"

export interface WebhookWorkerOptions {
  readonly policy: TargetPolicy
  /** How many attempts this instance makes at once (each to a subscription of its own). */
  readonly workers: number
  /** How many of one subscription's due attempts a worker takes at once, to send one after another. */
  readonly batch?: number
  /** How often an idle worker looks for attempts due (new messages, retries come due, leases run out). */
  readonly pollEvery: Duration.Duration
  /** How long one attempt may take. */
  readonly attemptTimeout: Duration.Duration
}

/** Each instance makes up to 4 attempts at once, to 4 different subscriptions. */
export const WEBHOOK_WORKERS = 4
/**
 * An idle worker looks again after 100 ms: committed → sent is within that
 * (p99 well under the 500 ms goal), for one indexed query a tenth of a second.
 */
export const WEBHOOK_POLL = Duration.millis(100)
/** Old attempts are removed hourly. */
export const WEBHOOK_PRUNE_EVERY = Duration.hours(1)

/** A batch stops early when less than this would be left of its lease after one more attempt (and its record). */
const LEASE_MARGIN = Duration.seconds(5)

/**
 * This instance's webhook workers, background fibers of the server's
 * composition (as the game-event inbox's). Each takes the due attempts of one
 * subscription that has none in flight (a lease; across instances a
 * subscription has one worker at a time), oldest message first, sends them
 * one after another, signed, and records how they ended in one transaction
 * (the next attempt queued on the schedule): so a healthy subscription's
 * messages arrive one at a time, in order of creation. A failed attempt ends
 * the batch, and what was not sent is given back in the same transaction
 * (its retry decides what goes next); so does a lease running short. When
 * none is due a worker waits `pollEvery`. A store that does not answer is
 * logged and tried at the next poll. On shutdown the workers stop; attempts
 * in hand stay `PENDING` and are made again after their lease (at least once).
 */
export const layerWebhookWorker = (options: WebhookWorkerOptions) =>
  Layer.effectDiscard(Effect.gen(function*() {
    const stopping = yield* Ref.make(false)
    const batch = options.batch ?? DELIVERY_BATCH
    const once = Effect.gen(function*() {
      // Untraced: an idle worker asks ten times a second, and a trace of each would drown the requests'.
      const { deliveries, leaseUntil } = yield* takeDueDeliveries(batch).pipe(Effect.withTracerEnabled(false))
      if (deliveries.length === 0) return false
      const ended: Array<{ readonly delivery: DueDelivery; readonly outcome: AttemptOutcome }> = []
      const lastStart = DateTime.toEpochMillis(leaseUntil) - Duration.toMillis(options.attemptTimeout) - Duration.toMillis(LEASE_MARGIN)
      for (const due of deliveries) {
        if (ended.length > 0 && (yield* Clock.currentTimeMillis) > lastStart) break
        const outcome = yield* sendAttempt(due, options.policy, options.attemptTimeout).pipe(
          Effect.withSpan("webhooks.attempt", {
            attributes: { "webhook.message": due.messageId, "webhook.subscription": due.subscriptionId, "webhook.attempt": due.attempt }
          })
        )
        ended.push({ delivery: due, outcome })
        if (outcome._tag === "Failed") {
          yield* Effect.logWarning(`webhooks: attempt ${due.attempt} of message ${due.messageId} to ${due.subscriptionId} failed: ${outcome.error}`)
          break
        }
      }
      yield* recordAttempts(ended, deliveries.slice(ended.length).map((due) => due.id), leaseUntil)
      return true
    })
    const worker = Effect.gen(function*() {
      while (!(yield* Ref.get(stopping))) {
        const worked = yield* once.pipe(
          Effect.catchCause((cause) => Effect.as(Effect.logWarning("webhooks: taking or recording an attempt failed", cause), false))
        )
        if (!worked) yield* Effect.sleep(options.pollEvery)
      }
    })
    const fibers = yield* Effect.forEach(Array.from({ length: options.workers }), () => Effect.forkScoped(worker))
    yield* pruneDeliveries.pipe(
      Effect.tap((removed) => removed === 0 ? Effect.void : Effect.logInfo(`webhooks: ${removed} attempt(s) older than 30 days removed`)),
      Effect.catchCause((cause) => Effect.logWarning("webhooks: removing old attempts failed", cause)),
      Effect.repeat(Schedule.spaced(WEBHOOK_PRUNE_EVERY)),
      Effect.forkScoped
    )
    yield* Effect.addFinalizer(() => Effect.andThen(Ref.set(stopping, true), Fiber.interruptAll(fibers)))
  }))

/** The target rule of this deployment: production's unless outside it, lifted by `WEBHOOK_ALLOW_PRIVATE_TARGETS`. */
export const webhookPolicy = (settings: Settings): TargetPolicy => ({
  production: settings.production,
  allowPrivate: settings.webhookAllowPrivateTargets
})

/** `ports` with the webhook target rule and this instance's delivery workers on top of them. */
export const withWebhooks = <A, E, R>(settings: Settings, ports: Layer.Layer<A, E, R>) => {
  const policy = webhookPolicy(settings)
  return layerWebhookWorker({ policy, workers: WEBHOOK_WORKERS, pollEvery: WEBHOOK_POLL, attemptTimeout: ATTEMPT_TIMEOUT }).pipe(
    Layer.provideMerge(Layer.merge(ports, Layer.succeed(WebhookTargets, policy)))
  )
}
