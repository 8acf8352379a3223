import type { Account } from "./Account.js"
import { ADMINISTRATOR_ROLE_ID, ALL_PERMISSIONS, type Role } from "./Role.js"
import type { StaffProfile } from "./StaffProfile.js"
import type { Permission } from "./permissions.js"
import { isLinkable } from "./RoleLink.js"

export interface PermissionSources {
  readonly account: Account
  readonly memberRole: Role
  readonly staff: StaffProfile | null
  /** The roles named by the staff profile. */
  readonly staffRoles: ReadonlyArray<Role>
  /** The identity id is listed in `BLUELIGHT_ADMIN_IDENTITY_IDS`. */
  readonly adminIdentity: boolean
  /** Developer Access is on for the session and configured on the server. */
  readonly developerAccess: boolean
}

/**
 * The staff roles that count: only while both the profile and the account are
 * active, and a role granted only by the identity provider only while it is
 * linkable (`isLinkable`).
 */
export const countingRoles = (sources: Pick<PermissionSources, "account" | "staff" | "staffRoles">): ReadonlyArray<Role> => {
  const staff = sources.staff
  if (staff === null || !staff.active || sources.account.status !== "ACTIVE") return []
  // A role held only by the provider's grant counts only while it may come from the provider: one that came
  // to hold `admin.manage` after it was linked administers nobody through the link, from this read on.
  return sources.staffRoles.filter((role) => staff.roleIds.includes(role.id) || isLinkable(role))
}

/**
 * What a person may do right now: nothing unless the account is active;
 * everything for an Administrator (by identity id or by role) and under
 * Developer Access; otherwise the Member role plus the roles of an active
 * staff profile.
 */
export const effectivePermissions = (sources: PermissionSources): ReadonlySet<Permission> => {
  if (sources.account.status !== "ACTIVE") return new Set()
  const roles = countingRoles(sources)
  if (sources.developerAccess || sources.adminIdentity || roles.some((role) => role.id === ADMINISTRATOR_ROLE_ID)) {
    return new Set(ALL_PERMISSIONS)
  }
  return new Set([...sources.memberRole.permissions, ...roles.flatMap((role) => role.permissions)])
}
