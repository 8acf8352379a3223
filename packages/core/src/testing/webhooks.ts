import { DateTime, Effect, Layer, Option } from "effect"
import { type Page, toPage } from "../kernel/index.js"
import {
  type DueDelivery,
  type FinishedAttempt,
  OutboxLive,
  type OutboxMessage,
  type TargetPolicy,
  type Webhook,
  type WebhookDelivery,
  WebhookDeliveries,
  WebhookDeliveryId,
  type WebhookId,
  WebhookSubscriptions,
  WebhookTargets
} from "../webhooks/index.js"
import { InMemoryDatabase } from "./InMemoryDatabase.js"

export const WEBHOOKS_TABLE = "webhook_subscriptions"
export const WEBHOOK_MESSAGES_TABLE = "webhook_messages"
export const WEBHOOK_DELIVERIES_TABLE = "webhook_deliveries"

/**
 * A delivery-log row as the in-memory store keeps it: the attempt, its order
 * of creation and its message's, whose it is and its lease.
 */
export interface StoredDelivery extends WebhookDelivery {
  readonly seq: number
  readonly messageSeq: number
  readonly subscriptionId: WebhookId
  readonly leasedUntil: DateTime.Utc | null
}

const pageOf = <A>(sorted: ReadonlyArray<A>, page: Page) => toPage(sorted.slice(page.offset, page.offset + page.limit + 1), page)

export const InMemoryWebhookSubscriptions = Layer.effect(
  WebhookSubscriptions,
  InMemoryDatabase.useSync((db) => {
    const rows = db.rows<Webhook>(WEBHOOKS_TABLE)
    const find = (id: WebhookId) => Effect.map(rows, (all) => Option.fromNullishOr(all.find((webhook) => webhook.id === id)))
    return {
      list: (page: Page) => Effect.map(rows, (all) => pageOf([...all].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)), page)),
      findById: find,
      findByIdForUpdate: find,
      insert: (webhook: Webhook) => db.insert(WEBHOOKS_TABLE, webhook),
      update: (webhook: Webhook) => db.update<Webhook>(WEBHOOKS_TABLE, (all) => all.map((row) => (row.id === webhook.id ? webhook : row)))
    }
  })
)

