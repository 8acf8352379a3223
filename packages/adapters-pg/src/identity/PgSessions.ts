import { SqlClient, SqlSchema } from "@effect/sql"
import { AccountId, type Session, SessionId, SessionRevocation, Sessions } from "@bluelight/core/identity"
import { DateTime, Effect, Layer, Option, Schema } from "effect"

const SessionRow = Schema.Struct({
  id: SessionId,
  accountId: AccountId,
  tokenHash: Schema.String,
  createdAt: Schema.DateFromSelf,
  expiresAt: Schema.DateFromSelf,
  revokedAt: Schema.NullOr(Schema.DateFromSelf),
  revokedReason: Schema.NullOr(SessionRevocation),
  developerAccess: Schema.Boolean
})
type SessionRow = typeof SessionRow.Type

const toSession = (row: SessionRow): Session => ({
  id: row.id,
  accountId: row.accountId,
  tokenHash: row.tokenHash,
  createdAt: DateTime.unsafeFromDate(row.createdAt),
  expiresAt: DateTime.unsafeFromDate(row.expiresAt),
  revokedAt: row.revokedAt === null ? null : DateTime.unsafeFromDate(row.revokedAt),
  revokedReason: row.revokedReason,
  developerAccess: row.developerAccess
})

const toRow = (session: Session): SessionRow => ({
  id: session.id,
  accountId: session.accountId,
  tokenHash: session.tokenHash,
  createdAt: DateTime.toDateUtc(session.createdAt),
  expiresAt: DateTime.toDateUtc(session.expiresAt),
  revokedAt: session.revokedAt === null ? null : DateTime.toDateUtc(session.revokedAt),
  revokedReason: session.revokedReason,
  developerAccess: session.developerAccess
})

export const PgSessions = Layer.effect(
  Sessions,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const findByTokenHash = SqlSchema.findOne({
      Request: Schema.String,
      Result: SessionRow,
      execute: (tokenHash) =>
        sql`
          SELECT id, account_id, token_hash, created_at, expires_at, revoked_at, revoked_reason, developer_access
          FROM sessions WHERE token_hash = ${tokenHash}`
    })
    return {
      insert: Effect.fn("PgSessions.insert")((session: Session) =>
        sql`INSERT INTO sessions ${sql.insert(toRow(session))}`.pipe(Effect.asVoid, Effect.orDie)),
      findByTokenHash: Effect.fn("PgSessions.findByTokenHash")((tokenHash: string) =>
        findByTokenHash(tokenHash).pipe(Effect.map(Option.map(toSession)), Effect.orDie)),
      revoke: Effect.fn("PgSessions.revoke")((id: SessionId, reason: SessionRevocation, at: DateTime.Utc) =>
        sql`
          UPDATE sessions SET revoked_at = ${DateTime.toDateUtc(at)}, revoked_reason = ${reason}
          WHERE id = ${id} AND revoked_at IS NULL
          RETURNING id`.pipe(Effect.map((rows) => rows.length === 1), Effect.orDie)),
      rotate: Effect.fn("PgSessions.rotate")((id: SessionId, expectedTokenHash: string, change: { readonly tokenHash: string; readonly developerAccess: boolean }) =>
        sql`
          UPDATE sessions SET token_hash = ${change.tokenHash}, developer_access = ${change.developerAccess}
          WHERE id = ${id} AND token_hash = ${expectedTokenHash} AND revoked_at IS NULL
          RETURNING id`.pipe(Effect.map((rows) => rows.length === 1), Effect.orDie)),
      revokeAllOf: Effect.fn("PgSessions.revokeAllOf")((accountId: AccountId, at: DateTime.Utc) =>
        sql`
          UPDATE sessions SET revoked_at = ${DateTime.toDateUtc(at)}, revoked_reason = 'account-status'
          WHERE account_id = ${accountId} AND revoked_at IS NULL AND expires_at > ${DateTime.toDateUtc(at)}`.pipe(Effect.asVoid, Effect.orDie))
    }
  })
)
