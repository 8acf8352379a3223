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
 *
 * A role is granted by hand (`roleIds`, what staff managers give and take,
 * source `MANUAL`) or by the identity provider's role sync (`providerRoleIds`,
 * source `PROVIDER`; absent is none); one role may be granted both ways, and
 * the person holds it while either grant stays. Sync only ever writes
 * `providerRoleIds`, and a change by hand only `roleIds`
 * (docs/decisions/integrations.md, "Roles from the identity provider").
 */
export const StaffProfile = Schema.Struct({
  id: StaffProfileId,
  accountId: AccountId,
  active: Schema.Boolean,
  roleIds: Schema.Array(RoleId),
  providerRoleIds: Schema.optionalKey(Schema.Array(RoleId)),
  createdAt: Timestamp,
  updatedAt: Timestamp
})
export type StaffProfile = typeof StaffProfile.Type

/** Where a staff profile's grant of a role comes from: a person's hand, or the identity provider's role sync. */
export const GrantSource = Schema.Literals(["MANUAL", "PROVIDER"]).annotate({ identifier: "GrantSource" })
export type GrantSource = typeof GrantSource.Type

/** The roles the identity provider's sync granted the profile (none when absent). */
export const providerRoleIdsOf = (profile: Pick<StaffProfile, "providerRoleIds">): ReadonlyArray<RoleId> => profile.providerRoleIds ?? []

/**
 * Every role the profile holds, each once: the hand grants in their order,
 * then the provider's grants of roles not also granted by hand. What the
 * profile's permissions are worked out from.
 */
export const heldRoleIds = (profile: Pick<StaffProfile, "roleIds" | "providerRoleIds">): ReadonlyArray<RoleId> => [
  ...new Set([...profile.roleIds, ...providerRoleIdsOf(profile)])
]

/** A held role's source as the staff views show it: `MANUAL` while a hand grant stays, else `PROVIDER`. */
export const grantSourceOf = (profile: Pick<StaffProfile, "roleIds">, roleId: RoleId): GrantSource => profile.roleIds.includes(roleId) ? "MANUAL" : "PROVIDER"

/** The profile with these provider grants; none is stored as absent, so a profile reads back as it was written. */
export const withProviderRoleIds = <P extends StaffProfile>(profile: P, providerRoleIds: ReadonlyArray<RoleId>): StaffProfile => {
  const { providerRoleIds: _previous, ...rest } = profile
  return providerRoleIds.length === 0 ? rest : { ...rest, providerRoleIds }
}
