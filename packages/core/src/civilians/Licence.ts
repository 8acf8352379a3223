import { DateTime, Schema } from "effect"
import { AccountId } from "../identity/ids.js"
import { OneOf } from "../kernel/oneOf.js"
import { Timestamp } from "../kernel/time.js"
import { CivilianId, EndorsementId, LicenceId } from "./ids.js"

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
export const sortedCategories = (categories: ReadonlyArray<LicenceCategory>): ReadonlyArray<LicenceCategory> =>
  [...new Set(categories)].sort()

/** The licence's expiry must come after its issue. */
export const expiryAfterIssue = (licence: Pick<Licence, "issuedAt">, expiresAt: DateTime.Utc): boolean =>
  DateTime.isGreaterThan(expiresAt, licence.issuedAt)

