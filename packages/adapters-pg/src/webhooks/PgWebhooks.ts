import { SqlClient, SqlSchema } from "effect/sql"
import type { Page } from "@bluelight/core/kernel"
import { WebhookEventType } from "@bluelight/core/kernel"
import {
  type DueDelivery,
  type FinishedAttempt,
  type OutboxMessage,
  type Webhook,
  WebhookDeliveries,
  WebhookDelivery,
  WebhookDeliveryId,
  WebhookId,
  WebhookMessageId,
  WebhookSubscriptions
} from "@bluelight/core/webhooks"
import { DateTime, Effect, Layer, Option, Schema } from "effect"
import { findOneBy, insertRow, pageOf, Window } from "../kernel/rows.js"

/** A `webhook_subscriptions` row is the subscription itself, its times `timestamptz`. */
const WebhookRow = Schema.Struct({
  id: WebhookId,
  url: Schema.String,
  events: Schema.Array(WebhookEventType),
  description: Schema.NullOr(Schema.String),
  active: Schema.Boolean,
  secret: Schema.String,
  createdAt: Schema.DateTimeUtcFromDate,
  updatedAt: Schema.DateTimeUtcFromDate,
  revokedAt: Schema.NullOr(Schema.DateTimeUtcFromDate)
})

const DeliveryRow = Schema.Struct({
  id: WebhookDeliveryId,
  messageId: WebhookMessageId,
  type: Schema.String,
  attempt: Schema.Int,
  status: WebhookDelivery.fields.status,
  responseStatus: Schema.NullOr(Schema.Int),
  error: Schema.NullOr(Schema.String),
  createdAt: Schema.DateTimeUtcFromDate,
  nextAttemptAt: Schema.NullOr(Schema.DateTimeUtcFromDate)
})

const DueRow = Schema.Struct({
  id: WebhookDeliveryId,
  messageId: WebhookMessageId,
  subscriptionId: WebhookId,
  attempt: Schema.Int,
  type: Schema.String,
  body: Schema.String,
  url: Schema.String,
  secret: Schema.String
})

const date = (at: DateTime.Utc) => DateTime.toDateUtc(at)

export const PgWebhookSubscriptions = Layer.effect(
  WebhookSubscriptions,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columnList = "id, url, events, description, active, secret, created_at, updated_at, revoked_at"
    const findBy = findOneBy(sql, WebhookRow, "webhook_subscriptions", columnList)
    const update = SqlSchema.void({
      Request: WebhookRow,
      execute: (row) => sql`UPDATE webhook_subscriptions SET ${sql.update(row, ["id"])} WHERE id = ${row.id}`
    })
    const list = SqlSchema.findAll({
      Request: Window,
      Result: WebhookRow,
      execute: ({ limit, offset }) =>
        sql`SELECT ${sql.literal(columnList)} FROM webhook_subscriptions ORDER BY id COLLATE "C" DESC LIMIT ${limit} OFFSET ${offset}`
    })
    return {
      list: Effect.fn("PgWebhookSubscriptions.list")((page: Page) => pageOf(page, list)),
      findById: Effect.fn("PgWebhookSubscriptions.findById")(findBy("id")),
      findByIdForUpdate: Effect.fn("PgWebhookSubscriptions.findByIdForUpdate")(findBy("id", "FOR UPDATE")),
      insert: Effect.fn("PgWebhookSubscriptions.insert")(insertRow(sql, WebhookRow, "webhook_subscriptions")),
      update: Effect.fn("PgWebhookSubscriptions.update")((webhook: Webhook) => Effect.orDie(update(webhook)))
    }
  })
)

/**
 * The outbox and the delivery log on `webhook_messages` and
 * `webhook_deliveries`. A queue writes the message and its first attempts in
 * the caller's transaction. A take leases the oldest due attempt chosen with `FOR UPDATE SKIP
 * LOCKED`, so two instances taking at once take two attempts, or one and
 * none; a finish locks the attempt, writes its end and the next attempt.
 */
