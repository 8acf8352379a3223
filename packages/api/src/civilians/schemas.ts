import {
  CivilianId,
  CivilianRef,
  CivilianSearchHit,
  DisclosedRecordView,
  HolderEndorsement,
  HolderLicence,
  KeptVehicleView,
  LicenceId,
  MarkerView,
  OfficialCivilianView,
  OfficialEndorsement,
  OfficialLicence,
  OwnerCivilianView,
  PncEventId,
  PncVehicleRecord,
  PncVehicleSummary,
  RecordView,
  VehicleId,
  VehicleView,
  WarrantView
} from "@bluelight/core/civilians"
import { IntegerBetween, Timestamp } from "@bluelight/core/kernel"
import { ServiceActor } from "@bluelight/core/identity"
import { Schema } from "effect"
import { Person } from "../identity/schemas.js"

/**
 * The answers of the civilian portal and the PNC. Each is the core's view
 * (`@bluelight/core/civilians`, `views.ts`), declared there once with its
 * OpenAPI component name; here they take the names the endpoints answer with:
 * `VehicleView` is "Vehicle", `KeptVehicleView` "KeptVehicle", `MarkerView`
 * "Marker", `WarrantView` "Warrant", `RecordView` "PncRecord",
 * `DisclosedRecordView` "DisclosedRecord", `OfficialEndorsement`
 * "Endorsement", `OwnerCivilianView` "OwnerCivilian", `OfficialCivilianView`
 * "OfficialCivilian", `OfficialLicence` "Licence". The PNC history entry is a
 * wire shape of its own.
 */
export {
  CivilianRef,
  CivilianSearchHit,
  DisclosedRecordView as DisclosedRecord,
  HolderEndorsement,
  HolderLicence,
  KeptVehicleView as KeptVehicle,
  MarkerView as Marker,
  OfficialCivilianView as OfficialCivilian,
  OfficialEndorsement,
  OfficialLicence,
  OwnerCivilianView as OwnerCivilian,
  PncVehicleRecord,
  PncVehicleSummary,
  RecordView as PncRecord,
  VehicleView as Vehicle,
  WarrantView as Warrant
}

/** A whole number from zero: sequence numbers. */
const Count = IntegerBetween({ min: 0, max: Number.MAX_SAFE_INTEGER })

export const PncEvent = Schema.Struct({
  id: PncEventId,
  seq: Count,
  type: Schema.String,
  at: Timestamp,
  actor: Schema.Union([
    Person,
    ServiceActor,
    Schema.Struct({ owner: Schema.Literal(true) }).annotate({
      identifier: "CharacterOwnerActor",
      description: "A member's own change to their character, to a reader without civilians.manage: the character's owner, unnamed"
    })
  ]).annotate({
    description: "Who made the change: a member, a credential, or `{owner: true}` for a character owner's own change read without " +
      "civilians.manage (officers' changes always name the officer)"
  }),
  civilianId: Schema.NullOr(CivilianId),
  vehicleId: Schema.NullOr(VehicleId),
  licenceId: Schema.NullOr(LicenceId),
  data: Schema.Record(Schema.String, Schema.Unknown).annotate({
    description: "What changed; its shape depends on the type (VEHICLE_STATUS_CHANGED carries the reason)"
  })
}).annotate({ identifier: "PncEvent", description: "One entry of the PNC's permanent history" })
