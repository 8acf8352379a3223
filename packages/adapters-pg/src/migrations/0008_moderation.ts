import { SqlClient } from "effect/sql"
import { Effect } from "effect"

/**
 * Moderation actions. The idempotency key is unique per requester (a person
 * or a credential), enforced here by two partial unique indexes, so two
 * requests racing with one key store one action. Actions are never deleted.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE moderation_actions (
      id text PRIMARY KEY,
      type text NOT NULL CHECK (type IN ('warn', 'kick', 'ban')),
      target_platform_id text NOT NULL,
      target_username text,
      moderator_id text REFERENCES accounts (id),
      service_id text REFERENCES service_credentials (id),
      reason text NOT NULL,
      evidence text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      delivery text NOT NULL CHECK (delivery IN ('SUCCEEDED', 'FAILED', 'UNKNOWN')),
      error_code text CHECK (error_code IN ('TARGET_NOT_IN_SERVER', 'TARGET_IS_STAFF', 'GAME_UNAVAILABLE', 'GAME_REJECTED')),
      idempotency_key text NOT NULL,
      fingerprint text NOT NULL,
      CHECK ((moderator_id IS NULL) <> (service_id IS NULL)),
      CHECK ((delivery = 'FAILED') = (error_code IS NOT NULL))
    )`
  yield* sql`
    CREATE UNIQUE INDEX moderation_actions_moderator_key_idx
      ON moderation_actions (moderator_id, idempotency_key) WHERE moderator_id IS NOT NULL`
  yield* sql`
    CREATE UNIQUE INDEX moderation_actions_service_key_idx
      ON moderation_actions (service_id, idempotency_key) WHERE service_id IS NOT NULL`
  yield* sql`CREATE INDEX moderation_actions_newest_idx ON moderation_actions (created_at DESC, id DESC)`
  yield* sql`CREATE INDEX moderation_actions_target_idx ON moderation_actions (target_platform_id, created_at DESC, id DESC)`
})
