import { DateTime, Schema } from "effect"
import { AccountId } from "../identity/index.js"
import { EnteredTimestamp, IntegerBetween, OneLineText, OneOf, Timestamp } from "../kernel/index.js"
import { ageAt, canHoldOfficialDocuments, type Civilian } from "./Civilian.js"
import { CivilianId, EndorsementId, LicenceId } from "./ids.js"
import { OfficialReason } from "./officialText.js"

/** A motorcycles, B cars, C large goods vehicles, D buses. */
export const LicenceCategory = OneOf("A", "B", "C", "D").annotate({ identifier: "LicenceCategory" })
export type LicenceCategory = typeof LicenceCategory.Type

/** What is stored: expiry and lapsed suspensions are worked out when read (`licenceStatusAt`). */
export const StoredLicenceStatus = OneOf("VALID", "SUSPENDED", "REVOKED")
export type StoredLicenceStatus = typeof StoredLicenceStatus.Type

/** What a reader sees. */
export const LicenceStatus = OneOf("VALID", "EXPIRED", "SUSPENDED", "REVOKED").annotate({ identifier: "LicenceStatus" })
export type LicenceStatus = typeof LicenceStatus.Type

export const Licence = Schema.Struct({
  id: LicenceId,
  civilianId: CivilianId,
  number: Schema.String,
  categories: Schema.Array(LicenceCategory),
  status: StoredLicenceStatus,
  /** While `SUSPENDED`: when the suspension lapses; null for an indefinite one. */
  suspendedUntil: Schema.NullOr(Timestamp),
  /** While `SUSPENDED`: why (`TOTTING_UP`, or the officer's reason); null otherwise. */
  suspensionReason: Schema.NullOr(Schema.String),
  issuedAt: Timestamp,
  expiresAt: Timestamp,
  updatedAt: Timestamp
}).annotate({ identifier: "LicenceRecord" })
export type Licence = typeof Licence.Type

export const Endorsement = Schema.Struct({
  id: EndorsementId,
  licenceId: LicenceId,
  code: Schema.String,
  reason: Schema.String,
  points: Schema.Int,
  createdAt: Timestamp,
  expiresAt: Schema.NullOr(Timestamp),
  issuedBy: AccountId,
  removedAt: Schema.NullOr(Timestamp),
  removedBy: Schema.NullOr(AccountId),
  removalReason: Schema.NullOr(Schema.String),
  /** The record the endorsement came from (records arrive with their own issue). */
  recordId: Schema.NullOr(Schema.String)
}).annotate({ identifier: "EndorsementRecord" })
export type Endorsement = typeof Endorsement.Type

const MAX_CATEGORIES = 4
/** The categories a licence is applied for or renewed with: 1 to 4 of A, B, C, D, each once. */
// Each rule stops at its failure (`abort`), so a list breaking several is reported once, by the first.
export const LicenceCategories = Schema.Array(LicenceCategory).check(
  Schema.makeFilter((categories: ReadonlyArray<string>) => categories.length >= 1 || "at least one category", {
    toJsonSchema: () => ({ minItems: 1 })
  }, true),
  Schema.makeFilter((categories: ReadonlyArray<string>) => categories.length <= MAX_CATEGORIES || `at most ${MAX_CATEGORIES} categories`, {
    toJsonSchema: () => ({ maxItems: MAX_CATEGORIES })
  }, true),
  Schema.makeFilter((categories: ReadonlyArray<string>) => new Set(categories).size === categories.length || "must not name a category twice", {
    toJsonSchema: () => ({ uniqueItems: true })
  }, true)
).annotate({ title: "Licence categories", description: "1 to 4 of A, B, C, D, each once" })

/** An endorsement's offence code: upper-case letters and digits, 2 to 10 of them (`SP30`). */
export const EndorsementCode = OneLineText({ min: 2, max: 10 }, {
  test: (code) => /^[A-Z0-9]+$/.test(code),
  message: "must be upper-case letters and digits, such as SP30",
  jsonSchema: { pattern: "^[A-Z0-9]+$" }
})

/** The most points one endorsement, record or charge carries. */
export const MAX_POINTS = 12

/** Points on a licence, for an endorsement or a record: 0 to 12. */
export const LicencePoints = IntegerBetween({ min: 0, max: MAX_POINTS }, `points must be an integer from 0 to ${MAX_POINTS}`)

/** An endorsement's code, reason and points: what every endorsement is held to, however it is made (by hand or by a record). */
export const EndorsementTerms = Schema.Struct({
  code: EndorsementCode,
  reason: OfficialReason,
  points: LicencePoints
})
export type EndorsementTerms = typeof EndorsementTerms.Type

/** What an officer writes of a new endorsement; without `expiresAt` it runs `ENDORSEMENT_VALIDITY_YEARS`. */
export const EndorsementFields = Schema.Struct({
  ...EndorsementTerms.fields,
  expiresAt: Schema.optionalKey(EnteredTimestamp)
})
export type EndorsementFields = typeof EndorsementFields.Type

/** What a member applies for: the categories. */
export const LicenceApplication = Schema.Struct({ categories: LicenceCategories })
export type LicenceApplication = typeof LicenceApplication.Type

/** What an officer sends to change a licence: the reason, and the new categories if they change (the expiry is a time, already read). */
export const LicenceChange = Schema.Struct({ reason: OfficialReason, categories: Schema.optional(LicenceCategories) })
export type LicenceChange = typeof LicenceChange.Type