export const InMemoryWebhookDeliveries = Layer.effect(
  WebhookDeliveries,
  InMemoryDatabase.useSync((db) => {
    const deliveries = db.rows<StoredDelivery>(WEBHOOK_DELIVERIES_TABLE)
    const messages = db.rows<OutboxMessage>(WEBHOOK_MESSAGES_TABLE)
    const subscriptions = db.rows<Webhook>(WEBHOOKS_TABLE)
    let seq = 0
    let messageSeq = 0
    let deliveryIds = 0
    const nextDeliveryId = () => WebhookDeliveryId.make(`delivery-${String(++deliveryIds).padStart(8, "0")}`)
    const attemptRow = (
      message: { readonly id: OutboxMessage["id"]; readonly type: string; readonly seq: number },
      subscriptionId: WebhookId,
      attempt: number,
      at: DateTime.Utc
    ): StoredDelivery => ({
      id: nextDeliveryId(),
      seq: ++seq,
      messageSeq: message.seq,
      subscriptionId,
      messageId: message.id,
      type: message.type,
      attempt,
      status: "PENDING",
      responseStatus: null,
      error: null,
      createdAt: at,
      nextAttemptAt: at,
      leasedUntil: null
    })
    const view = ({ seq: _seq, messageSeq: _messageSeq, subscriptionId: _subscription, leasedUntil: _lease, ...delivery }: StoredDelivery): WebhookDelivery =>
      delivery
    const finish = (attempt: FinishedAttempt, at: DateTime.Utc) =>
      Effect.gen(function*() {
        const row = (yield* deliveries).find((stored) => stored.id === attempt.id)
        if (row === undefined || row.status !== "PENDING") return false
        yield* db.update<StoredDelivery>(WEBHOOK_DELIVERIES_TABLE, (all) =>
          all.map((stored) =>
            stored.id === attempt.id
              ? {
                ...stored,
                status: attempt.status,
                responseStatus: attempt.responseStatus,
                error: attempt.error,
                nextAttemptAt: attempt.nextAttemptAt,
                leasedUntil: null
              }
              : stored
          ))
        if (attempt.status === "SUCCEEDED") {
          yield* db.update<StoredDelivery>(WEBHOOK_DELIVERIES_TABLE, (all) =>
            all.map((stored) =>
              stored.subscriptionId === row.subscriptionId && stored.status === "PENDING" && stored.attempt > 1 && stored.nextAttemptAt !== null &&
                DateTime.isGreaterThan(stored.nextAttemptAt, at)
                ? { ...stored, nextAttemptAt: at }
                : stored
            ))
        }
        if (attempt.status === "FAILED" && attempt.nextAttemptAt !== null) {
          yield* db.insert(WEBHOOK_DELIVERIES_TABLE, {
            ...attemptRow({ id: row.messageId, type: row.type, seq: row.messageSeq }, row.subscriptionId, row.attempt + 1, at),
            nextAttemptAt: attempt.nextAttemptAt
          })
        }
        return true
      })
    return {
      queue: (message: OutboxMessage, subscription: WebhookId | null) =>
        Effect.gen(function*() {
          const targets = (yield* subscriptions).filter((webhook) =>
            subscription === null
              ? webhook.active && webhook.revokedAt === null && webhook.events.some((type) => type === message.type)
              : webhook.id === subscription
          )
          if (targets.length === 0) return 0
          yield* db.insert(WEBHOOK_MESSAGES_TABLE, message)
          const ordered = { ...message, seq: ++messageSeq }
          for (const webhook of targets) yield* db.insert(WEBHOOK_DELIVERIES_TABLE, attemptRow(ordered, webhook.id, 1, message.createdAt))
          return targets.length
        }),
      listFor: (subscription: WebhookId, page: Page) =>
        Effect.map(deliveries, (all) => pageOf(all.filter((row) => row.subscriptionId === subscription).sort((a, b) => b.seq - a.seq).map(view), page)),
      take: (now: DateTime.Utc, leaseUntil: DateTime.Utc, limit: number) =>
        Effect.gen(function*() {
          const webhooks = yield* subscriptions
          const all = yield* deliveries
          const pending = all.filter((row) => row.status === "PENDING")
          const isDue = (row: StoredDelivery) => row.nextAttemptAt !== null && DateTime.isLessThanOrEqualTo(row.nextAttemptAt, now)
          // Held: an attempt in flight (leased until now or later), or a first retry waiting.
          const held = new Set(
            pending.filter((row) => (row.leasedUntil !== null && DateTime.isGreaterThanOrEqualTo(row.leasedUntil, now)) || (row.attempt === 2 && !isDue(row)))
              .map((row) => row.subscriptionId)
          )
          const due = pending.filter((row) => {
            const webhook = webhooks.find((w) => w.id === row.subscriptionId)
            return webhook !== undefined && webhook.active && webhook.revokedAt === null && isDue(row) && !held.has(row.subscriptionId)
          })
          // The subscription whose oldest due attempt is due first; its due attempts in order of their messages' creation.
          const first = [...due].sort((a, b) => DateTime.toEpochMillis(a.nextAttemptAt!) - DateTime.toEpochMillis(b.nextAttemptAt!) || a.seq - b.seq)[0]
          if (first === undefined) return []
          const batch = due.filter((row) => row.subscriptionId === first.subscriptionId)
            .sort((a, b) => a.messageSeq - b.messageSeq || a.attempt - b.attempt)
            .slice(0, limit)
          const taken = new Set(batch.map((row) => row.id))
          yield* db.update<StoredDelivery>(
            WEBHOOK_DELIVERIES_TABLE,
            (rows) => rows.map((row) => (taken.has(row.id) ? { ...row, leasedUntil: leaseUntil } : row))
          )
          const webhook = webhooks.find((w) => w.id === first.subscriptionId)!
          const stored = yield* messages
          return batch.map((row): DueDelivery => ({
            id: row.id,
            messageId: row.messageId,
            subscriptionId: row.subscriptionId,
            attempt: row.attempt,
            type: row.type,
            body: stored.find((m) => m.id === row.messageId)!.body,
            url: webhook.url,
            secret: webhook.secret
          }))
        }),
      release: (ids: ReadonlyArray<WebhookDeliveryId>, leaseUntil: DateTime.Utc) =>
        db.update<StoredDelivery>(
          WEBHOOK_DELIVERIES_TABLE,
          (rows) =>
            rows.map((row) =>
              ids.includes(row.id) && row.status === "PENDING" && row.leasedUntil !== null &&
                DateTime.toEpochMillis(row.leasedUntil) === DateTime.toEpochMillis(leaseUntil)
                ? { ...row, leasedUntil: null }
                : row
            )
        ),
      finish,
      finishAll: (attempts: ReadonlyArray<FinishedAttempt>, at: DateTime.Utc) => Effect.forEach(attempts, (attempt) => finish(attempt, at)),
      prune: (before: DateTime.Utc) =>
        Effect.gen(function*() {
          const old = (yield* deliveries).filter((row) => row.status !== "PENDING" && DateTime.isLessThan(row.createdAt, before))
          if (old.length === 0) return 0
          const gone = new Set(old.map((row) => row.id))
          yield* db.update<StoredDelivery>(WEBHOOK_DELIVERIES_TABLE, (all) => all.filter((row) => !gone.has(row.id)))
          const left = new Set((yield* deliveries).map((row) => row.messageId))
          yield* db.update<OutboxMessage>(WEBHOOK_MESSAGES_TABLE, (all) => all.filter((message) => left.has(message.id)))
          return old.length
        })
    }
  })
)

/** The target rule of a development server (`http:` and loopback allowed) unless a test gives another. */
export const TestWebhookTargets = (policy: TargetPolicy = { production: false, allowPrivate: false }) => Layer.succeed(WebhookTargets, policy)

/** The webhooks context in memory: subscriptions, the delivery log and the kernel's `Outbox` on it. */
export const InMemoryWebhooks = (policy?: TargetPolicy) =>
  OutboxLive.pipe(
    Layer.provideMerge(Layer.mergeAll(InMemoryWebhookSubscriptions, InMemoryWebhookDeliveries)),
    Layer.merge(TestWebhookTargets(policy))
  )
