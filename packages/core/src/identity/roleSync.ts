import { DateTime, Duration, Effect, Option, Schema } from "effect"
import { type Actor, AuditLog, checkedPage, Ids, inTransaction, InvalidState, newId, NotFound, orNotFound, type Page, validated } from "../kernel/index.js"
import { actorOf, type UserCaller } from "./Caller.js"
import { RoleLinkExists, RoleNotLinkable } from "./errors.js"
import { RoleId, RoleLinkId, type StaffProfileId } from "./ids.js"
import { requires, trusted } from "./permitted.js"
import { IdentityProviderDirectory, type MemberRoles, RoleLinks, Roles, RoleSyncRuns, StaffProfiles } from "./ports.js"
import {
  isLinkable,
  providerGrants,
  ProviderRoleId,
  type RoleLink,
  type RoleLinkView,
  type RoleSyncResult,
  type RoleSyncRun,
  type RoleSyncStatus,
  type RoleSyncTrigger
} from "./RoleLink.js"
import { providerRoleIdsOf, withProviderRoleIds } from "./StaffProfile.js"

/** The actor of what the scheduled sync changes. */
export const ROLE_SYNC_ACTOR: Actor = { type: "service", id: "role-sync" }

/** How long a sync's lease lasts without renewal; renewed before each person, so it outlives the longest wait below. */
export const ROLE_SYNC_LEASE = Duration.minutes(5)

/** The longest a sync waits after a `429` before its next request (a longer `Retry-After` is cut to it). */
export const ROLE_SYNC_MAX_WAIT = Duration.seconds(60)

/** A new link as the link rules have it: a caller that skipped the contract is held to them too. */
const validLink = validated(Schema.Struct({ providerRoleId: ProviderRoleId, roleId: RoleId }), "The role link is not valid")

/** `GET /admin/role-links`: a page of links, oldest first. */
export const listRoleLinks = (requested: Page) =>
  checkedPage(requested).pipe(
    Effect.flatMap((page) => RoleLinks.use((links) => links.list(page))),
    requires("admin.manage")
  )

const linkExists = new RoleLinkExists({ message: "This provider role is already linked to this role" })

/**
 * Links a provider role to a Bluelight role. The role must exist
 * (`NOT_FOUND`) and be linkable (`ROLE_NOT_LINKABLE`: the
 * Administrator, or a role holding `admin.manage`), read for share so an
 * edit of its permissions waits for the link; the same pair twice is
 * `ROLE_LINK_EXISTS`, also when two are made at once. Audited as `role.link.created`.
 */
export const createRoleLink = Effect.fn("identity.createRoleLink")(
  function*(caller: UserCaller, fields: { readonly providerRoleId: string; readonly roleId: RoleId }) {
    const input = yield* validLink(fields)
    const links = yield* RoleLinks
    const audit = yield* AuditLog
    return yield* inTransaction(Effect.gen(function*() {
      const [role] = yield* Roles.use((roles) => roles.findByIdsForShare([input.roleId]))
      if (role === undefined) return yield* new NotFound({ message: `No role has the id ${input.roleId}` })
      if (!isLinkable(role)) {
        return yield* new RoleNotLinkable({ message: `${role.name} administers Bluelight and cannot be given by the identity provider` })
      }
      const link: RoleLink = {
        id: yield* newId(RoleLinkId),
        providerRoleId: input.providerRoleId,
        roleId: role.id,
        createdAt: yield* DateTime.now,
        createdBy: caller.account.id
      }
      if (!(yield* links.insert(link))) return yield* linkExists
      yield* audit.record({
        action: "role.link.created",
        actor: actorOf(caller),
        targetType: "role_link",
        targetId: link.id,
        data: { providerRoleId: link.providerRoleId, roleId: role.id, roleName: role.name }
      })
      const view: RoleLinkView = {
        id: link.id,
        providerRoleId: link.providerRoleId,
        role: { id: role.id, name: role.name },
        createdAt: link.createdAt,
        createdBy: link.createdBy
      }
      return view
    }))
  },
  requires("admin.manage")
)

/**
 * Removes a link; the grants sync made through it are taken back by the next
 * sync (grants by hand are never touched). Audited as `role.link.removed`.
 */
export const removeRoleLink = Effect.fn("identity.removeRoleLink")(function*(caller: UserCaller, id: RoleLinkId) {
  const links = yield* RoleLinks
  const audit = yield* AuditLog
  return yield* inTransaction(Effect.gen(function*() {
    const link = yield* links.findByIdForUpdate(id).pipe(orNotFound("No such role link"))
    yield* links.remove(link.id)
    yield* audit.record({
      action: "role.link.removed",
      actor: actorOf(caller),
      targetType: "role_link",
      targetId: link.id,
      data: { providerRoleId: link.providerRoleId, roleId: link.role.id, roleName: link.role.name }
    })
    return link
  }))
}, requires("admin.manage"))

/** `GET /admin/role-sync`: whether sync is configured, and the last run. */
export const roleSyncStatus = Effect.fn("identity.roleSyncStatus")(function*() {
  const directory = yield* IdentityProviderDirectory
  const last = yield* RoleSyncRuns.use((runs) => runs.last)
  const status: RoleSyncStatus = { configured: directory.configured, lastRun: Option.getOrNull(last) }
  return status
}, requires("admin.manage"))

