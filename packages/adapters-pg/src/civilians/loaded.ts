import {
  AlertCounts,
  Civilian,
  CivilianRef,
  CivilianSearchHit,
  Endorsement,
  HistoryCounts,
  KeeperSpell,
  Licence,
  Marker,
  PncRecord,
  RecordEndorsement,
  RecordRef,
  Vehicle,
  VehicleHistoryCounts,
  VehicleRef,
  Warrant
} from "@bluelight/core/civilians"
import { Person } from "@bluelight/core/identity"
import { Timestamp } from "@bluelight/core/kernel"
import { Schema } from "effect"

/**
 * The shapes the read models' JSON answers decode with: core's record
 * schemas and its references (`Person`, `CivilianRef`, `VehicleRef`, …),
 * nested as core's loaded reads (`LoadedCivilian`, `LoadedMarker`, …) are.
 */

export const LoadedMarkerJson = Schema.Struct({
  marker: Marker,
  civilian: Schema.NullOr(CivilianRef),
  vehicle: Schema.NullOr(VehicleRef),
  issuedBy: Person,
  clearedBy: Schema.NullOr(Person)
})
export const LoadedWarrantJson = Schema.Struct({
  warrant: Warrant,
  civilian: CivilianRef,
  requestedBy: Person,
  issuedBy: Person,
  decidedBy: Schema.NullOr(Person),
  closedBy: Schema.NullOr(Person)
})

export const LoadedRecordJson = Schema.Struct({
  record: PncRecord,
  civilian: CivilianRef,
  vehicle: Schema.NullOr(VehicleRef),
  recordedBy: Person,
  closedBy: Schema.NullOr(Person),
  endorsement: Schema.NullOr(RecordEndorsement)
})

export const LoadedLicenceJson = Schema.Struct({
  licence: Licence,
  endorsements: Schema.Array(Schema.Struct({
    endorsement: Endorsement,
    issuedBy: Person,
    removedBy: Schema.NullOr(Person),
    record: Schema.NullOr(RecordRef)
  }))
})

export const VehicleSummaryJson = Schema.Struct({
  vehicle: Vehicle,
  keeper: Schema.NullOr(CivilianRef),
  markers: Schema.Int,
  stolen: Schema.Boolean
})

export const LoadedCivilianJson = Schema.Struct({
  civilian: Civilian,
  owner: Person,
  licence: Schema.NullOr(LoadedLicenceJson),
  vehicles: Schema.Array(Schema.Struct({ ...VehicleSummaryJson.fields, keeperSince: Timestamp })),
  markers: Schema.Array(LoadedMarkerJson),
  warrants: Schema.Array(LoadedWarrantJson),
  disclosedRecords: Schema.Array(Schema.Struct({ record: PncRecord, vehicle: Schema.NullOr(VehicleRef) })),
  counts: HistoryCounts
})

export const SearchHitJson = CivilianSearchHit

export const VehicleRecordJson = Schema.Struct({
  ...VehicleSummaryJson.fields,
  currentKeeper: Schema.NullOr(Schema.Struct({
    civilian: Civilian,
    licence: Schema.NullOr(Schema.Struct({
      number: Schema.String,
      status: Licence.fields.status,
      suspendedUntil: Schema.NullOr(Timestamp),
      expiresAt: Timestamp
    })),
    alerts: AlertCounts,
    since: Timestamp
  })),
  keepers: Schema.Array(KeeperSpell),
  activeMarkers: Schema.Array(LoadedMarkerJson),
  counts: VehicleHistoryCounts
})
