import { Schema } from "effect"
import { IntegerBetween, Timestamp } from "../kernel/index.js"

/** How many staff profiles a run checked, changed or failed on. */
const RunCount = IntegerBetween({ min: 0, max: Number.MAX_SAFE_INTEGER })
import { AccountId, RoleId, RoleLinkId } from "./ids.js"
import { ADMINISTRATOR_ROLE_ID, type Role, RoleRef } from "./Role.js"

/** A role's id on the identity provider (the chat server's): 1 to 32 digits. */
export const ProviderRoleId = Schema.String.check(
  Schema.isPattern(/^[0-9]{1,32}$/u, { message: "must be 1 to 32 digits" })
).annotate({ title: "Provider role id", description: "The identity provider's role id: 1 to 32 digits" })
export type ProviderRoleId = typeof ProviderRoleId.Type

/**
 * A role link: members holding the provider role `providerRoleId` hold the
 * Bluelight role `roleId` (granted by the role sync, source `PROVIDER`). One
 * link per pair; a provider role may be linked to several roles and a role
 * from several provider roles.
 */
export const RoleLink = Schema.Struct({
  id: RoleLinkId,
  providerRoleId: Schema.String,
  roleId: RoleId,
  createdAt: Timestamp,
  createdBy: AccountId
})
export type RoleLink = typeof RoleLink.Type

/** A role link as the API shows it: with its role's name. */
export const RoleLinkView = Schema.Struct({
  id: RoleLinkId,
  providerRoleId: Schema.String,
  role: RoleRef,
  createdAt: Timestamp,
  createdBy: AccountId
}).annotate({ identifier: "RoleLink" })
export type RoleLinkView = typeof RoleLinkView.Type

/**
 * Whether a role may come from the identity provider: never the
 * Administrator, nor any role holding `admin.manage` (a compromised chat
 * server must not make administrators). Checked when a link is made, and
 * again by every sync on the role as it is then: a linked role that later
 * comes to hold `admin.manage` is no longer granted, and the grants sync
 * made of it are taken back.
 */
export const isLinkable = (role: Role): boolean => role.id !== ADMINISTRATOR_ROLE_ID && !role.permissions.includes("admin.manage")

/**
 * The roles sync grants a member holding `memberRoles` on the provider: each
 * linked role one of them is linked to, if it exists and is linkable now, once,
 * in the order of the links. A person who is not a member holds none.
 */
export const providerGrants = (
  links: ReadonlyArray<Pick<RoleLink, "providerRoleId" | "roleId">>,
  memberRoles: ReadonlyArray<string>,
  roles: ReadonlyArray<Role>
): ReadonlyArray<RoleId> => {
  const held = new Set(memberRoles)
  const granted = links.filter((link) => held.has(link.providerRoleId)).map((link) => link.roleId)
  return [...new Set(granted)].filter((id) => roles.some((role) => role.id === id && isLinkable(role)))
}

/** What set off a role sync: the schedule, or an administrator's `POST /admin/role-sync`. */
export const RoleSyncTrigger = Schema.Literals(["SCHEDULE", "ON_DEMAND"]).annotate({ identifier: "RoleSyncTrigger" })
export type RoleSyncTrigger = typeof RoleSyncTrigger.Type

/**
 * One finished role sync: the staff profiles it checked, those it changed,
 * those whose provider read failed (left as they were, tried next run).
 */
export const RoleSyncRun = Schema.Struct({
  startedAt: Timestamp,
  finishedAt: Timestamp,
  checked: RunCount,
  changed: RunCount,
  failed: RunCount,
  trigger: RoleSyncTrigger
}).annotate({ identifier: "RoleSyncRun" })
export type RoleSyncRun = typeof RoleSyncRun.Type

/** `POST /admin/role-sync`'s answer: what the run did. */
export const RoleSyncResult = Schema.Struct({
  checked: RunCount,
  changed: RunCount,
  failed: RunCount,
  finishedAt: Timestamp
}).annotate({ identifier: "RoleSyncResult" })
export type RoleSyncResult = typeof RoleSyncResult.Type

/** `GET /admin/role-sync`: whether sync is configured (`IDP_MEMBER_URL`, `IDP_GUILD_ID`, `IDP_BOT_TOKEN`), and the last run or `null`. */
export const RoleSyncStatus = Schema.Struct({
  configured: Schema.Boolean,
  lastRun: Schema.NullOr(RoleSyncRun)
}).annotate({ identifier: "RoleSyncStatus" })
export type RoleSyncStatus = typeof RoleSyncStatus.Type
