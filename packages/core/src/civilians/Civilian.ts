import { DateTime, Schema } from "effect"
import { AccountId } from "../identity/ids.js"
import { OneOf } from "../kernel/oneOf.js"
import { CalendarDate, Timestamp } from "../kernel/time.js"
import { CivilianId } from "./ids.js"

export const Gender = OneOf("MALE", "FEMALE", "NON_BINARY", "UNSPECIFIED").annotate({ identifier: "Gender" })
export type Gender = typeof Gender.Type

export const CivilianStatus = OneOf("ACTIVE", "INACTIVE", "DECEASED").annotate({ identifier: "CivilianStatus" })
export type CivilianStatus = typeof CivilianStatus.Type

/** `CIV-` and six or more digits, from a sequence. */
export const CivilianReference = Schema.String.check(Schema.isPattern(/^CIV-\d{6,}$/)).annotate({
  identifier: "CivilianReference",
  description: "CIV- followed by 6 or more digits"
})

/** The reference of the `n`th character: `CIV-000001`. */
export const civilianReference = (n: number): string => `CIV-${String(n).padStart(6, "0")}`

/** A member's character, as stored. `notes` is the owner's private text. */
export const Civilian = Schema.Struct({
  id: CivilianId,
  reference: Schema.String,
  ownerId: AccountId,
  fullName: Schema.String,
  dateOfBirth: CalendarDate,
  gender: Gender,
  address: Schema.String,
  phone: Schema.NullOr(Schema.String),
  occupation: Schema.NullOr(Schema.String),
  imageUrl: Schema.NullOr(Schema.String),
  notes: Schema.NullOr(Schema.String),
  status: CivilianStatus,
  createdAt: Timestamp,
  updatedAt: Timestamp
}).annotate({ identifier: "CivilianRecord" })
export type Civilian = typeof Civilian.Type

/** The minimum age of a licence holder. */
export const MINIMUM_LICENCE_AGE = 17

/** Whole years between a date of birth and the calendar day of `at` (UTC). */
export const ageAt = (dateOfBirth: string, at: DateTime.Utc): number => {
  const [year, month, day] = dateOfBirth.split("-").map(Number) as [number, number, number]
  const parts = DateTime.toParts(at)
  const birthdayPassed = parts.month > month || (parts.month === month && parts.day >= day)
  return parts.year - year - (birthdayPassed ? 0 : 1)
}

/** Old enough to hold a licence on the day of `at`. */
export const oldEnoughToDrive = (dateOfBirth: string, at: DateTime.Utc): boolean => ageAt(dateOfBirth, at) >= MINIMUM_LICENCE_AGE

/** Only an active character can be given a licence or a vehicle. */
export const canHoldOfficialDocuments = (civilian: Pick<Civilian, "status">): boolean => civilian.status === "ACTIVE"

/**
 * Who may move a character between statuses: the owner between `ACTIVE` and
 * `INACTIVE`; setting or undoing `DECEASED` needs `civilians.manage`. Answers
 * whether the move is allowed (staying put always is).
 */
export const statusMoveAllowed = (from: CivilianStatus, to: CivilianStatus, canManage: boolean): boolean =>
  from === to || canManage || (from !== "DECEASED" && to !== "DECEASED")

/** What official history a character has: once any of it exists, the identity is locked. */
export interface OfficialHistory {
  readonly hasLicence: boolean
  readonly records: number
  readonly warrants: number
  readonly markers: number
}

/**
 * True once the character has official history (a licence, a record, a
 * warrant or a marker): the owner can then no longer change the name, the
 * date of birth or the gender; `civilians.manage` still can.
 */
export const identityLocked = (history: OfficialHistory): boolean =>
  history.hasLicence || history.records > 0 || history.warrants > 0 || history.markers > 0

/** The fields an identity lock freezes for the owner. */
export const IDENTITY_FIELDS = ["fullName", "dateOfBirth", "gender"] as const
