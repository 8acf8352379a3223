import { OneOf } from "../kernel/index.js"

/** The complete catalogue of permission keys, as the API document lists them. */
export const PERMISSIONS = [
  "cad.unit.self",
  "cad.view",
  "cad.dispatch",
  "cad.incidents.create",
  "cad.incidents.manage",
  "cad.units.manage",
  "cad.calls.manage",
  "server.view",
  "players.view",
  "players.lookup",
  "sessions.view",
  "sessions.manage",
  "shifts.view",
  "shifts.manage",
  "staff.view",
  "staff.manage",
  "moderation.view",
  "moderation.warn",
  "moderation.kick",
  "moderation.ban",
  "moderation.history",
  "audit.view",
  "admin.manage",
  "civilians.create",
  "civilians.manage_own",
  "civilians.manage",
  "pnc.view",
  "pnc.records.manage",
  "pnc.licences.manage",
  "pnc.warrants.manage",
  "pnc.markers.manage",
  "pnc.vehicles.manage"
] as const

export const Permission = OneOf(...PERMISSIONS).annotate({ identifier: "Permission" })
export type Permission = typeof Permission.Type

/**
 * Who may call an operation at all: anyone, a person signed in through the
 * browser, or a person or a service credential holding the permissions.
 */
export type Access = "public" | "session" | "session-or-credential"

/**
 * An operation's one declaration of who may call it. `permissions` must all be
 * held; a key in `alternative` grants access on its own (`civilians.manage`
 * beside an owner's `civilians.manage_own`). An empty `permissions` means any
 * signed-in caller.
 */
export interface AccessRule {
  readonly access: Access
  readonly permissions: ReadonlyArray<Permission>
  readonly alternative?: ReadonlyArray<Permission>
}
