/** Helpers for the tests that look at what the use cases write to the webhook outbox. */
import type { UserCaller } from "@bluelight/core/identity"
import type { WebhookEventType } from "@bluelight/core/kernel"
import { InMemoryDatabase, type StoredDelivery, WEBHOOK_DELIVERIES_TABLE, WEBHOOK_MESSAGES_TABLE } from "@bluelight/core/testing"
import { createWebhook, type OutboxMessage } from "@bluelight/core/webhooks"
import { Effect } from "effect"

/** A message as delivered: the parsed body. */
export interface SentMessage {
  readonly type: string
  readonly timestamp: string
  readonly data: any
}

/** A subscription to `events`, made by `admin`. */
export const subscribe = (admin: UserCaller, events: ReadonlyArray<WebhookEventType>) => createWebhook(admin, { url: "https://hooks.example.com/in", events })

/** Every first attempt queued so far, oldest first, as the message its receiver gets. */
export const sentMessages = InMemoryDatabase.use((db) =>
  Effect.gen(function*() {
    const messages = yield* db.rows<OutboxMessage>(WEBHOOK_MESSAGES_TABLE)
    const deliveries = yield* db.rows<StoredDelivery>(WEBHOOK_DELIVERIES_TABLE)
    return deliveries.filter((d) => d.attempt === 1).map((d) => JSON.parse(messages.find((m) => m.id === d.messageId)!.body) as SentMessage)
  })
)
