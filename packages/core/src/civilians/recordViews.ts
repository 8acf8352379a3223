import { Schema } from "effect"
import { Person } from "../identity/index.js"
import { Timestamp } from "../kernel/index.js"
import { EndorsementId, RecordId } from "./ids.js"
import { type PncRecord, RecordCharge, RecordStatus, RecordType } from "./PncRecord.js"
import { CivilianRef, VehicleRef } from "./refs.js"
import { Count } from "./viewFields.js"

/** A record as the PNC shows it (with who recorded and ended it) and as the character's owner sees a disclosed one (nobody named). */

/** The endorsement a record put on the licence: its id and code. */
export const RecordEndorsement = Schema.Struct({ id: EndorsementId, code: Schema.String }).annotate({ identifier: "RecordEndorsement" })
export type RecordEndorsement = typeof RecordEndorsement.Type

/** A record as loaded: with its person and vehicle, who recorded it, who ended it, and the endorsement it made. */
export interface LoadedRecord {
  readonly record: PncRecord
  readonly civilian: CivilianRef
  readonly vehicle: VehicleRef | null
  readonly recordedBy: Person
  readonly closedBy: Person | null
  readonly endorsement: RecordEndorsement | null
}

const RecordReference = Schema.String.annotate({ description: "REC- followed by 6 or more digits" })

/** What a record says, as both the owner's entry and the PNC's record show it. */
const recordEntryFields = {
  type: RecordType,
  status: RecordStatus,
  title: Schema.String,
  description: Schema.String,
  location: Schema.String,
  occurredAt: Timestamp,
  fineAmount: Schema.Finite,
  points: Count,
  vehicle: Schema.NullOr(VehicleRef)
}

/** A record as the PNC shows it: with who recorded it (the API's `PncRecord`). */
export const RecordView = Schema.Struct({
  id: RecordId,
  reference: RecordReference,
  civilian: CivilianRef,
  ...recordEntryFields,
  disclosed: Schema.Boolean,
  endorsement: Schema.NullOr(RecordEndorsement),
  recordedBy: Person,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  closedAt: Schema.NullOr(Timestamp),
  closedBy: Schema.NullOr(Person),
  closeReason: Schema.NullOr(Schema.String),
  charges: Schema.Array(RecordCharge)
}).annotate({
  identifier: "PncRecord",
  description: "A record as the PNC shows it, with who recorded it; `endorsement` is the one it put on the licence, if any; " +
    "`closedAt`, `closedBy` and `closeReason` say who closed or voided it; `charges` are the charges it cited as they were then " +
    "(empty when it cited none)"
})
export type RecordView = typeof RecordView.Type

export const recordView = (loaded: LoadedRecord): RecordView => ({
  id: loaded.record.id,
  reference: loaded.record.reference,
  civilian: loaded.civilian,
  type: loaded.record.type,
  status: loaded.record.status,
  title: loaded.record.title,
  description: loaded.record.description,
  location: loaded.record.location,
  occurredAt: loaded.record.occurredAt,
  fineAmount: loaded.record.fineAmount,
  points: loaded.record.points,
  vehicle: loaded.vehicle,
  disclosed: loaded.record.disclosed,
  endorsement: loaded.endorsement,
  recordedBy: loaded.recordedBy,
  createdAt: loaded.record.createdAt,
  updatedAt: loaded.record.updatedAt,
  closedAt: loaded.record.closedAt,
  closedBy: loaded.closedBy,
  closeReason: loaded.record.closeReason,
  charges: loaded.record.charges
})

/** A disclosed record as loaded for the owner's view: the record and its vehicle, nobody named. */
export interface LoadedDisclosedRecord {
  readonly record: PncRecord
  readonly vehicle: VehicleRef | null
}

/** A record entry of the owner's view: exactly the fields the API document lists, never who recorded it. */
export const DisclosedRecordView = Schema.Struct({
  id: RecordId,
  reference: RecordReference,
  ...recordEntryFields
}).annotate({ identifier: "DisclosedRecord", description: "A record as the character's owner sees it: never who recorded it" })
export type DisclosedRecordView = typeof DisclosedRecordView.Type

export const disclosedRecordView = ({ record, vehicle }: LoadedDisclosedRecord): DisclosedRecordView => ({
  id: record.id,
  reference: record.reference,
  type: record.type,
  status: record.status,
  title: record.title,
  description: record.description,
  location: record.location,
  occurredAt: record.occurredAt,
  fineAmount: record.fineAmount,
  points: record.points,
  vehicle
})
