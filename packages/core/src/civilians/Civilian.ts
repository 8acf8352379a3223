import { DateTime, Schema } from "effect"
import { AccountId } from "../identity/index.js"
import { CalendarDate, MultiLineText, OneLineText, OneOf, Timestamp } from "../kernel/index.js"
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

/** A character's full name: one line of 2 to 100 characters. */
export const FullName = OneLineText({ min: 2, max: 100 })
/** A character's address: one line of 2 to 200 characters. */
export const Address = OneLineText({ min: 2, max: 200 })
/** A character's phone number: one line of 1 to 30 characters. */
export const Phone = OneLineText({ min: 1, max: 30 })
/** A character's occupation: one line of 1 to 100 characters. */
export const Occupation = OneLineText({ min: 1, max: 100 })
/** The owner's private notes on a character: free text of at most 2000 characters. */
export const Notes = MultiLineText({ max: 2000 })

/**
 * The WHATWG URL parser every runtime the core runs on has (Node, browsers).
 * The core compiles against no platform's library, so it is declared here.
 */
declare const URL: new(input: string) => { readonly protocol: string }

const isWebAddress = (text: string): boolean => {
  try {
    const url = new URL(text)
    return url.protocol === "https:" || url.protocol === "http:"
  } catch {
    return false
  }
}

/** A character's picture: an http or https address of 1 to 500 characters. */
export const ImageUrl = OneLineText({ min: 1, max: 500 }, {
  test: isWebAddress,
  message: "must be an http or https address",
  jsonSchema: { format: "uri" }
})

/** A character's reference as a person types it: `CIV-` and six or more digits, in any case. */
export const EnteredCivilianReference = OneLineText({ min: 1, max: 20 }, {
  test: (text) => /^CIV-\d{6,}$/i.test(text),
  message: "must be a character reference such as CIV-000001",
  jsonSchema: { pattern: "^[Cc][Ii][Vv]-[0-9]{6,}$" }
})

/** What a member writes of a new character; the optional fields may be left out or null. */
export const CivilianFields = Schema.Struct({
  fullName: FullName,
  dateOfBirth: CalendarDate,
  gender: Gender,
  address: Address,
  phone: Schema.optionalKey(Schema.NullOr(Phone)),
  occupation: Schema.optionalKey(Schema.NullOr(Occupation)),
  imageUrl: Schema.optionalKey(Schema.NullOr(ImageUrl)),
  notes: Schema.optionalKey(Schema.NullOr(Notes))
})
export type CivilianFields = typeof CivilianFields.Type

/** A change to a character: only the fields sent, each held to its rule. */
export const CivilianChange = Schema.Struct({
  fullName: Schema.optionalKey(FullName),
  dateOfBirth: Schema.optionalKey(CalendarDate),
  gender: Schema.optionalKey(Gender),
  address: Schema.optionalKey(Address),
  phone: Schema.optionalKey(Schema.NullOr(Phone)),
  occupation: Schema.optionalKey(Schema.NullOr(Occupation)),
  imageUrl: Schema.optionalKey(Schema.NullOr(ImageUrl)),
  notes: Schema.optionalKey(Schema.NullOr(Notes)),
  status: Schema.optionalKey(CivilianStatus)
})
export type CivilianChange = typeof CivilianChange.Type

/**
 * A member's character, as stored. `notes` is the owner's private text. Its
 * text is as stored (text from before the text rules is read as it is); what
 * is written is held to `CivilianFields` and `CivilianChange`.
 */
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

/** Whole years between a date of birth and the calendar day of `at` (UTC). */
export const ageAt = (dateOfBirth: string, at: DateTime.Utc): number => {
  const [year, month, day] = dateOfBirth.split("-").map(Number) as [number, number, number]
  const parts = DateTime.toParts(at)
  const birthdayPassed = parts.month > month || (parts.month === month && parts.day >= day)
  return parts.year - year - (birthdayPassed ? 0 : 1)
}

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
export const identityLocked = (history: OfficialHistory): boolean => history.hasLicence || history.records > 0 || history.warrants > 0 || history.markers > 0

/** The fields an identity lock freezes for the owner. */
export const IDENTITY_FIELDS = ["fullName", "dateOfBirth", "gender"] as const
