import { Schema } from "effect"
import { IdentityLink, PlatformLink } from "../identity/Account.js"
import { AccountId, StaffProfileId } from "../identity/ids.js"
import { Timestamp } from "../kernel/time.js"
import { CrewMemberId, UnitId } from "./ids.js"

/**
 * One person's membership of a unit's crew. Ended memberships stay
 * (`leftAt` set); a person has at most one that has not ended.
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
export const mayCrew = (user: CrewUser, accountActive: boolean): boolean =>
  accountActive && user.staff !== null && user.staff.active
