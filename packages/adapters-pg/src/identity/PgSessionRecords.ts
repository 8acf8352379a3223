import { SqlClient } from "effect/sql"
import { SessionRecords } from "@bluelight/core/identity"
import { Effect, Layer, Option } from "effect"
import { type SessionRecordRow, sessionRecordOfRows } from "./sessionRecordRows.js"

/**
 * Who a session is, in one query: the session, its account, the staff profile
 * and the roles it holds (one row per grant: by hand in order, then the sync's), and the Member role. Every
 * cookie request runs it, so it is one round trip of plain joins on indexed
 * keys, no JSON built in Postgres, read without the camelCase transform.
 */
export const PgSessionRecords = Layer.effect(
  SessionRecords,
  SqlClient.SqlClient.useSync((client) => {
    const sql = client.withoutTransforms()
    return {
      findByTokenHash: (tokenHash: string) =>
        sql<SessionRecordRow>`
        SELECT s.id AS session_id, s.account_id, s.token_hash, s.created_at AS session_created_at, s.expires_at,
               s.revoked_at, s.revoked_reason, s.developer_access,
               a.display_name, a.status, a.identity_id, a.identity_username, a.identity_avatar,
               a.platform_id, a.platform_username, a.created_at AS account_created_at, a.updated_at AS account_updated_at,
               sp.id AS staff_id, sp.active AS staff_active, sp.created_at AS staff_created_at, sp.updated_at AS staff_updated_at,
               r.id AS role_id, r.name AS role_name, r.permissions AS role_permissions, spr.source AS role_source,
               m.id AS member_id, m.name AS member_name, m.permissions AS member_permissions
        FROM sessions s
        JOIN accounts a ON a.id = s.account_id
        LEFT JOIN roles m ON m.id = 'member'
        LEFT JOIN staff_profiles sp ON sp.account_id = a.id
        LEFT JOIN staff_profile_roles spr ON spr.staff_profile_id = sp.id
        LEFT JOIN roles r ON r.id = spr.role_id
        WHERE s.token_hash = ${tokenHash}
        ORDER BY spr.source = 'PROVIDER', spr.position`.pipe(
          Effect.map((rows) => Option.fromNullishOr(sessionRecordOfRows(rows))),
          Effect.orDie,
          Effect.withSpan("PgSessionRecords.findByTokenHash", undefined, { captureStackTrace: false })
        )
    }
  })
)