/**
 * Makes one profile's provider grants match what the member holds now,
 * inside its own transaction with the profile locked: the links and their
 * roles are read there (roles for share), so a link removed or a role
 * changed meanwhile is seen. Grants by hand (`roleIds`) are never touched. A
 * profile gone or deactivated since the list was read is left alone.
 * Answers whether it changed anything.
 */
const applyMemberRoles = (profileId: StaffProfileId, member: MemberRoles, actor: Actor) =>
  inTransaction(Effect.gen(function*() {
    const profiles = yield* StaffProfiles
    const found = yield* profiles.findByIdForUpdate(profileId)
    if (Option.isNone(found) || !found.value.active) return false
    const profile = found.value
    const links = yield* RoleLinks.use((store) => store.all)
    const current = providerRoleIdsOf(profile)
    const roles = yield* Roles.use((store) => store.findByIdsForShare([...new Set([...links.map((link) => link.roleId), ...current])]))
    const granted = providerGrants(links, member._tag === "Member" ? member.roles : [], roles)
    const added = granted.filter((id) => !current.includes(id))
    const removed = current.filter((id) => !granted.includes(id))
    if (added.length === 0 && removed.length === 0) return false
    yield* profiles.update(withProviderRoleIds({ ...profile, updatedAt: yield* DateTime.now }, granted))
    yield* AuditLog.use((audit) =>
      audit.record({
        action: "staff.roles.synced",
        actor,
        targetType: "staff",
        targetId: profile.id,
        data: { accountId: profile.accountId, added, removed }
      })
    )
    return true
  }))

/**
 * One sync, under the lease (`None` when another instance holds it): for
 * every active staff profile of an active account, one provider read at a
 * time, then its grants made to match. A read that fails changes nothing for
 * that person (`failed`); after a `429` the sync waits as the provider asked
 * (at most `ROLE_SYNC_MAX_WAIT`) before its next request. The run is
 * recorded and the lease given back, whatever happens.
 */
const runSync = (trigger: RoleSyncTrigger, actor: Actor) =>
  Effect.gen(function*() {
    const runs = yield* RoleSyncRuns
    const directory = yield* IdentityProviderDirectory
    const holder = yield* Ids.use((ids) => ids.next)
    const claim = Effect.flatMap(DateTime.now, (now) => runs.claim(holder, now, DateTime.addDuration(now, ROLE_SYNC_LEASE)))
    if (!(yield* claim)) return Option.none<RoleSyncRun>()
    return yield* Effect.gen(function*() {
      const startedAt = yield* DateTime.now
      const candidates = yield* StaffProfiles.use((profiles) => profiles.syncCandidates)
      let checked = 0
      let changed = 0
      let failed = 0
      for (const candidate of candidates) {
        // Renewed before each person: the lease stays this run's while it works. Lost (it ran out, and another
        // instance took it), the run stops here, so that two never sync at once; the others are left to the next run.
        if (!(yield* claim)) {
          yield* Effect.logWarning(`role sync: the lease was lost after ${checked} of ${candidates.length} profiles; the run stops`)
          break
        }
        checked += 1
        const read = yield* Effect.result(directory.memberRoles(candidate.identityId))
        if (read._tag === "Failure") {
          failed += 1
          yield* Effect.logWarning(`role sync: the identity provider could not be read for profile ${candidate.profileId}: ${read.failure.reason}`)
          const wait = read.failure.retryAfterSeconds
          if (wait !== null && wait > 0) yield* Effect.sleep(Duration.min(Duration.seconds(wait), ROLE_SYNC_MAX_WAIT))
          continue
        }
        if (yield* applyMemberRoles(candidate.profileId, read.success, actor)) changed += 1
      }
      const run: RoleSyncRun = { startedAt, finishedAt: yield* DateTime.now, checked, changed, failed, trigger }
      yield* runs.record(run)
      return Option.some(run)
    }).pipe(Effect.ensuring(runs.release(holder)))
  })

const notConfigured = new InvalidState({
  message: "Role sync is not configured: set IDP_MEMBER_URL, IDP_GUILD_ID and IDP_BOT_TOKEN"
})

/**
 * `POST /admin/role-sync`: a sync now, its changes audited with the
 * administrator as actor. `INVALID_STATE` when sync is not configured, or
 * while another sync runs (on this instance or another).
 */
export const syncRolesNow = Effect.fn("identity.syncRolesNow")(function*(caller: UserCaller) {
  const directory = yield* IdentityProviderDirectory
  if (!directory.configured) return yield* notConfigured
  const run = yield* runSync("ON_DEMAND", actorOf(caller))
  if (Option.isNone(run)) return yield* new InvalidState({ message: "A role sync is already running; try again when it has finished" })
  const result: RoleSyncResult = { checked: run.value.checked, changed: run.value.changed, failed: run.value.failed, finishedAt: run.value.finishedAt }
  return result
}, requires("admin.manage"))

/**
 * The scheduled sync, the server's own work (no caller asked for it: its
 * changes are audited as the `role-sync` service). `None` when sync is not
 * configured or another instance holds the lease.
 */
export const scheduledRoleSync = Effect.gen(function*() {
  const directory = yield* IdentityProviderDirectory
  if (!directory.configured) return Option.none<RoleSyncRun>()
  return yield* runSync("SCHEDULE", ROLE_SYNC_ACTOR)
}).pipe(Effect.withSpan("identity.scheduledRoleSync"), trusted)