/** A licence is valid ten years from issue. */
export const LICENCE_VALIDITY_YEARS = 10
/** An endorsement expires three years after it is made unless given an expiry. */
export const ENDORSEMENT_VALIDITY_YEARS = 3

/** `at` plus whole calendar years (29 February falls to 28 February or 1 March as the calendar does). */
export const yearsAfter = (at: DateTime.Utc, years: number): DateTime.Utc => DateTime.add(at, { years })

/**
 * The status a reader sees at `at`: past `expiresAt` the licence reads
 * `EXPIRED` whatever is stored; a suspension past `suspendedUntil` has lapsed.
 */
export const licenceStatusAt = (
  licence: Pick<Licence, "status" | "suspendedUntil" | "expiresAt">,
  at: DateTime.Utc
): LicenceStatus => {
  if (!DateTime.isLessThan(at, licence.expiresAt)) return "EXPIRED"
  if (licence.status === "REVOKED") return "REVOKED"
  if (licence.status === "SUSPENDED") {
    return licence.suspendedUntil === null || DateTime.isLessThan(at, licence.suspendedUntil) ? "SUSPENDED" : "VALID"
  }
  return "VALID"
}

/** An endorsement counts while it is neither removed nor expired. */
export const endorsementActiveAt = (endorsement: Pick<Endorsement, "removedAt" | "expiresAt">, at: DateTime.Utc): boolean =>
  endorsement.removedAt === null && (endorsement.expiresAt === null || DateTime.isLessThan(at, endorsement.expiresAt))

/** The points on a licence at `at`: those of its active endorsements. */
export const pointsAt = (endorsements: ReadonlyArray<Pick<Endorsement, "removedAt" | "expiresAt" | "points">>, at: DateTime.Utc): number =>
  endorsements.reduce((sum, endorsement) => (endorsementActiveAt(endorsement, at) ? sum + endorsement.points : sum), 0)

/** Categories as stored and shown: each once, in order. */
export const sortedCategories = (categories: ReadonlyArray<LicenceCategory>): ReadonlyArray<LicenceCategory> => [...new Set(categories)].sort()

/** The licence's expiry must come after its issue. */
export const expiryAfterIssue = (licence: Pick<Licence, "issuedAt">, expiresAt: DateTime.Utc): boolean => DateTime.isGreaterThan(expiresAt, licence.issuedAt)

/** The minimum age of a licence holder, on the day of issue. */
export const MINIMUM_LICENCE_AGE = 17

/** Old enough to hold a licence on the day of `at` (the 17th birthday counts). */
export const oldEnoughToHoldLicence = (dateOfBirth: string, at: DateTime.Utc): boolean => ageAt(dateOfBirth, at) >= MINIMUM_LICENCE_AGE

/**
 * Who may be issued a licence at `at`: an active character (not inactive nor
 * deceased) aged `MINIMUM_LICENCE_AGE` or over on that day. Answers why not,
 * in words a holder reads, or `undefined` when the character is eligible.
 */
export const licenceIneligibility = (civilian: Pick<Civilian, "status" | "dateOfBirth">, at: DateTime.Utc): string | undefined => {
  if (!canHoldOfficialDocuments(civilian)) return `The character is ${civilian.status.toLowerCase()}: only an active character can hold a licence`
  if (!oldEnoughToHoldLicence(civilian.dateOfBirth, at)) return `The holder must be aged ${MINIMUM_LICENCE_AGE} or over`
  return undefined
}

/** Whether a licence reading `status` may be suspended: not a revoked one, nor an expired one (it is renewed first). */
export const suspendable = (status: LicenceStatus): boolean => status !== "REVOKED" && status !== "EXPIRED"

/** The reason a totting-up suspension is recorded and shown with. */
export const TOTTING_UP = "TOTTING_UP"

/** The community's totting-up settings, as the rule reads them (`CommunitySettings`). */
export interface TottingUpSettings {
  /** The active points at which a valid licence is suspended; 0 turns totting-up off. */
  readonly licencePointsThreshold: number
  /** How long the suspension lasts. */
  readonly tottingUpSuspensionDays: number
}

/** A totting-up suspension: until when, and the points and threshold that made it. */
export interface TottingUpSuspension {
  readonly until: DateTime.Utc
  readonly points: number
  readonly threshold: number
}

/**
 * Totting-up, as an endorsement is added at `now`: a licence reading `VALID`
 * whose active `points` (counted with that endorsement) reach the threshold
 * is suspended until `now` plus the suspension's days. Nothing with the
 * threshold at 0 (off), below it, or on a licence already suspended, revoked
 * or expired (a lapsed suspension reads `VALID`, so it is suspended again).
 * Points that fall later never lift it: this rule only ever suspends.
 */
export const tottingUpSuspension = (
  licence: Pick<Licence, "status" | "suspendedUntil" | "expiresAt">,
  points: number,
  settings: TottingUpSettings,
  now: DateTime.Utc
): TottingUpSuspension | undefined => {
  const threshold = settings.licencePointsThreshold
  if (threshold === 0 || points < threshold || licenceStatusAt(licence, now) !== "VALID") return undefined
  return { until: DateTime.add(now, { days: settings.tottingUpSuspensionDays }), points, threshold }
}
