import { Effect, Option } from "effect"
import type { Account } from "./Account.js"
import type { AccountId } from "./ids.js"
import { effectivePermissions } from "./effectivePermissions.js"
import type { Permission } from "./permissions.js"
import { AccessSettings, Accounts, Roles, StaffProfiles } from "./ports.js"
import { MEMBER_ROLE_ID, MEMBER_ROLE_NAME } from "./Role.js"
import { heldRoleIds, type StaffProfile } from "./StaffProfile.js"

/** A person's standing now: their account, their staff profile as stored, and what they may do. */
export interface Standing {
  readonly account: Account
  readonly staff: StaffProfile | null
  readonly permissions: ReadonlySet<Permission>
}

/**
 * What a person acting outside any session may do (the game's chat, by
 * their linked account), worked out as sign-in works it out for a session
 * (`effectivePermissions`: the Member role, the roles of an active staff
 * profile on an active account, an administrator's identity id), with no
 * Developer Access, which is a session's. Read inside the caller's
 * transaction under lock, in the identity's order: the account and its staff
 * profile `FOR UPDATE`, their roles `FOR SHARE`; so a change of any of them
 * (a role taken away, the profile deactivated, the account suspended) either
 * commits first and is seen, or waits until the caller's change commits.
 * `None` for an account that does not exist.
 */
export const lockedStanding = (accountId: AccountId): Effect.Effect<Option.Option<Standing>, never, Accounts | StaffProfiles | Roles | AccessSettings> =>
  Effect.gen(function*() {
    const account = yield* Accounts.use((accounts) => accounts.findByIdForUpdate(accountId))
    if (Option.isNone(account)) return Option.none()
    const profiles = yield* StaffProfiles
    const found = yield* profiles.findByAccountId(account.value.id)
    const staff = Option.isNone(found) ? null : Option.getOrNull(yield* profiles.findByIdForUpdate(found.value.id))
    const roles = yield* Roles.use((store) => store.findByIdsForShare([MEMBER_ROLE_ID, ...(staff === null ? [] : heldRoleIds(staff))]))
    const settings = yield* AccessSettings
    const permissions = effectivePermissions({
      account: account.value,
      memberRole: roles.find((role) => role.id === MEMBER_ROLE_ID) ?? { id: MEMBER_ROLE_ID, name: MEMBER_ROLE_NAME, permissions: [] },
      staff,
      staffRoles: staff === null ? [] : heldRoleIds(staff).flatMap((id) => roles.filter((role) => role.id === id)),
      adminIdentity: settings.adminIdentityIds.has(account.value.identity.id),
      developerAccess: false
    })
    return Option.some({ account: account.value, staff, permissions })
  })