export const PgWebhookDeliveries = Layer.effect(
  WebhookDeliveries,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const listFor = (subscription: WebhookId) =>
      SqlSchema.findAll({
        Request: Window,
        Result: DeliveryRow,
        execute: ({ limit, offset }) =>
          sql`
            SELECT id, message_id, type, attempt, status, response_status, error, created_at, next_attempt_at
            FROM webhook_deliveries WHERE subscription_id = ${subscription}
            ORDER BY seq DESC LIMIT ${limit} OFFSET ${offset}`
      })
    const decodeDue = Schema.decodeUnknownEffect(DueRow)
    return {
      queue: Effect.fn("PgWebhookDeliveries.queue")(function*(message: OutboxMessage, subscription: WebhookId | null) {
        const targets = yield* (subscription === null
          ? sql<{ readonly id: string }>`
              SELECT id FROM webhook_subscriptions
              WHERE active AND revoked_at IS NULL AND ${message.type} = ANY(events) ORDER BY id`
          : sql<{ readonly id: string }>`SELECT id FROM webhook_subscriptions WHERE id = ${subscription}`).pipe(Effect.orDie)
        if (targets.length === 0) return 0
        const at = date(message.createdAt)
        yield* sql`
          INSERT INTO webhook_messages (id, type, body, created_at)
          VALUES (${message.id}, ${message.type}, ${message.body}, ${at})`.pipe(Effect.orDie)
        yield* sql`
          INSERT INTO webhook_deliveries (id, message_id, subscription_id, type, attempt, status, created_at, next_attempt_at)
          SELECT gen_random_uuid()::text, ${message.id}, s, ${message.type}, 1, 'PENDING', ${at}, ${at}
          FROM unnest(${targets.map((t) => t.id)}::text[]) AS s`.pipe(Effect.orDie)
        return targets.length
      }),
      listFor: Effect.fn("PgWebhookDeliveries.listFor")((subscription: WebhookId, page: Page) => pageOf(page, listFor(subscription))),
      take: Effect.fn("PgWebhookDeliveries.take")(function*(now: DateTime.Utc, leaseUntil: DateTime.Utc) {
        const rows = yield* sql`
          WITH taken AS (
            UPDATE webhook_deliveries SET leased_until = ${date(leaseUntil)}
            WHERE seq = (
              SELECT d.seq FROM webhook_deliveries d
              JOIN webhook_subscriptions s ON s.id = d.subscription_id
              WHERE d.status = 'PENDING' AND d.next_attempt_at <= ${date(now)}
                AND (d.leased_until IS NULL OR d.leased_until < ${date(now)})
                AND s.active AND s.revoked_at IS NULL
              ORDER BY d.seq LIMIT 1
              FOR UPDATE OF d SKIP LOCKED)
            RETURNING id, message_id, subscription_id, attempt, type)
          SELECT t.id, t.message_id, t.subscription_id, t.attempt, t.type, m.body, s.url, s.secret
          FROM taken t JOIN webhook_messages m ON m.id = t.message_id JOIN webhook_subscriptions s ON s.id = t.subscription_id`.pipe(Effect.orDie)
        if (rows.length === 0) return Option.none<DueDelivery>()
        return Option.some<DueDelivery>(yield* Effect.orDie(decodeDue(rows[0])))
      }),
      finish: Effect.fn("PgWebhookDeliveries.finish")(function*(attempt: FinishedAttempt, at: DateTime.Utc) {
        const locked = yield* sql<{ readonly status: string; readonly subscriptionId: string }>`
          SELECT status, subscription_id FROM webhook_deliveries WHERE id = ${attempt.id} FOR UPDATE`.pipe(Effect.orDie)
        if (locked[0]?.status !== "PENDING") return false
        const next = attempt.nextAttemptAt === null ? null : date(attempt.nextAttemptAt)
        yield* sql`
          UPDATE webhook_deliveries SET status = ${attempt.status}, response_status = ${attempt.responseStatus},
            error = ${attempt.error}, next_attempt_at = ${next}, leased_until = NULL
          WHERE id = ${attempt.id}`.pipe(Effect.orDie)
        if (attempt.status === "FAILED" && next !== null) {
          yield* sql`
            INSERT INTO webhook_deliveries (id, message_id, subscription_id, type, attempt, status, created_at, next_attempt_at)
            SELECT gen_random_uuid()::text, message_id, subscription_id, type, attempt + 1, 'PENDING', ${date(at)}, ${next}
            FROM webhook_deliveries WHERE id = ${attempt.id}`.pipe(Effect.orDie)
        }
        // The receiver answers again: what waits for a retry to it is due now (in order of creation).
        if (attempt.status === "SUCCEEDED") {
          yield* sql`
            UPDATE webhook_deliveries SET next_attempt_at = ${date(at)}
            WHERE subscription_id = ${locked[0].subscriptionId} AND status = 'PENDING' AND attempt > 1 AND next_attempt_at > ${date(at)}`.pipe(
            Effect.orDie
          )
        }
        return true
      }),
      prune: Effect.fn("PgWebhookDeliveries.prune")(function*(before: DateTime.Utc) {
        const removed = yield* sql`
          DELETE FROM webhook_deliveries WHERE status <> 'PENDING' AND created_at < ${date(before)} RETURNING 1`.pipe(Effect.orDie)
        yield* sql`
          DELETE FROM webhook_messages m
          WHERE m.created_at < ${date(before)} AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.message_id = m.id)`.pipe(Effect.orDie)
        return removed.length
      })
    }
  })
)

/** The webhooks context on Postgres: subscriptions and the delivery log. */
export const PgWebhooks = Layer.mergeAll(PgWebhookSubscriptions, PgWebhookDeliveries)
