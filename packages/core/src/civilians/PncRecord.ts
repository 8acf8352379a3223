import { Schema } from "effect"
import { AccountId } from "../identity/ids.js"
import { OneOf } from "../kernel/oneOf.js"
import { Timestamp } from "../kernel/time.js"
import { CivilianId, RecordId, VehicleId } from "./ids.js"

export const RecordType = OneOf("CITATION", "CAUTION", "ARREST", "CHARGE", "WARNING", "INTELLIGENCE").annotate({ identifier: "RecordType" })
export type RecordType = typeof RecordType.Type

export const RecordStatus = OneOf("OPEN", "CLOSED", "VOID").annotate({ identifier: "RecordStatus" })
export type RecordStatus = typeof RecordStatus.Type

/** `REC-` and six or more digits, from a sequence. */
export const recordReference = (n: number): string => `REC-${String(n).padStart(6, "0")}`

/**
 * A PNC record against a character, as stored. `recordedBy` is the person who
 * made it; `closedAt`/`closedBy`/`closeReason` say who closed or voided it.
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
  closeReason: Schema.NullOr(Schema.String)
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
