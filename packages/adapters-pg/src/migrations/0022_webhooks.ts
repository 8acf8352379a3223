import { SqlClient } from "effect/sql"
import { Effect } from "effect"

/**
 * Outbound webhooks (docs/decisions/integrations.md, "Outbound webhooks"):
 *
 * - `webhook_subscriptions`: the targets, the event types each wants, and the
 *   signing key (`secret`, the 32 bytes as base64: what signing needs, never
 *   answered after creation). Revoked ones stay (`revoked_at`), never active.
 * - `webhook_messages`: the outbox, written in the change's transaction; `body`
 *   is the exact JSON every attempt sends and signs; `seq` its order of creation.
 * - `webhook_deliveries`: the delivery log, one row per attempt of a message at
 *   a subscription (`seq` its order of creation). A `PENDING` row is due at
 *   `next_attempt_at` and is taken until `leased_until`; a finished one keeps
 *   its answer, and a `FAILED` one the time of the next attempt (its own
 *   `PENDING` row). One attempt of each number per message and subscription.
 *   `message_seq` is the message's `seq`, on each of its attempts: a
 *   subscription's attempts are sent one at a time in that order (a take's
 *   rule, which `webhook_deliveries_line_idx` answers).
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE webhook_subscriptions (
      id text PRIMARY KEY,
      url text NOT NULL,
      events text[] NOT NULL CHECK (cardinality(events) BETWEEN 1 AND 20),
      description text,
      active boolean NOT NULL,
      secret text NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      revoked_at timestamptz,
      CHECK (revoked_at IS NULL OR NOT active)
    )`
  yield* sql`CREATE INDEX webhook_subscriptions_events_idx ON webhook_subscriptions USING gin (events) WHERE active`
  yield* sql`
    CREATE TABLE webhook_messages (
      seq bigserial NOT NULL UNIQUE,
      id text PRIMARY KEY,
      type text NOT NULL,
      body text NOT NULL,
      created_at timestamptz NOT NULL
    )`
  yield* sql`
    CREATE TABLE webhook_deliveries (
      seq bigserial PRIMARY KEY,
      id text NOT NULL UNIQUE,
      message_id text NOT NULL REFERENCES webhook_messages (id) ON DELETE CASCADE,
      message_seq bigint NOT NULL,
      subscription_id text NOT NULL REFERENCES webhook_subscriptions (id),
      type text NOT NULL,
      attempt integer NOT NULL CHECK (attempt BETWEEN 1 AND 7),
      status text NOT NULL CHECK (status IN ('PENDING', 'SUCCEEDED', 'FAILED', 'GAVE_UP')),
      response_status integer,
      error text,
      created_at timestamptz NOT NULL,
      next_attempt_at timestamptz,
      leased_until timestamptz,
      UNIQUE (message_id, subscription_id, attempt),
      CHECK (status <> 'PENDING' OR next_attempt_at IS NOT NULL)
    )`
  yield* sql`CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at, seq) WHERE status = 'PENDING'`
  // A subscription's line: its waiting attempts in order of their messages' creation (what a take reads of it).
  yield* sql`CREATE INDEX webhook_deliveries_line_idx ON webhook_deliveries (subscription_id, message_seq) WHERE status = 'PENDING'`
  // The attempts in flight (few: a finish or a release clears the lease), which hold their subscription.
  yield* sql`CREATE INDEX webhook_deliveries_leased_idx ON webhook_deliveries (subscription_id) WHERE status = 'PENDING' AND leased_until IS NOT NULL`
  // The retries waiting (few): what a success makes due, and the first retry that holds its subscription.
  yield* sql`CREATE INDEX webhook_deliveries_retries_idx ON webhook_deliveries (subscription_id) WHERE status = 'PENDING' AND attempt > 1`
  yield* sql`CREATE INDEX webhook_deliveries_subscription_idx ON webhook_deliveries (subscription_id, seq DESC)`
  yield* sql`CREATE INDEX webhook_deliveries_created_idx ON webhook_deliveries (created_at) WHERE status <> 'PENDING'`
})
