import { Schema } from "effect"
import { AccountId } from "../identity/index.js"
import { IntegerBetween, MultiLineText, OneLineText, OneOf, Timestamp } from "../kernel/index.js"
import { ChargeId, CivilianId, RecordId, VehicleId } from "./ids.js"
import { EndorsementCode, LicencePoints } from "./Licence.js"
import { Count } from "./viewFields.js"

export const RecordType = OneOf("CITATION", "CAUTION", "ARREST", "CHARGE", "WARNING", "INTELLIGENCE").annotate({ identifier: "RecordType" })
export type RecordType = typeof RecordType.Type

export const RecordStatus = OneOf("OPEN", "CLOSED", "VOID").annotate({ identifier: "RecordStatus" })
export type RecordStatus = typeof RecordStatus.Type

/** `REC-` and six or more digits, from a sequence. */
export const recordReference = (n: number): string => `REC-${String(n).padStart(6, "0")}`

/** A record's title: one line of 3 to 120 characters. */
export const RecordTitle = OneLineText({ min: 3, max: 120 })
/** What a record says happened: free text of 3 to 4000 characters. */
export const RecordDescription = MultiLineText({ min: 3, max: 4000 })
/** Where it happened: one line of 2 to 200 characters. */
export const RecordLocation = OneLineText({ min: 2, max: 200 })

/** The largest fine a record can carry. */
export const MAX_FINE = 1_000_000
const wholePence = (amount: number): boolean => Math.abs(Math.round(amount * 100) - amount * 100) < 1e-6

/** A fine in pounds: 0 to 1,000,000, at most two decimal places. */
export const FineAmount = Schema.Finite.check(
  Schema.makeFilter(
    (amount: number) =>
      (Number.isFinite(amount) && amount >= 0 && amount <= MAX_FINE && wholePence(amount)) ||
      `must be an amount from 0 to ${MAX_FINE} with at most two decimal places`,
    { toJsonSchema: () => ({ minimum: 0, maximum: MAX_FINE, multipleOf: 0.01 }) }
  )
).annotate({ description: `0 to ${MAX_FINE}, at most two decimal places` })

/** The most charges one record cites, and the most times it cites one. */
export const MAX_CITED_CHARGES = 20
export const MAX_CHARGE_COUNT = 20

/** How many times a record cites a charge (two offences of one kind): 1 to 20. */
export const ChargeCount = IntegerBetween({ min: 1, max: MAX_CHARGE_COUNT }, `count must be an integer from 1 to ${MAX_CHARGE_COUNT}`)

/** One charge a record cites, as an officer writes it: which, and how many times. */
export const ChargeCitation = Schema.Struct({ chargeId: ChargeId, count: ChargeCount }).annotate({ identifier: "ChargeCitation" })
export type ChargeCitation = typeof ChargeCitation.Type

/**
 * The charges a record cites: at most 20, none twice (the second naming of a
 * charge is the problem, at its `chargeId`). Each rule stops at its failure,
 * so a list breaking both is reported once, by the first.
 */
export const CitedCharges = Schema.Array(ChargeCitation).check(
  Schema.makeFilter(
    (cited: ReadonlyArray<ChargeCitation>) => cited.length <= MAX_CITED_CHARGES || `at most ${MAX_CITED_CHARGES} charges`,
    { toJsonSchema: () => ({ maxItems: MAX_CITED_CHARGES }) },
    true
  ),
  Schema.makeFilter(
    (cited: ReadonlyArray<ChargeCitation>) =>
      cited.flatMap(({ chargeId }, index) =>
        cited.findIndex((other) => other.chargeId === chargeId) < index ? [{ path: [index, "chargeId"], issue: "names a charge already cited" }] : []
      ),
    undefined,
    true
  )
).annotate({
  title: "Cited charges",
  description: `The charges of the catalogue the record cites, each with its count (1 to ${MAX_CHARGE_COUNT}): at most ${MAX_CITED_CHARGES}, ` +
    "none twice, each active"
})

/**
 * What a record keeps of a charge it cited: the charge's code, title, fine
 * range and points as they were when the record was made, so that a later
 * change to the charge never changes a past record.
 */
export const RecordCharge = Schema.Struct({
  chargeId: ChargeId,
  code: Schema.String,
  title: Schema.String,
  count: Count,
  fineMin: Schema.Finite,
  fineMax: Schema.Finite,
  points: Count
}).annotate({
  identifier: "RecordCharge",
  description: "A charge the record cited, as the catalogue had it when the record was made: a later change to the charge does not change it"
})
export type RecordCharge = typeof RecordCharge.Type

/** What an officer writes of a new record, held to the rules above; the fine, points, code and charges may be left out. */
export const RecordTerms = Schema.Struct({
  type: RecordType,
  title: RecordTitle,
  description: RecordDescription,
  location: RecordLocation,
  fineAmount: Schema.optional(FineAmount),
  points: Schema.optional(LicencePoints),
  endorsementCode: Schema.optional(EndorsementCode),
  charges: Schema.optional(CitedCharges)
})
export type RecordTerms = typeof RecordTerms.Type

/**
 * A PNC record against a character, as stored. `recordedBy` is the person who
 * made it; `closedAt`/`closedBy`/`closeReason` say who closed or voided it.
 * Its text is as stored; what is written is held to `RecordTitle`,
 * `RecordDescription`, `RecordLocation`, `FineAmount` and `LicencePoints`.
 * `charges` is what it cited, in the order cited (empty when it cited none).
 */
export const PncRecord = Schema.Struct({
  id: RecordId,
  reference: Schema.String,
  civilianId: CivilianId,
  type: RecordType,
  status: RecordStatus,
  title: Schema.String,
  description: Schema.String,
  location: Schema.String,
  occurredAt: Timestamp,
  fineAmount: Schema.Number,
  points: Schema.Int,
  vehicleId: Schema.NullOr(VehicleId),
  disclosed: Schema.Boolean,
  recordedBy: AccountId,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  closedAt: Schema.NullOr(Timestamp),
  closedBy: Schema.NullOr(AccountId),
  closeReason: Schema.NullOr(Schema.String),
  charges: Schema.Array(RecordCharge)
}).annotate({ identifier: "PncRecordRecord" })
export type PncRecord = typeof PncRecord.Type

/** Shown to the character's owner unless said otherwise; intelligence never by default. */
export const disclosedByDefault = (type: RecordType): boolean => type !== "INTELLIGENCE"

/** The endorsement code a record gives when none is named: one per record type. */
export const DEFAULT_ENDORSEMENT_CODES: { readonly [T in RecordType]: string } = {
  CITATION: "CIT",
  CAUTION: "CAU",
  ARREST: "ARR",
  CHARGE: "CHG",
  WARNING: "WRN",
  INTELLIGENCE: "INT"
}

/** How a record ends: closed when dealt with, void when made in error. */
export type RecordEnd = "CLOSED" | "VOID"

/** Only an open record can be closed or voided; a closed or void one stays as it is. */
export const canEndRecord = (record: Pick<PncRecord, "status">): boolean => record.status === "OPEN"

/** A record with points against a licence holder endorses that licence. */
export const endorsesLicence = (record: Pick<PncRecord, "points">, holdsLicence: boolean): boolean => record.points > 0 && holdsLicence
