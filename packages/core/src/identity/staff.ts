import { DateTime, Effect, Option, Schema } from "effect"
import { actorOf, type Caller } from "./Caller.js"
import { forbidden } from "./checkAccess.js"
import { requires } from "./permitted.js"
import { AuditLog, checkedPage, inTransaction, InvalidInput, InvalidState, newId, NotFound, orNotFound, type Page, validated } from "../kernel/index.js"
import { Accounts, Roles, StaffDeactivation, StaffDirectory, StaffProfiles } from "./ports.js"
import { AccountId, type RoleId, StaffProfileId } from "./ids.js"
import { ADMINISTRATOR_ROLE_ID, type Role } from "./Role.js"
import { type StaffProfile, StaffRoleIds } from "./StaffProfile.js"

/** A new profile as the staff rules have it (an account id, at most `MAX_STAFF_ROLES` role ids): a caller that skipped the contract is held to them too. */
const validProfile = validated(Schema.Struct({ accountId: AccountId, roleIds: StaffRoleIds }), "The staff profile is not valid")

/** A profile's change as the staff rules have it: the roles it gives are held to them, as a new profile's are. */
const validProfileChange = validated(
  Schema.Struct({ active: Schema.optional(Schema.Boolean), roleIds: Schema.optional(StaffRoleIds) }),
  "The staff profile is not valid"
)

/** `GET /staff`: staff as the directory shows them, by display name. */
export const listStaff = Effect.fn("identity.listStaff")(function*(filter: { readonly active?: boolean | undefined }, requested: Page) {
  const page = yield* checkedPage(requested)
  return yield* StaffDirectory.use((directory) => directory.list(filter, page))
}, requires("staff.view"))

/** One staff member as the directory shows them. */
export const findStaffMember = Effect.fn("identity.findStaffMember")(function*(id: StaffProfileId) {
  return yield* StaffDirectory.use((directory) => directory.findById(id)).pipe(orNotFound("No such staff profile"))
}, requires("staff.view"))

/** A profile just written, as the directory shows it: it exists, so not finding it is a defect. */
export const staffMemberOf = (profile: StaffProfile) =>
  Effect.flatMap(
    StaffDirectory.use((directory) => directory.findById(profile.id)),
    Option.match({
      onNone: () => Effect.die(new Error(`staff profile ${profile.id} was written but the directory does not find it`)),
      onSome: Effect.succeed
    })
  )

const grantsAdministration = (role: Role) => role.id === ADMINISTRATOR_ROLE_ID || role.permissions.includes("admin.manage")

/**
 * The roles named, in order, or every unknown one as a validation problem.
 * Read for share: the escalation rule reads their permissions, so an edit of
 * one of them waits until this change commits.
 */
const resolveRoles = (roleIds: ReadonlyArray<RoleId>) =>
  Effect.gen(function*() {
    const found = yield* Roles.use((roles) => roles.findByIdsForShare([...new Set(roleIds)]))
    const problems = roleIds.flatMap((id, index) =>
      found.some((role) => role.id === id) ? [] : [{ path: ["roleIds", String(index)], message: `no role has the id ${id}` }]
    )
    if (problems.length > 0) return yield* new InvalidInput({ message: "Unknown roles", details: problems })
    return [...new Set(roleIds)].map((id) => found.find((role) => role.id === id)!)
  })

/**
 * No escalation through `staff.manage`: granting a role that administers, or
 * changing the profile of someone who holds one, needs `admin.manage`.
 */
const ensureMayTouch = (caller: Caller, roles: ReadonlyArray<Role>) =>
  roles.some(grantsAdministration) && !caller.permissions.has("admin.manage")
    ? Effect.fail(forbidden("admin.manage"))
    : Effect.void

const alreadyStaff = new InvalidState({ message: "This account already has a staff profile" })

/**
 * `NOT_FOUND` for an account id that names no account, saying where account
 * ids come from; when it is the identity provider's id of someone who has
 * signed in (the usual mistake), it names that person's account id. Only
 * callers holding `staff.manage` get here, who may make anyone staff anyway.
 */
