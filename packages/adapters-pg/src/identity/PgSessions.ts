import { SqlClient, SqlSchema } from "effect/sql"
import { type AccountId, type SessionId, type SessionRevocation, Sessions } from "@bluelight/core/identity"
import { DateTime, Effect, Layer, Schema } from "effect"
import { insertRow } from "../kernel/rows.js"
import { SessionRow } from "./rows.js"

export const PgSessions = Layer.effect(
  Sessions,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const findByTokenHash = SqlSchema.findOneOption({
      Request: Schema.String,
      Result: SessionRow,
      execute: (tokenHash) =>
        sql`
          SELECT id, account_id, token_hash, created_at, expires_at, revoked_at, revoked_reason, developer_access
          FROM sessions WHERE token_hash = ${tokenHash}`
    })
    return {
      insert: Effect.fn("PgSessions.insert")(insertRow(sql, SessionRow, "sessions")),
      findByTokenHash: Effect.fn("PgSessions.findByTokenHash")((tokenHash: string) => Effect.orDie(findByTokenHash(tokenHash))),
      revoke: Effect.fn("PgSessions.revoke")((id: SessionId, reason: SessionRevocation, at: DateTime.Utc) =>
        sql`
          UPDATE sessions SET revoked_at = ${DateTime.toDateUtc(at)}, revoked_reason = ${reason}
          WHERE id = ${id} AND revoked_at IS NULL
          RETURNING id`.pipe(Effect.map((rows) => rows.length === 1), Effect.orDie)
      ),
      rotate: Effect.fn("PgSessions.rotate")((
        id: SessionId,
        expectedTokenHash: string,
        change: { readonly tokenHash: string; readonly developerAccess: boolean }
      ) =>
        sql`
          UPDATE sessions SET token_hash = ${change.tokenHash}, developer_access = ${change.developerAccess}
          WHERE id = ${id} AND token_hash = ${expectedTokenHash} AND revoked_at IS NULL
          RETURNING id`.pipe(Effect.map((rows) => rows.length === 1), Effect.orDie)
      ),
      revokeAllOf: Effect.fn("PgSessions.revokeAllOf")((accountId: AccountId, at: DateTime.Utc) =>
        sql`
          UPDATE sessions SET revoked_at = ${DateTime.toDateUtc(at)}, revoked_reason = 'account-status'
          WHERE account_id = ${accountId} AND revoked_at IS NULL AND expires_at > ${DateTime.toDateUtc(at)}`.pipe(Effect.asVoid, Effect.orDie)
      )
    }
  })
)
