import { Schema } from "effect"
import { foldedKey, OneLineText } from "../kernel/index.js"
import { Permission, PERMISSIONS } from "./permissions.js"
import { RoleId } from "./ids.js"

/** A role's name: one line of 2 to 60 characters, unique by `roleNameKey`. */
export const RoleName = OneLineText({ min: 2, max: 60 })

/** The most permissions a role, or a credential's scopes, can list. */
export const MAX_PERMISSIONS = 32

// The answers' messages are the checks' own; the title and description are for the API description only.
/** A role's permission keys: at most 32. */
export const RolePermissions = Schema.Array(Permission).check(
  Schema.isMaxLength(MAX_PERMISSIONS, { message: `at most ${MAX_PERMISSIONS} permissions` })
).annotate({ title: "Permission keys", description: `Permission keys, at most ${MAX_PERMISSIONS}` })

/**
 * A role as stored and answered. Its name is as stored (names from before
 * the text rules are read as they are; `roleNameKey` compares them), and its
 * permissions are any of the known keys: `RoleName` and `RolePermissions`
 * bound what a request writes, not what a role holds (the Administrator
 * holds every key, however many there come to be).
 */
export const Role = Schema.Struct({
  id: RoleId,
  name: Schema.String,
  permissions: Schema.Array(Permission)
}).annotate({ identifier: "Role" })
export type Role = typeof Role.Type

/** A role as the records that hold it name it: its id and name. */
export const RoleRef = Schema.Struct({ id: RoleId, name: Schema.String }).annotate({ identifier: "RoleRef" })
export type RoleRef = typeof RoleRef.Type

/** The reserved role: every permission; it cannot be created, renamed or edited. */
export const ADMINISTRATOR_ROLE_NAME = "Administrator"
/** The built-in role every active account holds. */
export const MEMBER_ROLE_NAME = "Member"
/** What `Member` holds until an administrator changes it. */
export const MEMBER_DEFAULT_PERMISSIONS: ReadonlyArray<Permission> = ["civilians.create", "civilians.manage_own"]

/**
 * Role names compare by the kernel's `foldedKey`: trimmed, without case, and
 * look-alikes as the letters they pass for, so ` administrator `,
 * `ＡＤＭＩＮＩＳＴＲＡＴＯＲ` and `Аdministrator` (Cyrillic `А`) are the reserved name too.
 */
export const roleNameKey = (name: string): string => foldedKey(name)
export const isReservedRoleName = (name: string): boolean => roleNameKey(name) === roleNameKey(ADMINISTRATOR_ROLE_NAME)

/** Permissions as the API shows them: without duplicates, sorted by key. */
export const sortedPermissions = (permissions: Iterable<Permission>): ReadonlyArray<Permission> => [...new Set(permissions)].sort()

export const ALL_PERMISSIONS: ReadonlyArray<Permission> = sortedPermissions(PERMISSIONS)

/** The fixed ids of the two built-in roles, seeded by the migration that creates roles. */
export const MEMBER_ROLE_ID: RoleId = RoleId.make("member")
export const ADMINISTRATOR_ROLE_ID: RoleId = RoleId.make("administrator")

/** The built-in roles in the order every list of roles starts with. */
export const BUILT_IN_ROLE_IDS: ReadonlyArray<RoleId> = [ADMINISTRATOR_ROLE_ID, MEMBER_ROLE_ID]

/**
 * The order roles are listed in: the built-in Administrator and Member first,
 * then the others newest first, as lists are. Role ids are UUIDv7, so the
 * later id is the newer role (compared by code unit, as Postgres's "C"
 * collation compares them).
 */
export const compareRolesForListing = (a: Role, b: Role): number => {
  const rank = (role: Role) => {
    const index = BUILT_IN_ROLE_IDS.indexOf(role.id)
    return index === -1 ? BUILT_IN_ROLE_IDS.length : index
  }
  return rank(a) - rank(b) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)
}