const noSuchAccount = (accountId: AccountId) =>
  Effect.map(Accounts.use((accounts) => accounts.findByIdentityId(accountId)), (byIdentity) =>
    new NotFound({
      message: `No account has the id ${accountId}. Account ids are Bluelight's own (GET /api/admin/accounts, or the person's home page), ` +
        "not the identity provider's" +
        (Option.isSome(byIdentity) ? `; the account of identity-provider id ${accountId} is ${byIdentity.value.id}` : "")
    }))

/** Makes an account staff with the given roles. */
export const createStaffProfile = Effect.fn("identity.createStaffProfile")(
  function*(caller: Caller, fields: { readonly accountId: AccountId; readonly roleIds: ReadonlyArray<RoleId> }) {
    const input = yield* validProfile(fields)
    const staff = yield* StaffProfiles
    const audit = yield* AuditLog
    return yield* inTransaction(Effect.gen(function*() {
      const account = yield* Effect.flatMap(
        Accounts.use((a) => a.findById(input.accountId)),
        (found) => Option.isSome(found) ? Effect.succeed(found.value) : Effect.flatMap(noSuchAccount(input.accountId), Effect.fail)
      )
      if (Option.isSome(yield* staff.findByAccountId(account.id))) return yield* alreadyStaff
      const roles = yield* resolveRoles(input.roleIds)
      yield* ensureMayTouch(caller, roles)
      const now = yield* DateTime.now
      const profile: StaffProfile = {
        id: yield* newId(StaffProfileId),
        accountId: account.id,
        active: true,
        roleIds: roles.map((role) => role.id),
        createdAt: now,
        updatedAt: now
      }
      if (!(yield* staff.insert(profile))) return yield* alreadyStaff
      yield* audit.record({
        action: "staff.created",
        actor: actorOf(caller),
        targetType: "staff",
        targetId: profile.id,
        data: { accountId: account.id, roleIds: profile.roleIds }
      })
      return profile
    }))
  },
  requires("staff.manage")
)

/**
 * Activates or deactivates a profile, or replaces its roles. Deactivating
 * also ends what other contexts keep going for the profile (`StaffDeactivation`:
 * its active shift), in the same transaction.
 */
export const updateStaffProfile = Effect.fn("identity.updateStaffProfile")(function*(
  caller: Caller,
  id: StaffProfileId,
  change: { readonly active?: boolean | undefined; readonly roleIds?: ReadonlyArray<RoleId> | undefined }
) {
  const input = yield* validProfileChange(change)
  const staff = yield* StaffProfiles
  const audit = yield* AuditLog
  return yield* inTransaction(Effect.gen(function*() {
    const profile = yield* staff.findByIdForUpdate(id).pipe(orNotFound("No such staff profile"))
    const current = yield* resolveRoles(profile.roleIds)
    const next = input.roleIds === undefined ? current : yield* resolveRoles(input.roleIds)
    yield* ensureMayTouch(caller, [...current, ...next])
    const updated: StaffProfile = {
      ...profile,
      active: input.active ?? profile.active,
      roleIds: next.map((role) => role.id)
    }
    const rolesChanged = updated.roleIds.join() !== profile.roleIds.join()
    if (!rolesChanged && updated.active === profile.active) return profile
    const saved = { ...updated, updatedAt: yield* DateTime.now }
    yield* staff.update(saved)
    yield* audit.record({
      action: "staff.updated",
      actor: actorOf(caller),
      targetType: "staff",
      targetId: profile.id,
      data: {
        accountId: profile.accountId,
        active: { before: profile.active, after: saved.active },
        roleIds: { before: profile.roleIds, after: saved.roleIds }
      }
    })
    if (profile.active && !saved.active) yield* StaffDeactivation.use((hook) => hook.deactivated(caller, profile.id))
    return saved
  }))
}, requires("staff.manage"))
