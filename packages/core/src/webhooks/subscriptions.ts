import { Clock, DateTime, Effect } from "effect"
import { actorOf, requires, Tokens, type UserCaller } from "../identity/index.js"
import {
  AuditLog,
  checkedPage,
  InvalidInput,
  InvalidState,
  inTransaction,
  newId,
  orNotFound,
  type Page,
  validated,
  type WebhookEventType
} from "../kernel/index.js"
import { WebhookDeliveries, WebhookSubscriptions, WebhookTargets } from "./ports.js"
import { targetRefusal } from "./targets.js"
import {
  type CreatedWebhook,
  type Webhook,
  WEBHOOK_TEST_TYPE,
  WebhookChangeFields,
  WebhookFields,
  WebhookId,
  WebhookMessageId,
  webhookView
} from "./Webhook.js"

/** The prefix of every webhook secret: `whsec_` + base64 of 32 random bytes (Standard Webhooks). */
export const WEBHOOK_SECRET_PREFIX = "whsec_"

/** Base64url without padding (what `Tokens.random` draws) as standard, padded base64. */
export const base64UrlToBase64 = (text: string): string => {
  const standard = text.replace(/-/g, "+").replace(/_/g, "/")
  return standard + "=".repeat((4 - (standard.length % 4)) % 4)
}

const validWebhook = validated(WebhookFields, "The webhook is not valid")
const validChange = validated(WebhookChangeFields, "The webhook change is not valid")

/** The URL held to the deployment's target rule: `INVALID_INPUT` at `["url"]`. */
const allowedTarget = (url: string) =>
  Effect.gen(function*() {
    const refusal = targetRefusal(url, yield* WebhookTargets)
    if (refusal !== null) return yield* new InvalidInput({ message: "The webhook is not valid", details: [{ path: ["url"], message: refusal }] })
  })

/** The events listed once each, in the order of the list. */
const distinct = (events: ReadonlyArray<WebhookEventType>): ReadonlyArray<WebhookEventType> => [...new Set(events)]

/** `GET /admin/webhooks`: every subscription, revoked ones too, newest first; never a secret. */
export const listWebhooks = Effect.fn("webhooks.listWebhooks")(function*(requested: Page) {
  const page = yield* checkedPage(requested)
  const listed = yield* WebhookSubscriptions.use((subscriptions) => subscriptions.list(page))
  return { items: listed.items.map(webhookView), meta: listed.meta }
}, requires("admin.manage"))

/**
 * Creates a subscription with a new secret, answered this once (only the
 * signing key is kept, and it is never answered again). Audited as
 * `webhook.created` (without the secret).
 */
export const createWebhook = Effect.fn("webhooks.createWebhook")(function*(
  caller: UserCaller,
  fields: { readonly url: string; readonly events: ReadonlyArray<WebhookEventType>; readonly description?: string | null | undefined }
) {
  const input = yield* validWebhook(fields)
  yield* allowedTarget(input.url)
  const subscriptions = yield* WebhookSubscriptions
  const audit = yield* AuditLog
  const key = base64UrlToBase64(yield* Tokens.use((tokens) => tokens.random(32)))
  return yield* inTransaction(Effect.gen(function*() {
    const now = yield* DateTime.now
    const webhook: Webhook = {
      id: yield* newId(WebhookId),
      url: input.url,
      events: distinct(input.events),
      description: input.description ?? null,
      active: true,
      secret: key,
      createdAt: now,
      updatedAt: now,
      revokedAt: null
    }
    yield* subscriptions.insert(webhook)
    yield* audit.record({
      action: "webhook.created",
      actor: actorOf(caller),
      targetType: "webhook",
      targetId: webhook.id,
      data: { url: webhook.url, events: webhook.events, description: webhook.description }
    })
    const created: CreatedWebhook = { ...webhookView(webhook), secret: `${WEBHOOK_SECRET_PREFIX}${key}` }
    return created
  }))
}, requires("admin.manage"))

const revokedState = new InvalidState({ message: "The webhook is revoked for good" })

/**
 * Changes a subscription's target, events, description or whether it is
 * active (a paused one keeps what it was sent and gets nothing new). Audited
 * as `webhook.changed` with what was and is. A revoked one cannot change
 * (`INVALID_STATE`).
 */
