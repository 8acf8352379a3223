import { ALL_PERMISSIONS, type Permission } from "@bluelight/core/identity"

/** The groups of the permission catalogue, in the order a form shows them: a key's group is its first part (`cad.view` → `cad`). */
export const PERMISSION_GROUPS = ["cad", "pnc", "civilians", "staff", "shifts", "sessions", "moderation", "players", "server", "audit", "admin"] as const

export interface PermissionGroup {
  readonly group: string
  readonly keys: ReadonlyArray<Permission>
}

/** A key's group: the part before its first dot. */
export const groupOf = (key: string): string => key.split(".")[0] ?? key

/**
 * `keys` grouped by their first part, the groups in `PERMISSION_GROUPS`' order (a group not listed there
 * comes after them, by name), each group's keys in the catalogue's order; empty groups left out.
 */
export const groupPermissions = (keys: ReadonlyArray<Permission> = ALL_PERMISSIONS): ReadonlyArray<PermissionGroup> => {
  const byGroup = new Map<string, Array<Permission>>()
  for (const key of keys) {
    const group = groupOf(key)
    byGroup.set(group, [...(byGroup.get(group) ?? []), key])
  }
  const rank = (group: string) => {
    const at = (PERMISSION_GROUPS as ReadonlyArray<string>).indexOf(group)
    return at === -1 ? PERMISSION_GROUPS.length : at
  }
  return [...byGroup.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([group, groupKeys]) => ({ group, keys: groupKeys }))
}

/** `selected` with `key` turned on or off, in the catalogue's order. */
export const toggled = (selected: ReadonlyArray<Permission>, key: Permission, on: boolean): ReadonlyArray<Permission> => {
  const next = new Set(selected)
  if (on) next.add(key)
  else next.delete(key)
  return ALL_PERMISSIONS.filter((each) => next.has(each))
}
