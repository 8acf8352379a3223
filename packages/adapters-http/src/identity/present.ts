import { Accounts, type Role, Roles, type ServiceCredential, type StaffProfile } from "@bluelight/core"
import { Effect, Option } from "effect"

export const presentCredential = (credential: ServiceCredential) => ({
  id: credential.id,
  name: credential.name,
  scopes: credential.scopes,
  createdAt: credential.createdAt,
  expiresAt: credential.expiresAt,
  revokedAt: credential.revokedAt,
  issuedBy: credential.issuedBy
})

/** A staff profile with its person and role names. */
export const presentStaff = (profile: StaffProfile, roles: ReadonlyArray<Role>) =>
  Effect.map(Effect.flatMap(Accounts, (accounts) => accounts.findById(profile.accountId)), (account) => ({
    id: profile.id,
    account: { id: profile.accountId, displayName: Option.match(account, { onNone: () => "", onSome: (a) => a.displayName }) },
    active: profile.active,
    roles: profile.roleIds.flatMap((id) => roles.filter((role) => role.id === id).map((role) => ({ id: role.id, name: role.name }))),
    createdAt: profile.createdAt,
    updatedAt: profile.updatedAt
  }))

export const presentStaffPage = (profiles: ReadonlyArray<StaffProfile>) =>
  Effect.flatMap(Effect.flatMap(Roles, (r) => r.all), (roles) => Effect.forEach(profiles, (profile) => presentStaff(profile, roles)))
