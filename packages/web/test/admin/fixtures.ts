/** Wire-shaped records for the Administration and Audit log tests, as the API answers them (JSON). */
export const ADMIN_ID = "01a2352a-d94e-7539-a6d0-e6e376d98952"
export const ROLE_ID = "01a2352a-d94e-7539-a6d0-e6e376d98a01"
export const AT = "2026-12-02T05:00:00.000Z"

export const role = (over: Record<string, unknown> = {}) => ({ id: ROLE_ID, name: "Night Control", permissions: ["cad.view"], ...over })

export const ALL_KEYS = [
  "admin.manage",
  "audit.view",
  "cad.calls.manage",
  "cad.dispatch",
  "cad.incidents.create",
  "cad.incidents.manage",
  "cad.unit.self",
  "cad.units.manage",
  "cad.view",
  "civilians.create",
  "civilians.manage",
  "civilians.manage_own",
  "moderation.ban",
  "moderation.history",
  "moderation.kick",
  "moderation.view",
  "moderation.warn",
  "players.lookup",
  "players.view",
  "pnc.licences.manage",
  "pnc.markers.manage",
  "pnc.records.manage",
  "pnc.vehicles.manage",
  "pnc.view",
  "pnc.warrants.manage",
  "server.view",
  "sessions.manage",
  "sessions.view",
  "shifts.manage",
  "shifts.view",
  "staff.manage",
  "staff.view"
]

export const ROLES = [
  { id: "administrator", name: "Administrator", permissions: ALL_KEYS },
  { id: "member", name: "Member", permissions: ["civilians.create", "civilians.manage_own"] },
  role()
]

export const auditEntry = (over: Record<string, unknown> = {}) => ({
  id: "01a2352a-d94e-7539-a6d0-e6e376d98e01",
  at: AT,
  action: "role.permissions.changed",
  actor: { type: "user", id: ADMIN_ID, name: "Ada Administrator" },
  targetType: "role",
  targetId: ROLE_ID,
  requestId: null,
  data: { name: "Night Control", before: null, after: ["cad.view"] },
  ...over
})
