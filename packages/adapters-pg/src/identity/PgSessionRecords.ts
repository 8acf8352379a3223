import { SqlClient } from "@effect/sql"
import { AccountId, AccountStatus, Permission, RoleId, type SessionRecord, SessionId, SessionRecords, SessionRevocation, StaffProfileId } from "@bluelight/core/identity"
import { DateTime, Effect, Layer, Option, Schema } from "effect"
import { toAccount } from "./PgAccounts.js"

const RoleJson = Schema.Struct({ id: RoleId, name: Schema.String, permissions: Schema.Array(Permission) })

const Row = Schema.Struct({
  sessionId: SessionId,
  accountId: AccountId,
  tokenHash: Schema.String,
  sessionCreatedAt: Schema.DateFromSelf,
  expiresAt: Schema.DateFromSelf,
  revokedAt: Schema.NullOr(Schema.DateFromSelf),
  revokedReason: Schema.NullOr(SessionRevocation),
  developerAccess: Schema.Boolean,
  displayName: Schema.String,
  status: AccountStatus,
  identityId: Schema.String,
  identityUsername: Schema.String,
  identityAvatar: Schema.NullOr(Schema.String),
  platformId: Schema.NullOr(Schema.String),
  platformUsername: Schema.NullOr(Schema.String),
  accountCreatedAt: Schema.DateFromSelf,
  accountUpdatedAt: Schema.DateFromSelf,
  staffId: Schema.NullOr(StaffProfileId),
  staffActive: Schema.NullOr(Schema.Boolean),
  staffCreatedAt: Schema.NullOr(Schema.DateFromSelf),
  staffUpdatedAt: Schema.NullOr(Schema.DateFromSelf),
  staffRoles: Schema.Array(RoleJson),
  memberRole: RoleJson
})
const decodeRow = Schema.decodeUnknown(Row)

const utc = DateTime.unsafeFromDate

/**
 * Who a session is, in one query: the session, its account, the staff profile
 * and the roles it names (in order), and the Member role. Every cookie request
 * runs it, so it is one round trip on indexed keys.
 */
export const PgSessionRecords = Layer.effect(
  SessionRecords,
  Effect.map(SqlClient.SqlClient, (sql) => ({
    findByTokenHash: Effect.fn("PgSessionRecords.findByTokenHash")((tokenHash: string) =>
      sql`
        SELECT s.id AS session_id, s.account_id, s.token_hash, s.created_at AS session_created_at, s.expires_at,
               s.revoked_at, s.revoked_reason, s.developer_access,
               a.display_name, a.status, a.identity_id, a.identity_username, a.identity_avatar,
               a.platform_id, a.platform_username, a.created_at AS account_created_at, a.updated_at AS account_updated_at,
               sp.id AS staff_id, sp.active AS staff_active, sp.created_at AS staff_created_at, sp.updated_at AS staff_updated_at,
               COALESCE((
                 SELECT json_agg(json_build_object('id', r.id, 'name', r.name, 'permissions', r.permissions) ORDER BY spr.position)
                 FROM staff_profile_roles spr JOIN roles r ON r.id = spr.role_id
                 WHERE spr.staff_profile_id = sp.id
               ), '[]'::json) AS staff_roles,
               (SELECT json_build_object('id', r.id, 'name', r.name, 'permissions', r.permissions) FROM roles r WHERE r.id = 'member')
                 AS member_role
        FROM sessions s
        JOIN accounts a ON a.id = s.account_id
        LEFT JOIN staff_profiles sp ON sp.account_id = a.id
        WHERE s.token_hash = ${tokenHash}`.pipe(
        Effect.flatMap((rows) => (rows.length === 0 ? Effect.succeed(Option.none()) : Effect.map(decodeRow(rows[0]), Option.some))),
        Effect.map(Option.map((row): SessionRecord => ({
          session: {
            id: row.sessionId,
            accountId: row.accountId,
            tokenHash: row.tokenHash,
            createdAt: utc(row.sessionCreatedAt),
            expiresAt: utc(row.expiresAt),
            revokedAt: row.revokedAt === null ? null : utc(row.revokedAt),
            revokedReason: row.revokedReason,
            developerAccess: row.developerAccess
          },
          account: toAccount({
            id: row.accountId,
            displayName: row.displayName,
            status: row.status,
            identityId: row.identityId,
            identityUsername: row.identityUsername,
            identityAvatar: row.identityAvatar,
            platformId: row.platformId,
            platformUsername: row.platformUsername,
            createdAt: row.accountCreatedAt,
            updatedAt: row.accountUpdatedAt
          }),
          staff: row.staffId === null || row.staffActive === null || row.staffCreatedAt === null || row.staffUpdatedAt === null
            ? null
            : {
              id: row.staffId,
              accountId: row.accountId,
              active: row.staffActive,
              roleIds: row.staffRoles.map((role) => role.id),
              createdAt: utc(row.staffCreatedAt),
              updatedAt: utc(row.staffUpdatedAt)
            },
          memberRole: row.memberRole,
          staffRoles: row.staffRoles
        }))),
        Effect.orDie
      ))
  }))
)
