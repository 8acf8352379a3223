import { Effect, Option } from "effect"
import {
  Accounts,
  type Caller,
  forbidden,
  type Forbidden,
  isActiveStaff,
  StaffInactive,
  type StaffProfile,
  type StaffProfileId,
  StaffProfiles,
  StaffRequired
} from "../identity/index.js"
import type { ShiftSource } from "./Shift.js"

/**
 * Who a shift operation acts for, and in what capacity: the caller's own
 * profile (active staff, no permission needed), or another profile (needs
 * `shifts.manage`; a credential always acts this way, having no profile).
 */
export type ShiftActor =
  | { readonly own: true; readonly staffId: StaffProfileId }
  | { readonly own: false; readonly staffId: StaffProfileId }

export const staffRequired = new StaffRequired({ message: "Only active staff can do this: an active staff profile of your own is needed" })

/**
 * The profile `staffId` names (the caller's own when absent) and whether it is
 * the caller's own. Own needs active staff (`STAFF_REQUIRED`); another's needs
 * `shifts.manage` (`FORBIDDEN`). A credential has no profile: it must name one.
 */
export const shiftActorFor = (caller: Caller, staffId: StaffProfileId | undefined): Effect.Effect<ShiftActor, StaffRequired | Forbidden> => {
  const ownId = caller._tag === "User" ? caller.staff?.id : undefined
  if (staffId === undefined || staffId === ownId) {
    if (isActiveStaff(caller)) return Effect.succeed({ own: true, staffId: caller.staff.id })
    if (staffId === undefined || !caller.permissions.has("shifts.manage")) return Effect.fail(staffRequired)
  }
  if (!caller.permissions.has("shifts.manage")) return Effect.fail(forbidden("shifts.manage"))
  return Effect.succeed({ own: false, staffId })
}

/**
 * Whether the caller may end any shift at all: with `shifts.manage`, or as
 * active staff (their own). Checked before a shift is read, so a caller who
 * can end none learns nothing of which shift ids exist: `STAFF_REQUIRED` for
 * a person, `FORBIDDEN` naming `shifts.manage` for a credential.
 */
export const mayEndShifts = (caller: Caller): Effect.Effect<void, StaffRequired | Forbidden> =>
  caller.permissions.has("shifts.manage") || isActiveStaff(caller)
    ? Effect.void
    : Effect.fail(caller._tag === "Service" ? forbidden("shifts.manage") : staffRequired)

/** `MANUAL` for one's own, `MANAGER` for a person acting for another, `INTEGRATION` for a credential. */
export const sourceOf = (caller: Caller, actor: ShiftActor): ShiftSource => actor.own ? "MANUAL" : caller._tag === "Service" ? "INTEGRATION" : "MANAGER"

/**
 * Whether the profile is active staff now: active, on an active account. Read
 * on the profile locked for the rest of the transaction, so a deactivation
 * either comes first and is seen, or waits until this change commits.
 */
export const lockActiveStaff = (staffId: StaffProfileId): Effect.Effect<boolean, never, StaffProfiles | Accounts> =>
  Effect.gen(function*() {
    const profile = yield* StaffProfiles.use((profiles) => profiles.findByIdForUpdate(staffId))
    return Option.isSome(profile) && profile.value.active && (yield* accountIsActive(profile.value))
  })

/** The refusal when the profile a shift operation acts for is not active staff. */
export const notActiveStaff = (actor: ShiftActor) =>
  actor.own ? staffRequired : new StaffInactive({ message: `Staff profile ${actor.staffId} is not active staff` })

const accountIsActive = (profile: StaffProfile) =>
  Effect.map(
    Accounts.use((accounts) => accounts.findById(profile.accountId)),
    Option.exists((account) => account.status === "ACTIVE")
  )
