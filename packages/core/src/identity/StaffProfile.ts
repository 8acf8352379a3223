import { Schema } from "effect"
import { AccountId, RoleId, StaffProfileId } from "./ids.js"
import { Timestamp } from "../kernel/index.js"

/** The most roles a staff profile can hold. */
export const MAX_STAFF_ROLES = 32

// The answers' message is the check's own; the title and description are for the API description only.
/** The roles a request gives a staff profile, by id: at most 32 (each must exist; the use case checks). */
export const StaffRoleIds = Schema.Array(RoleId).check(
  Schema.isMaxLength(MAX_STAFF_ROLES, { message: `at most ${MAX_STAFF_ROLES} roles` })
).annotate({ title: "Role ids", description: `Ids of existing roles, at most ${MAX_STAFF_ROLES}` })

/**
 * A staff profile makes an account staff. Its roles count only while the
 * profile and the account are both active. Stored as is; the API's
 * `StaffProfile` is the directory's `StaffMember`, with the person and role names.
 */
export const StaffProfile = Schema.Struct({
  id: StaffProfileId,
  accountId: AccountId,
  active: Schema.Boolean,
  roleIds: Schema.Array(RoleId),
  createdAt: Timestamp,
  updatedAt: Timestamp
})
export type StaffProfile = typeof StaffProfile.Type
