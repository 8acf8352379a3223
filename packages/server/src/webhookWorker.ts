import { ATTEMPT_TIMEOUT, pruneDeliveries, recordAttempt, takeDueDelivery, type TargetPolicy, WebhookTargets } from "@bluelight/core/webhooks"
import { Duration, Effect, Fiber, Layer, Option, Ref, Schedule } from "effect"
import type { Settings } from "./config.js"
import { sendAttempt } from "./webhookSender.js"

export interface WebhookWorkerOptions {
  readonly policy: TargetPolicy
  /** How many attempts this instance makes at once. */
  readonly workers: number
  /** How often an idle worker looks for attempts due (new messages, retries come due, leases run out). */
  readonly pollEvery: Duration.Duration
  /** How long one attempt may take. */
  readonly attemptTimeout: Duration.Duration
}

/** Each instance makes up to 4 attempts at once. */
export const WEBHOOK_WORKERS = 4
/**
 * An idle worker looks again after 100 ms: committed → sent is within that
 * (p99 well under the 500 ms goal), for one indexed query a tenth of a second.
 */
export const WEBHOOK_POLL = Duration.millis(100)
/** Old attempts are removed hourly. */
export const WEBHOOK_PRUNE_EVERY = Duration.hours(1)

/**
 * This instance's webhook workers, background fibers of the server's
 * composition (as the game-event inbox's). Each takes the oldest attempt due
 * (`FOR UPDATE SKIP LOCKED` and a lease, so instances never take the same one
 * at once and a crash's attempt is taken again once its lease runs out),
 * sends it signed, records how it ended (the next attempt queued on the
 * schedule), and takes the next; when none is due it waits `pollEvery`. A
 * store that does not answer is logged and tried at the next poll. On
 * shutdown the workers stop; an attempt in hand stays `PENDING` and is
 * made again after its lease (at least once).
 */
export const layerWebhookWorker = (options: WebhookWorkerOptions) =>
  Layer.effectDiscard(Effect.gen(function*() {
    const stopping = yield* Ref.make(false)
    const once = Effect.gen(function*() {
      // Untraced: an idle worker asks ten times a second, and a trace of each would drown the requests'.
      const due = yield* takeDueDelivery.pipe(Effect.withTracerEnabled(false))
      if (Option.isNone(due)) return false
      const outcome = yield* sendAttempt(due.value, options.policy, options.attemptTimeout).pipe(
        Effect.withSpan("webhooks.attempt", {
          attributes: { "webhook.message": due.value.messageId, "webhook.subscription": due.value.subscriptionId, "webhook.attempt": due.value.attempt }
        })
      )
      yield* recordAttempt(due.value, outcome)
      if (outcome._tag === "Failed") {
        yield* Effect.logWarning(
          `webhooks: attempt ${due.value.attempt} of message ${due.value.messageId} to ${due.value.subscriptionId} failed: ${outcome.error}`
        )
      }
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
