// The floors: a bare node:http + pg server giving Bluelight's answers the
// cheapest correct way, so each Bluelight scenario is measured against what
// any Node server must pay for the same answer. Run by the bench as a process
// of its own (PORT, DATABASE_URL, DATABASE_POOL_MAX, BLUELIGHT_ADMIN_IDENTITY_IDS).
//
//   GET /api/health            one `SELECT 1`
//   GET /api/me with a cookie  one indexed query, then the rules of core's authenticate.ts
//   GET /api/me without one    a constant 401 envelope, no database
import { randomUUID } from "node:crypto"
import { createServer } from "node:http"
import pg from "pg"
import { sessionToken, tokenHash } from "./sessionCookie.js"
// Read once at start-up; only the catalogue of permissions comes from core.
import { ALL_PERMISSIONS } from "@bluelight/core/identity"

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_MAX) })
const adminIdentityIds = new Set((process.env.BLUELIGHT_ADMIN_IDENTITY_IDS ?? "").split(",").map((id) => id.trim()).filter(Boolean))
// As Bluelight without BLUELIGHT_DEVELOPER_PASSWORD: a session's Developer Access never counts.
const developerPasswordSet = false

const HEALTHY = JSON.stringify({ status: "ok", database: "up", redis: "off" })

/**
 * The session, its account, the staff profile, its roles in order and the
 * Member role, in one round trip on indexed keys: one row per staff role (one
 * row with null role columns when there is none), no JSON built in Postgres.
 */
const SESSION_QUERY = `
  SELECT s.expires_at, s.revoked_at, s.revoked_reason, s.developer_access,
         a.id, a.display_name, a.status, a.identity_id, a.identity_username, a.identity_avatar,
         a.platform_id, a.platform_username, a.created_at,
         sp.id AS staff_id, sp.active AS staff_active,
         r.id AS role_id, r.name AS role_name, r.permissions AS role_permissions,
         m.permissions AS member_permissions
  FROM sessions s
  JOIN accounts a ON a.id = s.account_id
  JOIN roles m ON m.id = 'member'
  LEFT JOIN staff_profiles sp ON sp.account_id = a.id
  LEFT JOIN staff_profile_roles spr ON spr.staff_profile_id = sp.id
  LEFT JOIN roles r ON r.id = spr.role_id
  WHERE s.token_hash = $1
  ORDER BY spr.position`

const refusal = (status, code, message) => ({ status, body: { error: { code, message }, requestId: randomUUID() } })
const noSession = () => refusal(401, "UNAUTHENTICATED", "The session is missing, expired or signed out; sign in again")
const disabled = () => refusal(403, "ACCOUNT_DISABLED", "This account is suspended or disabled")

/** authenticateSession, callerFromRecord, effectivePermissions and meOf of core, on the rows of SESSION_QUERY. */
function me(rows) {
  const row = rows[0]
  if (row === undefined) return noSession()
  if (row.revoked_at !== null) return row.revoked_reason === "account-status" && row.status !== "ACTIVE" ? disabled() : noSession()
  if (row.expires_at.getTime() <= Date.now()) return noSession()
  if (row.status !== "ACTIVE") return disabled()
  const staffRoles = row.role_id === null ? [] : rows.map((r) => ({ id: r.role_id, name: r.role_name, permissions: r.role_permissions }))
  const roles = row.staff_id !== null && row.staff_active ? staffRoles : []
  const developerAccess = row.developer_access && developerPasswordSet
  const everything = developerAccess || adminIdentityIds.has(row.identity_id) || roles.some((role) => role.id === "administrator")
  const permissions = everything ? ALL_PERMISSIONS : [...new Set([...row.member_permissions, ...roles.flatMap((role) => role.permissions)])].sort()
  return {
    status: 200,
    body: {
      data: {
        id: row.id,
        displayName: row.display_name,
        status: row.status,
        identity: { id: row.identity_id, username: row.identity_username, avatar: row.identity_avatar },
        platform: row.platform_id === null ? null : { id: row.platform_id, username: row.platform_username },
        staff: row.staff_id === null ? null : { id: row.staff_id, active: row.staff_active },
        roles: roles.map((role) => ({ id: role.id, name: role.name })),
        permissions,
        developerAccess,
        createdAt: row.created_at.toISOString()
      }
    }
  }
}

// Bluelight's envelope for a caller who sent no credential, up to its request id.
const SIGN_IN_FIRST = `{"error":{"code":"UNAUTHENTICATED","message":"Sign in, or send a service credential"},"requestId":"`

const send = (res, status, body) => {
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) })
  res.end(body)
}

const server = createServer((req, res) => {
  const path = req.url.split("?", 1)[0]
  if (req.method !== "GET" || (path !== "/api/me" && path !== "/api/health")) return send(res, 404, "{}")
  if (path === "/api/health") {
    return void pool.query("SELECT 1").then(() => send(res, 200, HEALTHY), () => send(res, 503, "{}"))
  }
  const token = sessionToken(req.headers.cookie)
  if (token === undefined) {
    return send(res, 401, `${SIGN_IN_FIRST}${randomUUID()}"}`)
  }
  // Named, so pg prepares it once per connection as @effect/sql-pg does: planning the joins on every
  // request would cost Postgres more than the whole of Bluelight's work.
  pool.query({ name: "session", text: SESSION_QUERY, values: [tokenHash(token)] }).then(
    (result) => {
      const answer = me(result.rows)
      send(res, answer.status, JSON.stringify(answer.body))
    },
    () => send(res, 500, "{}")
  )
})

server.listen(Number(process.env.PORT), "127.0.0.1")

const stop = () => {
  server.close(() => void pool.end().then(() => process.exit(0)))
  server.closeAllConnections()
}
process.once("SIGTERM", stop)
process.once("SIGINT", stop)
