import { SqlClient, SqlSchema } from "effect/sql"
import type { Page } from "@bluelight/core/kernel"
import { WebhookEventType } from "@bluelight/core/kernel"
import {
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
import { DateTime, Effect, Layer, Schema } from "effect"
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
 * the caller's transaction. A take, in one transaction, locks a subscription
 * with an attempt due and none held (`FOR NO KEY UPDATE SKIP LOCKED`, which
 * a queue's foreign-key lock does not wait for), then, in a statement of its
 * own that sees every earlier taker's committed lease, leases its due
 * attempts in order of their messages' creation unless one is held by now:
 * two takers never hold attempts of one subscription at once. A finish locks
 * the attempt, writes its end and the next attempt.
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
    const finish = Effect.fn("PgWebhookDeliveries.finish")(function*(attempt: FinishedAttempt, at: DateTime.Utc) {
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
          INSERT INTO webhook_deliveries (id, message_id, message_seq, subscription_id, type, attempt, status, created_at, next_attempt_at)
          SELECT gen_random_uuid()::text, message_id, message_seq, subscription_id, type, attempt + 1, 'PENDING', ${date(at)}, ${next}
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
    })
    return {
      // One round trip on every change that emits: the subscriptions that want it, the message (only when one
      // does) and a first attempt for each, so that a change nobody subscribed to writes nothing more.
      queue: Effect.fn("PgWebhookDeliveries.queue")(function*(message: OutboxMessage, subscription: WebhookId | null) {
        const at = date(message.createdAt)
        const targets = subscription === null
          ? sql`SELECT id FROM webhook_subscriptions WHERE active AND revoked_at IS NULL AND ${message.type} = ANY(events)`
          : sql`SELECT id FROM webhook_subscriptions WHERE id = ${subscription}`
        const queued = yield* sql<{ readonly count: string }>`
          WITH targets AS (${targets}),
          message AS (
            INSERT INTO webhook_messages (id, type, body, created_at)
            SELECT ${message.id}, ${message.type}, ${message.body}, ${at} WHERE EXISTS (SELECT 1 FROM targets)
            RETURNING seq),
          attempts AS (
            INSERT INTO webhook_deliveries (id, message_id, message_seq, subscription_id, type, attempt, status, created_at, next_attempt_at)
            SELECT gen_random_uuid()::text, ${message.id}, message.seq, targets.id, ${message.type}, 1, 'PENDING', ${at}, ${at}
            FROM targets CROSS JOIN message ORDER BY targets.id
            RETURNING 1)
          SELECT count(*)::text AS count FROM attempts`.pipe(Effect.orDie)
        return Number(queued[0]!.count)
      }),
      listFor: Effect.fn("PgWebhookDeliveries.listFor")((subscription: WebhookId, page: Page) => pageOf(page, listFor(subscription))),
      take: Effect.fn("PgWebhookDeliveries.take")(function*(now: DateTime.Utc, leaseUntil: DateTime.Utc, limit: number) {
        const at = date(now)
        // A subscription with an attempt due and none held (one in flight: leased until now or later; or a first
        // retry waiting: attempt 2, not yet due), the one due longest first.
        const choose = (lock: boolean) =>
          sql<{ readonly id: string }>`
          SELECT s.id FROM webhook_subscriptions s
          WHERE s.active AND s.revoked_at IS NULL
            AND EXISTS (
              SELECT 1 FROM webhook_deliveries d
              WHERE d.subscription_id = s.id AND d.status = 'PENDING' AND d.next_attempt_at <= ${at})
            AND NOT EXISTS (
              SELECT 1 FROM webhook_deliveries x
              WHERE x.subscription_id = s.id AND x.status = 'PENDING' AND x.leased_until IS NOT NULL AND x.leased_until >= ${at})
            AND NOT EXISTS (
              SELECT 1 FROM webhook_deliveries r
              WHERE r.subscription_id = s.id AND r.status = 'PENDING' AND r.attempt = 2 AND r.next_attempt_at > ${at})
          ORDER BY (
            SELECT min(d.next_attempt_at) FROM webhook_deliveries d
            WHERE d.subscription_id = s.id AND d.status = 'PENDING' AND d.next_attempt_at <= ${at})
          LIMIT 1
          ${sql.literal(lock ? "FOR NO KEY UPDATE OF s SKIP LOCKED" : "")}`
        // Idle, the common case: one statement finds nothing due, and no transaction is opened.
        if ((yield* choose(false).pipe(Effect.orDie)).length === 0) return []
        const rows = yield* sql.withTransaction(Effect.gen(function*() {
          // 1. That subscription, locked (skipping those other takers hold).
          const chosen = yield* choose(true)
          if (chosen.length === 0) return []
          const subscription = chosen[0]!.id
          // 2. Asked again under the lock (a statement of its own sees what a taker before it committed): its due
          //    attempts, oldest message first, unless one is held by now.
          return yield* sql`
            WITH taken AS (
              UPDATE webhook_deliveries SET leased_until = ${date(leaseUntil)}
              WHERE seq IN (
                SELECT d.seq FROM webhook_deliveries d
                WHERE d.subscription_id = ${subscription} AND d.status = 'PENDING' AND d.next_attempt_at <= ${at}
                  AND NOT EXISTS (
                    SELECT 1 FROM webhook_deliveries x
                    WHERE x.subscription_id = ${subscription} AND x.status = 'PENDING'
                      AND x.leased_until IS NOT NULL AND x.leased_until >= ${at})
                  AND NOT EXISTS (
                    SELECT 1 FROM webhook_deliveries r
                    WHERE r.subscription_id = ${subscription} AND r.status = 'PENDING' AND r.attempt = 2 AND r.next_attempt_at > ${at})
                ORDER BY d.message_seq, d.attempt LIMIT ${limit})
              RETURNING id, message_id, message_seq, subscription_id, attempt, type)
            SELECT t.id, t.message_id, t.subscription_id, t.attempt, t.type, m.body, s.url, s.secret
            FROM taken t JOIN webhook_messages m ON m.id = t.message_id JOIN webhook_subscriptions s ON s.id = t.subscription_id
            ORDER BY t.message_seq, t.attempt`
        })).pipe(Effect.orDie)
        return yield* Effect.orDie(Effect.forEach(rows, (row) => decodeDue(row)))
      }),
      release: Effect.fn("PgWebhookDeliveries.release")(function*(ids: ReadonlyArray<WebhookDeliveryId>, leaseUntil: DateTime.Utc) {
        yield* sql`
          UPDATE webhook_deliveries SET leased_until = NULL
          WHERE id = ANY(${ids}::text[]) AND status = 'PENDING' AND leased_until = ${date(leaseUntil)}`.pipe(Effect.orDie)
      }),
      finish,
      finishAll: Effect.fn("PgWebhookDeliveries.finishAll")(function*(attempts: ReadonlyArray<FinishedAttempt>, at: DateTime.Utc) {
        // The successes (a batch's all but its last, at most) in one statement: each changed only if still
        // PENDING (the update locks the row and checks again); then the success rule once; then the rest, in order.
        const succeeded = attempts.filter((attempt) => attempt.status === "SUCCEEDED")
        const recorded = new Set<string>()
        if (succeeded.length > 0) {
          const rows = yield* sql<{ readonly id: string; readonly subscriptionId: string }>`
            UPDATE webhook_deliveries d SET status = 'SUCCEEDED', response_status = v.response_status, error = NULL,
              next_attempt_at = NULL, leased_until = NULL
            FROM unnest(${succeeded.map((a) => a.id)}::text[], ${succeeded.map((a) => a.responseStatus)}::int[]) AS v (id, response_status)
            WHERE d.id = v.id AND d.status = 'PENDING'
            RETURNING d.id, d.subscription_id`.pipe(Effect.orDie)
          for (const row of rows) recorded.add(row.id)
          const receivers = [...new Set(rows.map((row) => row.subscriptionId))]
          if (receivers.length > 0) {
            yield* sql`
              UPDATE webhook_deliveries SET next_attempt_at = ${date(at)}
              WHERE subscription_id = ANY(${receivers}::text[]) AND status = 'PENDING' AND attempt > 1 AND next_attempt_at > ${date(at)}`.pipe(
              Effect.orDie
            )
          }
        }
        for (const attempt of attempts) {
          if (attempt.status !== "SUCCEEDED" && (yield* finish(attempt, at))) recorded.add(attempt.id)
        }
        return attempts.map((attempt) => recorded.has(attempt.id))
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
