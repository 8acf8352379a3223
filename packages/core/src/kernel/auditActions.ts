/**
 * Every action the audit log records, by context: the one list of them. The
 * audit port takes only these (`AuditLog.record`), so the type checker proves
 * that each action a use case writes is listed, and a proof that walks the
 * list (the audit-insert fault of issue 19) covers every kind of change. A new
 * kind of change adds its action here first.
 *
 * Dotted lower case (docs/decisions/audit-and-system.md, "The audit log"). CAD's are derived from its history
 * types (`UNIT_STATUS_CHANGED` → `cad.unit.status.changed`, `cad/history.ts`).
 */
export const AUDIT_ACTIONS = [
  // identity
  "account.created",
  "account.status.changed",
  "account.platform.linked",
  "auth.signed_in",
  "auth.signed_out",
  "auth.developer_access.enabled",
  "auth.developer_access.disabled",
  "auth.developer_access.refused",
  "role.permissions.changed",
  "role.renamed",
  "staff.created",
  "staff.updated",
  "staff.roles.synced",
  "role.link.created",
  "role.link.removed",
  "service.issued",
  "service.revoked",
  // shifts
  "shift.started",
  "shift.ended",
  "roleplay_session.created",
  "roleplay_session.started",
  "roleplay_session.ended",
  "roleplay_session.cancelled",
  // civilians: the portal and the PNC
  "civilian.created",
  "civilian.updated",
  "civilian.licence.issued",
  "civilian.vehicle.registered",
  "civilian.vehicle.transferred",
  "pnc.licence.updated",
  "pnc.licence.suspended",
  "pnc.licence.revoked",
  "pnc.licence.reinstated",
  "pnc.endorsement.added",
  "pnc.endorsement.removed",
  "pnc.vehicle.status.changed",
  "pnc.record.created",
  "pnc.record.closed",
  "pnc.record.voided",
  "pnc.warrant.issued",
  "pnc.warrant.closed",
  "pnc.warrant.requested",
  "pnc.warrant.approved",
  "pnc.warrant.rejected",
  "pnc.marker.created",
  "pnc.marker.cleared",
  "pnc.charge.created",
  "pnc.charge.changed",
  "settings.changed",
  // webhooks
  "webhook.created",
  "webhook.changed",
  "webhook.revoked",
  // cad
  "cad.incident.created",
  "cad.incident.updated",
  "cad.incident.closed",
  "cad.unit.created",
  "cad.unit.updated",
  "cad.unit.status.changed",
  "cad.unit.assigned",
  "cad.unit.cleared",
  "cad.crew.joined",
  "cad.crew.left",
  "cad.call.received",
  "cad.call.attached",
  "cad.call.closed",
  "cad.panic",
  // moderation
  "moderation.warning.created",
  "moderation.kick.created",
  "moderation.ban.created",
  "moderation.delivery.succeeded",
  "moderation.delivery.failed",
  // the game's own events (its webhook)
  "game.command.ignored",
  "game.command.refused",
  "game.command.forbidden"
] as const

/** One action of the audit log: a member of `AUDIT_ACTIONS`. */
export type AuditAction = (typeof AUDIT_ACTIONS)[number]
