import { type Account, Accounts, type Role, Roles, type ServiceCredential, type StaffProfile } from "@bluelight/core/identity"
import { Effect } from "effect"

export const presentCredential = (credential: ServiceCredential) => ({
  id: credential.id,
  name: credential.name,
  scopes: credential.scopes,
  createdAt: credential.createdAt,
  expiresAt: credential.expiresAt,
  revokedAt: credential.revokedAt,
  issuedBy: credential.issuedBy
})

/** A staff profile with its person and role names, from accounts and roles already read. */
const staffView = (profile: StaffProfile, accounts: ReadonlyArray<Account>, roles: ReadonlyArray<Role>) => ({
  id: profile.id,
  account: { id: profile.accountId, displayName: accounts.find((account) => account.id === profile.accountId)?.displayName ?? "" },
  active: profile.active,
  roles: profile.roleIds.flatMap((id) => roles.filter((role) => role.id === id).map((role) => ({ id: role.id, name: role.name }))),
  createdAt: profile.createdAt,
  updatedAt: profile.updatedAt
})

/** Staff profiles as the API shows them: three reads for any page (profiles, their accounts, the roles). */
export const presentStaff = (profiles: ReadonlyArray<StaffProfile>) =>
  Effect.gen(function*() {
    const accounts = yield* Effect.flatMap(Accounts, (a) => a.findByIds([...new Set(profiles.map((p) => p.accountId))]))
    const roles = yield* Effect.flatMap(Roles, (r) => r.all)
    return profiles.map((profile) => staffView(profile, accounts, roles))
  })
