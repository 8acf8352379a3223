import { Schema } from "effect"
import { OneOf } from "../kernel/index.js"
import { CivilianId } from "./ids.js"
import { LicenceCategory } from "./Licence.js"
import { MarkerType } from "./Marker.js"
import type { PncEventType } from "./PncEvent.js"
import { RecordType } from "./PncRecord.js"
import { InsuranceStatus, MotStatus, RegistrationStatus, TaxStatus } from "./Vehicle.js"
import { WarrantOutcome } from "./Warrant.js"

/*
 * The `data` of each PNC history type, as the use cases write it. Text is
 * any string, not held to the text rules: what was stored before those rules
 * is recorded (and kept) as it is. Instants are ISO 8601 strings.
 */

/** An instant, as history writes it: ISO 8601, or null for none. */
const IsoOrNull = Schema.NullOr(Schema.String)

/** A licence's categories and expiry, before and after a `LICENCE_UPDATED`. */
const LicenceTerms = Schema.Struct({ categories: Schema.Array(LicenceCategory), expiresAt: IsoOrNull })

/** A vehicle's official statuses, before and after a `VEHICLE_STATUS_CHANGED`. */
const VehicleStatuses = Schema.Struct({
  registrationStatus: RegistrationStatus,
  insuranceStatus: InsuranceStatus,
  motStatus: MotStatus,
  taxStatus: TaxStatus
})

/** A keeper, before and after a `KEEPER_CHANGED`. */
const Keeper = Schema.Struct({ id: CivilianId, reference: Schema.String })

/** A licence measure with its reason, by the licence's number. */
const LicenceMeasure = Schema.Struct({ number: Schema.String, reason: Schema.String })

/** A record closed or voided, with the reason. */
const RecordEnded = Schema.Struct({ reference: Schema.String, reason: Schema.String })

/** An endorsement's terms, by the licence's number. */
const EndorsementData = Schema.Struct({ number: Schema.String, code: Schema.String, points: Schema.Number, reason: Schema.String })

/** A warrant's terms as issued or requested. */
const WarrantTermsData = Schema.Struct({ reference: Schema.String, reason: Schema.String, expiresAt: IsoOrNull })

/** For each PNC history type, the schema of its `data`: one for every type, and none for a type not listed. */
export const PNC_EVENT_DATA = {
  CIVILIAN_CREATED: Schema.Struct({ reference: Schema.String, fullName: Schema.String }),
  CIVILIAN_UPDATED: Schema.Struct({
    // Every field changed, the private notes included; `before` and `after` carry them without the notes.
    fields: Schema.Array(Schema.String),
    before: Schema.Record(Schema.String, Schema.Unknown),
    after: Schema.Record(Schema.String, Schema.Unknown)
  }),
  LICENCE_ISSUED: Schema.Struct({ number: Schema.String, categories: Schema.Array(LicenceCategory), expiresAt: Schema.String }),
  LICENCE_UPDATED: Schema.Struct({ ...LicenceMeasure.fields, before: LicenceTerms, after: LicenceTerms }),
  LICENCE_SUSPENDED: Schema.Struct({
    ...LicenceMeasure.fields,
    until: IsoOrNull,
    // Totting-up's (`reason` `TOTTING_UP`): the active points and the threshold they reached, made by the rule, not a hand.
    points: Schema.optionalKey(Schema.Number),
    threshold: Schema.optionalKey(Schema.Number),
    automatic: Schema.optionalKey(Schema.Literal(true))
  }),
  LICENCE_REVOKED: LicenceMeasure,
  // The status it was reinstated from.
  LICENCE_REINSTATED: Schema.Struct({ ...LicenceMeasure.fields, previous: OneOf("SUSPENDED", "REVOKED") }),
  ENDORSEMENT_ADDED: Schema.Struct({
    ...EndorsementData.fields,
    expiresAt: IsoOrNull,
    // The reference of the record that made it, when a record did.
    record: Schema.optionalKey(Schema.String)
  }),
  ENDORSEMENT_REMOVED: EndorsementData,
  VEHICLE_REGISTERED: Schema.Struct({ plate: Schema.String, make: Schema.String, model: Schema.String, keeper: Schema.String }),
  VEHICLE_STATUS_CHANGED: Schema.Struct({ plate: Schema.String, reason: Schema.String, before: VehicleStatuses, after: VehicleStatuses }),
  KEEPER_CHANGED: Schema.Struct({ plate: Schema.String, from: Keeper, to: Keeper }),
  RECORD_CREATED: Schema.Struct({
    reference: Schema.String,
    recordType: RecordType,
    title: Schema.String,
    fineAmount: Schema.Number,
    points: Schema.Number,
    disclosed: Schema.Boolean,
    // The charges it cited, by code, each with its count (records made before the catalogue have none).
    charges: Schema.optionalKey(Schema.Array(Schema.Struct({ code: Schema.String, count: Schema.Number })))
  }),
  RECORD_CLOSED: RecordEnded,
  RECORD_VOIDED: RecordEnded,
  WARRANT_ISSUED: WarrantTermsData,
  WARRANT_CLOSED: Schema.Struct({ reference: Schema.String, outcome: WarrantOutcome, note: Schema.String }),
  // A warrant asked for while approval is needed: the same terms as an issue.
  WARRANT_REQUESTED: WarrantTermsData,
  // The approval's note, or null (the entry's `at` is the warrant's new `issuedAt`).
  WARRANT_APPROVED: Schema.Struct({ reference: Schema.String, note: Schema.NullOr(Schema.String) }),
  WARRANT_REJECTED: Schema.Struct({ reference: Schema.String, reason: Schema.String }),
  MARKER_CREATED: Schema.Struct({ reference: Schema.String, markerType: MarkerType, reason: Schema.String, expiresAt: IsoOrNull }),
  MARKER_CLEARED: Schema.Struct({ reference: Schema.String, markerType: MarkerType, reason: Schema.String })
} as const satisfies { readonly [T in PncEventType]: Schema.Top }

/** The `data` a PNC history type carries. */
export type PncEventData<T extends keyof typeof PNC_EVENT_DATA> = (typeof PNC_EVENT_DATA)[T]["Type"]
