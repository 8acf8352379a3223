import type { UserCaller } from "./Caller.js"
import { sortedPermissions } from "./Role.js"

/** `GET /me`: the person, their staff profile and roles, and what they may do right now. */
export const meOf = (caller: UserCaller) => ({
  id: caller.account.id,
  displayName: caller.account.displayName,
  status: caller.account.status,
  identity: caller.account.identity,
  platform: caller.account.platform,
  staff: caller.staff === null ? null : { id: caller.staff.id, active: caller.staff.active },
  roles: caller.roles.map((role) => ({ id: role.id, name: role.name })),
  permissions: sortedPermissions(caller.permissions),
  developerAccess: caller.developerAccess,
  createdAt: caller.account.createdAt
})
