import { Effect, Option, Schema } from "effect"
import { actorOf, type Caller } from "./Caller.js"
import { ReservedRole } from "./errors.js"
import type { Permission } from "./permissions.js"
import { requires } from "./permitted.js"
import { AuditLog, checkedPage, inTransaction, InvalidState, newId, orNotFound, type Page, validated } from "../kernel/index.js"
import { Roles } from "./ports.js"
import { RoleId } from "./ids.js"
import {
  ADMINISTRATOR_ROLE_ID,
  ALL_PERMISSIONS,
  isReservedRoleName,
  MEMBER_ROLE_ID,
  type Role,
  RoleName,
  roleNameKey,
  RolePermissions,
  sortedPermissions
} from "./Role.js"

/** A role as the API shows it: the Administrator holds every permission, whatever is stored. */
export const presentRole = (role: Role): Role => role.id === ADMINISTRATOR_ROLE_ID ? { ...role, permissions: ALL_PERMISSIONS } : role

/** `GET /admin/roles`: a page of roles, the built-in ones first, then the others newest first, as the API shows them. */
export const listRoles = (requested: Page) =>
  checkedPage(requested).pipe(
    Effect.flatMap((page) => Roles.use((roles) => roles.list(page))),
    Effect.map((listed) => ({ items: listed.items.map(presentRole), meta: listed.meta })),
    requires("admin.manage")
  )

const nameTaken = (name: string) => new InvalidState({ message: `A role named ${name} already exists` })

const reserved = new ReservedRole({ message: "The name Administrator is reserved" })

const ensureNameFree = (name: string, exceptId: RoleId | null) =>
  Effect.gen(function*() {
    if (isReservedRoleName(name)) return yield* reserved
    const existing = yield* Roles.use((roles) => roles.findByName(name))
    if (Option.isSome(existing) && existing.value.id !== exceptId) return yield* nameTaken(existing.value.name)
  })

/** A new role as the role rules have it: a caller that skipped the contract is held to them too. */
const validRole = validated(Schema.Struct({ name: RoleName, permissions: RolePermissions }), "The role is not valid")

/** A role's change as the role rules have it: each field it gives is held to them, as a new role's is. */
const validRoleChange = validated(
  Schema.Struct({ name: Schema.optional(RoleName), permissions: Schema.optional(RolePermissions) }),
  "The role is not valid"
)

/** Creates a role. Audited as `role.permissions.changed`. */
export const createRole = Effect.fn("identity.createRole")(
  function*(caller: Caller, fields: { readonly name: string; readonly permissions: ReadonlyArray<Permission> }) {
    const input = yield* validRole(fields)
    const roles = yield* Roles
    const audit = yield* AuditLog
    return yield* inTransaction(Effect.gen(function*() {
      yield* ensureNameFree(input.name, null)
      const role: Role = { id: yield* newId(RoleId), name: input.name, permissions: sortedPermissions(input.permissions) }
      if (!(yield* roles.insert(role))) return yield* nameTaken(role.name)
      yield* audit.record({
        action: "role.permissions.changed",
        actor: actorOf(caller),
        targetType: "role",
        targetId: role.id,
        data: { name: role.name, before: null, after: role.permissions }
      })
      return role
    }))
  },
  requires("admin.manage")
)

/**
 * Renames a role or replaces its permissions. The Administrator role cannot be
 * edited; the Member role keeps its name but its permissions can change.
 */
export const updateRole = Effect.fn("identity.updateRole")(function*(
  caller: Caller,
  id: RoleId,
  change: { readonly name?: string | undefined; readonly permissions?: ReadonlyArray<Permission> | undefined }
) {
  const input = yield* validRoleChange(change)
  const roles = yield* Roles
  const audit = yield* AuditLog
  return yield* inTransaction(Effect.gen(function*() {
    const role = yield* roles.findByIdForUpdate(id).pipe(orNotFound("No such role"))
    if (role.id === ADMINISTRATOR_ROLE_ID) return yield* reserved
    const name = input.name ?? role.name
    if (roleNameKey(name) !== roleNameKey(role.name) || name !== role.name) {
      if (role.id === MEMBER_ROLE_ID) return yield* new InvalidState({ message: "The Member role cannot be renamed" })
      yield* ensureNameFree(name, role.id)
    }
    const permissions = input.permissions === undefined ? role.permissions : sortedPermissions(input.permissions)
    const updated: Role = { ...role, name, permissions }
    const permissionsChanged = permissions.join() !== role.permissions.join()
    if (!permissionsChanged && name === role.name) return role
    if (!(yield* roles.update(updated))) return yield* nameTaken(updated.name)
    yield* audit.record({
      action: permissionsChanged ? "role.permissions.changed" : "role.renamed",
      actor: actorOf(caller),
      targetType: "role",
      targetId: role.id,
      data: { name: updated.name, previousName: role.name, before: role.permissions, after: updated.permissions }
    })
    return updated
  }))
}, requires("admin.manage"))
