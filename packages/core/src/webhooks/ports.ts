import { Context, type DateTime, type Effect, type Option } from "effect"
import type { Page, PageOf } from "../kernel/index.js"
import type { TargetPolicy } from "./targets.js"
import type { DeliveryStatus, Webhook, WebhookDelivery, WebhookDeliveryId, WebhookId, WebhookMessageId } from "./Webhook.js"

/** The subscriptions, with the secret each is signed with. */
export class WebhookSubscriptions extends Context.Service<WebhookSubscriptions, {
  /** A page of subscriptions, revoked ones too, newest first. */
  readonly list: (page: Page) => Effect.Effect<PageOf<Webhook>>
  readonly findById: (id: WebhookId) => Effect.Effect<Option.Option<Webhook>>
  /** The subscription, its row locked until the transaction ends. */
  readonly findByIdForUpdate: (id: WebhookId) => Effect.Effect<Option.Option<Webhook>>
  readonly insert: (webhook: Webhook) => Effect.Effect<void>
  readonly update: (webhook: Webhook) => Effect.Effect<void>
}>()("@bluelight/core/webhooks/WebhookSubscriptions") {}

/** A message as the outbox writes it: its body is the exact text every attempt sends and signs. */
export interface OutboxMessage {
  readonly id: WebhookMessageId
  readonly type: string
  readonly body: string
  readonly createdAt: DateTime.Utc
}

/** A delivery due now, with what sending it needs. */
export interface DueDelivery {
  readonly id: WebhookDeliveryId
  readonly messageId: WebhookMessageId
  readonly subscriptionId: WebhookId
  readonly attempt: number
  readonly type: string
  readonly body: string
  readonly url: string
  readonly secret: string
}

/** How an attempt ended, as the log keeps it. */
export interface FinishedAttempt {
  readonly id: WebhookDeliveryId
  readonly status: Exclude<DeliveryStatus, "PENDING">
  readonly responseStatus: number | null
  readonly error: string | null
  readonly nextAttemptAt: DateTime.Utc | null
}

/**
 * The outbox's messages and the delivery log: one row per attempt of a
 * message at a subscription, the next attempt written (`PENDING`, due at its
 * time) when one fails.
 */
export class WebhookDeliveries extends Context.Service<WebhookDeliveries, {
  /**
   * Writes the message and its first attempt, due `createdAt`, for
   * `subscription`, or (when null) for every active subscription whose events
   * list the type. Runs in the caller's transaction. Answers how many deliveries it queued.
   */
  readonly queue: (message: OutboxMessage, subscription: WebhookId | null) => Effect.Effect<number>
  /** A page of a subscription's attempts, newest first. */
  readonly listFor: (subscription: WebhookId, page: Page) => Effect.Effect<PageOf<WebhookDelivery>>
  /**
   * Up to `limit` attempts of one active subscription, taken until
   * `leaseUntil`, in order of their messages' creation: the `PENDING` ones due
   * at `now` of a subscription with no attempt in flight (leased until `now`
   * or later) and no first retry waiting (a message whose first attempt
   * failed holds its subscription until that retry). Two takers at once
   * never take attempts of one subscription (across instances); another
   * takes a taken one only once its lease runs out. Empty when none is due.
   */
  readonly take: (now: DateTime.Utc, leaseUntil: DateTime.Utc, limit: number) => Effect.Effect<ReadonlyArray<DueDelivery>>
  /**
   * Gives back taken attempts not sent (a batch stopped at a failure, or
   * before its lease ran short): still `PENDING` and leased until
   * `leaseUntil`, they are free to take at once.
   */
  readonly release: (ids: ReadonlyArray<WebhookDeliveryId>, leaseUntil: DateTime.Utc) => Effect.Effect<void>
  /**
   * Records how the attempt ended, unless it is no longer `PENDING` (another
   * taker finished it after this one's lease ran out): then false. A `FAILED`
   * attempt queues the next (`attempt + 1`, due `nextAttemptAt`). Locks the row
   * (read-check-write in one transaction). A `SUCCEEDED` attempt makes every
   * retry waiting for the same subscription due at `at`: its receiver answers
   * again, and the schedule's waits only spare a receiver that does not.
   */
  readonly finish: (attempt: FinishedAttempt, at: DateTime.Utc) => Effect.Effect<boolean>
  /**
   * `finish` for a batch's attempts, in their order, in the caller's
   * transaction, with fewer statements: answers, for each, whether it was
   * recorded (still `PENDING`).
   */
  readonly finishAll: (attempts: ReadonlyArray<FinishedAttempt>, at: DateTime.Utc) => Effect.Effect<ReadonlyArray<boolean>>
  /** Removes finished attempts created before `before` (and messages left with none). Answers how many attempts. */
  readonly prune: (before: DateTime.Utc) => Effect.Effect<number>
}>()("@bluelight/core/webhooks/WebhookDeliveries") {}

/** Which targets this deployment may send to (`targets.ts`). */
export class WebhookTargets extends Context.Service<WebhookTargets, TargetPolicy>()("@bluelight/core/webhooks/WebhookTargets") {}
