import { SqlClient, SqlSchema } from "@effect/sql"
import { Role, SessionId, SessionRecords, StaffProfileId } from "@bluelight/core/identity"
import { Effect, Layer, ParseResult, Schema } from "effect"
import { AccountColumns, AccountRow, SessionRow, StaffProfileRow } from "./rows.js"

/** The joined read's columns: each table's own, prefixed where two tables share a name. */
const JoinedColumns = Schema.Struct({
  ...SessionRow.pick("accountId", "tokenHash", "revokedReason", "developerAccess").fields,
  ...AccountColumns.pick("displayName", "status", "identityId", "identityUsername", "identityAvatar", "platformId", "platformUsername").fields,
  sessionId: SessionId,
  sessionCreatedAt: Schema.DateFromSelf,
  expiresAt: Schema.DateFromSelf,
  revokedAt: Schema.NullOr(Schema.DateFromSelf),
  accountCreatedAt: Schema.DateFromSelf,
  accountUpdatedAt: Schema.DateFromSelf,
  staffId: Schema.NullOr(StaffProfileId),
  staffActive: Schema.NullOr(Schema.Boolean),
  staffCreatedAt: Schema.NullOr(Schema.DateFromSelf),
  staffUpdatedAt: Schema.NullOr(Schema.DateFromSelf),
  staffRoles: Schema.Array(Role),
  memberRole: Role
})

/**
 * A session record from the joined row: the columns regrouped into each
 * table's row, which its own row schema then decodes. Only ever read.
 */
const SessionRecordRow = Schema.transformOrFail(
  JoinedColumns,
  Schema.Struct({
    session: SessionRow,
    account: AccountRow,
    staff: Schema.NullOr(StaffProfileRow),
    memberRole: Schema.typeSchema(Role),
    staffRoles: Schema.Array(Schema.typeSchema(Role))
  }),
  {
    strict: true,
    decode: (row) =>
      ParseResult.succeed({
        session: {
          id: row.sessionId,
          accountId: row.accountId,
          tokenHash: row.tokenHash,
          createdAt: row.sessionCreatedAt,
          expiresAt: row.expiresAt,
          revokedAt: row.revokedAt,
          revokedReason: row.revokedReason,
          developerAccess: row.developerAccess
        },
        account: {
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
        },
        staff: row.staffId === null || row.staffActive === null || row.staffCreatedAt === null || row.staffUpdatedAt === null
          ? null
          : {
            id: row.staffId,
            accountId: row.accountId,
            active: row.staffActive,
            roleIds: row.staffRoles.map((role) => role.id),
            createdAt: row.staffCreatedAt,
            updatedAt: row.staffUpdatedAt
          },
        memberRole: row.memberRole,
        staffRoles: row.staffRoles
      }),
    encode: (record, _, ast) => ParseResult.fail(new ParseResult.Forbidden(ast, record, "a session record is only ever read"))
  }
)

/**
 * Who a session is, in one query: the session, its account, the staff profile
 * and the roles it names (in order), and the Member role. Every cookie request
 * runs it, so it is one round trip on indexed keys.
 */
export const PgSessionRecords = Layer.effect(
  SessionRecords,
  Effect.map(SqlClient.SqlClient, (sql) => {
    const find = SqlSchema.findOne({
      Request: Schema.String,
      Result: SessionRecordRow,
      execute: (tokenHash) =>
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
        WHERE s.token_hash = ${tokenHash}`
    })
    return { findByTokenHash: Effect.fn("PgSessionRecords.findByTokenHash")((tokenHash: string) => Effect.orDie(find(tokenHash))) }
  })
)