export const changeWebhook = Effect.fn("webhooks.changeWebhook")(function*(
  caller: UserCaller,
  id: WebhookId,
  change: {
    readonly url?: string | undefined
    readonly events?: ReadonlyArray<WebhookEventType> | undefined
    readonly description?: string | null | undefined
    readonly active?: boolean | undefined
  }
) {
  const input = yield* validChange(change)
  if (input.url !== undefined) yield* allowedTarget(input.url)
  const subscriptions = yield* WebhookSubscriptions
  const audit = yield* AuditLog
  return yield* inTransaction(Effect.gen(function*() {
    const webhook = yield* subscriptions.findByIdForUpdate(id).pipe(orNotFound("No such webhook"))
    if (webhook.revokedAt !== null) return yield* Effect.fail(revokedState)
    const changed: Webhook = {
      ...webhook,
      url: input.url ?? webhook.url,
      events: input.events === undefined ? webhook.events : distinct(input.events),
      description: input.description === undefined ? webhook.description : input.description,
      active: input.active ?? webhook.active
    }
    const before = webhookView(webhook)
    const after = webhookView(changed)
    const same = before.url === after.url && before.events.join() === after.events.join() && before.description === after.description &&
      before.active === after.active
    if (same) return before
    const updated: Webhook = { ...changed, updatedAt: yield* DateTime.now }
    yield* subscriptions.update(updated)
    yield* audit.record({
      action: "webhook.changed",
      actor: actorOf(caller),
      targetType: "webhook",
      targetId: webhook.id,
      data: {
        before: { url: before.url, events: before.events, description: before.description, active: before.active },
        after: { url: after.url, events: after.events, description: after.description, active: after.active }
      }
    })
    return webhookView(updated)
  }))
}, requires("admin.manage"))

/** Revokes a subscription for good: nothing more is sent to it, what was waiting included. Audited as `webhook.revoked`. */
export const revokeWebhook = Effect.fn("webhooks.revokeWebhook")(function*(caller: UserCaller, id: WebhookId) {
  const subscriptions = yield* WebhookSubscriptions
  const audit = yield* AuditLog
  return yield* inTransaction(Effect.gen(function*() {
    const webhook = yield* subscriptions.findByIdForUpdate(id).pipe(orNotFound("No such webhook"))
    if (webhook.revokedAt !== null) return webhookView(webhook)
    const now = yield* DateTime.now
    const revoked: Webhook = { ...webhook, active: false, revokedAt: now, updatedAt: now }
    yield* subscriptions.update(revoked)
    yield* audit.record({
      action: "webhook.revoked",
      actor: actorOf(caller),
      targetType: "webhook",
      targetId: webhook.id,
      data: { url: webhook.url }
    })
    return webhookView(revoked)
  }))
}, requires("admin.manage"))

/**
 * Queues a `webhook.test` message for this one subscription (a paused one
 * receives it once active again, as everything queued for it; a revoked one
 * is `INVALID_STATE`). Not audited: it changes nothing but the delivery log.
 */
export const testWebhook = Effect.fn("webhooks.testWebhook")(function*(_caller: UserCaller, id: WebhookId) {
  const subscriptions = yield* WebhookSubscriptions
  const deliveries = yield* WebhookDeliveries
  return yield* inTransaction(Effect.gen(function*() {
    const webhook = yield* subscriptions.findByIdForUpdate(id).pipe(orNotFound("No such webhook"))
    if (webhook.revokedAt !== null) return yield* Effect.fail(revokedState)
    const createdAt = DateTime.makeUnsafe(yield* Clock.currentTimeMillis)
    const messageId = yield* newId(WebhookMessageId)
    const timestamp = DateTime.formatIso(createdAt)
    const body = JSON.stringify({ type: WEBHOOK_TEST_TYPE, timestamp, data: { webhook: webhookView(webhook).id } })
    yield* deliveries.queue({ id: messageId, type: WEBHOOK_TEST_TYPE, body, createdAt }, webhook.id)
    return { messageId }
  }))
}, requires("admin.manage"))

/** `GET /admin/webhooks/{id}/deliveries`: the subscription's attempts, newest first. */
export const listDeliveries = Effect.fn("webhooks.listDeliveries")(function*(id: WebhookId, requested: Page) {
  const page = yield* checkedPage(requested)
  yield* WebhookSubscriptions.use((subscriptions) => subscriptions.findById(id)).pipe(orNotFound("No such webhook"))
  return yield* WebhookDeliveries.use((deliveries) => deliveries.listFor(id, page))
}, requires("admin.manage"))
