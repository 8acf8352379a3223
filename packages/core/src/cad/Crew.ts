import { Option, Schema } from "effect"
import { AccountId, IdentityLink, PlatformLink, StaffProfileId } from "../identity/index.js"
import { OneLineText, Timestamp } from "../kernel/index.js"
import { CrewMemberId, UnitId } from "./ids.js"

/** How a crew member is known on the radio (collar number, radio id): one line of 1 to 64 characters. */
export const CrewIdentifier = OneLineText({ min: 1, max: 64 })

/** Part of a display name, to find crew by: one line of at most 100 characters (blank finds everyone). */
export const CrewSearch = OneLineText({ max: 100 })

/**
 * One person's membership of a unit's crew. Ended memberships stay
 * (`leftAt` set); a person has at most one that has not ended. The
 * identifier is as stored (it may predate the text rules); a new one is
 * held to `CrewIdentifier`.
 */
export const CrewMembership = Schema.Struct({
  id: CrewMemberId,
  unitId: UnitId,
  userId: AccountId,
  identifier: Schema.String,
  joinedAt: Timestamp,
  leftAt: Schema.NullOr(Timestamp)
}).annotate({ identifier: "CrewMembership" })
export type CrewMembership = typeof CrewMembership.Type

/** A person as the crew picker and a crew list show them. */
export const CrewUser = Schema.Struct({
  id: AccountId,
  displayName: Schema.String,
  identity: Schema.NullOr(IdentityLink),
  platform: Schema.NullOr(PlatformLink),
  staff: Schema.NullOr(Schema.Struct({ id: StaffProfileId, active: Schema.Boolean }))
}).annotate({ identifier: "CrewUser" })
export type CrewUser = typeof CrewUser.Type

/** A crew membership with its person. */
export const CrewMember = Schema.Struct({
  ...CrewMembership.fields,
  user: CrewUser
}).annotate({ identifier: "CrewMember" })
export type CrewMember = typeof CrewMember.Type

/** Whether a person may crew a unit: active staff on an active account. */
export const mayCrew = (user: CrewUser, accountActive: boolean): boolean => accountActive && user.staff !== null && user.staff.active

/** A membership is current until it ends (`leftAt` set). */
export const isCurrent = (membership: Pick<CrewMembership, "leftAt">): boolean => membership.leftAt === null

/**
 * One unit per person at a time: a person may join a crew only while they
 * have no current membership. (The store keeps the same rule, a unique index
 * on current memberships, so two joins racing cannot both pass.)
 */
export const mayJoinCrew = (current: Option.Option<Pick<CrewMembership, "leftAt">>): boolean => Option.isNone(Option.filter(current, isCurrent))

/** Why a membership cannot be ended as one of `unitId`'s crew: it is another unit's, or has already ended. */
export type CrewLeaveRefusal = "NOT_ON_UNIT" | "ALREADY_LEFT"

/** Whether `membership` can be ended as one of `unitId`'s crew: `undefined` when it can, or why not. */
export const crewLeaveRefusal = (membership: Pick<CrewMembership, "unitId" | "leftAt">, unitId: UnitId): CrewLeaveRefusal | undefined =>
  membership.unitId !== unitId ? "NOT_ON_UNIT" : isCurrent(membership) ? undefined : "ALREADY_LEFT"
