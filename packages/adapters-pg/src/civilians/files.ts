import { Civilian, CivilianId, CivilianStatus, Endorsement, EndorsementId, Gender, Licence, Marker, PncRecord, Vehicle, VehicleId, Warrant } from "@bluelight/core/civilians"
import { AccountId } from "@bluelight/core/identity"
import { Timestamp } from "@bluelight/core/kernel"
import { Schema } from "effect"

/**
 * The shapes the read models' JSON answers decode with: core's record
 * schemas, nested as core's files are.
 */
export const PersonJson = Schema.Struct({ id: AccountId, displayName: Schema.String })
export const CivilianRefJson = Schema.Struct({ id: CivilianId, reference: Schema.String, fullName: Schema.String })
const RecordRefJson = Schema.Struct({ id: Schema.String, reference: Schema.String })
export const VehicleRefJson = Schema.Struct({ id: VehicleId, plate: Schema.String })

export const MarkerFileJson = Schema.Struct({
  marker: Marker,
  civilian: Schema.NullOr(CivilianRefJson),
  vehicle: Schema.NullOr(VehicleRefJson),
  issuedBy: PersonJson,
  clearedBy: Schema.NullOr(PersonJson)
})

export const WarrantFileJson = Schema.Struct({
  warrant: Warrant,
  civilian: CivilianRefJson,
  issuedBy: PersonJson,
  closedBy: Schema.NullOr(PersonJson)
})

export const RecordFileJson = Schema.Struct({
  record: PncRecord,
  civilian: CivilianRefJson,
  vehicle: Schema.NullOr(VehicleRefJson),
  recordedBy: PersonJson,
  closedBy: Schema.NullOr(PersonJson),
  endorsement: Schema.NullOr(Schema.Struct({ id: EndorsementId, code: Schema.String }))
})

export const LicenceFileJson = Schema.Struct({
  licence: Licence,
  endorsements: Schema.Array(Schema.Struct({
    endorsement: Endorsement,
    issuedBy: PersonJson,
    removedBy: Schema.NullOr(PersonJson),
    record: Schema.NullOr(RecordRefJson)
  }))
})

export const VehicleSummaryJson = Schema.Struct({
  vehicle: Vehicle,
  keeper: Schema.NullOr(CivilianRefJson),
  markers: Schema.Int,
  stolen: Schema.Boolean
})

export const CivilianFileJson = Schema.Struct({
  civilian: Civilian,
  owner: PersonJson,
  licence: Schema.NullOr(LicenceFileJson),
  vehicles: Schema.Array(Schema.Struct({ ...VehicleSummaryJson.fields, keeperSince: Timestamp })),
  markers: Schema.Array(MarkerFileJson),
  warrants: Schema.Array(WarrantFileJson),
  disclosedRecords: Schema.Array(Schema.Struct({ record: PncRecord, vehicle: Schema.NullOr(VehicleRefJson) })),
  counts: Schema.Struct({ records: Schema.Int, warrants: Schema.Int, markers: Schema.Int })
})

export const SearchHitJson = Schema.Struct({
  ...CivilianRefJson.fields,
  dateOfBirth: Schema.String,
  gender: Gender,
  status: CivilianStatus
})

export const VehicleRecordJson = Schema.Struct({
  ...VehicleSummaryJson.fields,
  keeperFile: Schema.NullOr(Schema.Struct({
    civilian: Civilian,
    licence: Schema.NullOr(Schema.Struct({
      number: Schema.String,
      status: Licence.fields.status,
      suspendedUntil: Schema.NullOr(Timestamp),
      expiresAt: Timestamp
    })),
    alerts: Schema.Struct({ markers: Schema.Int, warrants: Schema.Int }),
    since: Timestamp
  })),
  keepers: Schema.Array(Schema.Struct({ civilian: CivilianRefJson, startedAt: Timestamp, endedAt: Schema.NullOr(Timestamp) })),
  activeMarkers: Schema.Array(MarkerFileJson),
  counts: Schema.Struct({ records: Schema.Int, markers: Schema.Int })
})

