import { type AccessRule, type Account, forbidden, type Forbidden, type Permission, type StaffProfile, StaffRequired } from "../identity/index.js"

/**
 * Who may act as their crew's own hand: the one rule the MDT and the game's
 * chat commands share (docs/decisions/cad.md and docs/decisions/game.md, "The
 * chat commands' permissions"). A person must hold `cad.unit.self` and be
 * active staff on an active account.
 */

/** The MDT's access rule: its endpoints declare it (`MdtApi`), and the use cases hold every caller to it. */
export const CREW_HAND_ACCESS = { access: "session", permissions: ["cad.unit.self"] } as const satisfies AccessRule

/** A person as the rule sees them: their account, their staff profile as stored, and what they may do now. */
export interface CrewHand {
  readonly account: Account
  readonly staff: StaffProfile | null
  readonly permissions: ReadonlySet<Permission>
}

/** The refusal of a person who is not active staff on an active account. */
export const crewHandStaffRequired = new StaffRequired({ message: "Only active staff can act for a unit's crew (the MDT, the game's chat)" })

/**
 * Why `person` may not act for a crew, in the order the MDT checks it: the
 * permission first (`FORBIDDEN`, as the request's access check answers
 * before the use case runs), then active staff on an active account
 * (`STAFF_REQUIRED`). `null` when they may.
 */
export const crewHandRefusal = (person: CrewHand): Forbidden | StaffRequired | null => {
  const missing = CREW_HAND_ACCESS.permissions.find((permission) => !person.permissions.has(permission))
  if (missing !== undefined) return forbidden(missing)
  const activeStaff = person.staff !== null && person.staff.active && person.account.status === "ACTIVE"
  return activeStaff ? null : crewHandStaffRequired
}
