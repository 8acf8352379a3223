import { Context, Effect, Schema } from "effect"

/**
 * The event types an integration can hear (docs/decisions/integrations.md,
 * "Outbound webhooks"): the one list. `webhook.test` is not among them: only
 * `POST /admin/webhooks/{id}/test` sends it, to that one subscription.
 */
export const WEBHOOK_EVENT_TYPES = [
  "cad.incident.created",
  "cad.incident.closed",
  "cad.unit.assigned",
  "cad.call.received",
  "cad.panic",
  "pnc.warrant.activated",
  "pnc.licence.suspended",
  "moderation.action.created",
  "moderation.action.settled",
  "shift.started",
  "shift.ended"
] as const

export const WebhookEventType = Schema.Literals(WEBHOOK_EVENT_TYPES).annotate({
  identifier: "WebhookEventType",
  description: "An event type an integration can subscribe to"
})
export type WebhookEventType = typeof WebhookEventType.Type

/**
 * The transactional outbox: `emit` writes a message (`{type, timestamp,
 * data}`, `data` the record's API view) for every active subscription that
 * wants its type, in the transaction it runs in, so a change that rolls back
 * sends nothing and a committed one is never lost. It must run inside the
 * change's `inTransaction(...)`; workers deliver what it wrote after commit.
 */
export class Outbox extends Context.Service<Outbox, {
  readonly emit: (type: WebhookEventType, data: unknown) => Effect.Effect<void>
}>()("@bluelight/core/kernel/Outbox") {}

/** Writes `type` with `data` to the outbox in context (inside the change's transaction). */
export const emitEvent = (type: WebhookEventType, data: unknown): Effect.Effect<void, never, Outbox> => Outbox.use((outbox) => outbox.emit(type, data))

/**
 * Writes `type` to the outbox with `value` as `schema` encodes it (the view
 * its endpoint answers, as JSON), inside the change's transaction.
 */
export const emitView = <A, I>(type: WebhookEventType, schema: Schema.Codec<A, I>, value: A): Effect.Effect<void, never, Outbox> =>
  Effect.suspend(() => emitEvent(type, Schema.encodeSync(schema)(value)))
