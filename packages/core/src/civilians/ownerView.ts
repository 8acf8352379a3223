import { type DateTime, Schema } from "effect"
import { AccountId } from "../identity/index.js"
import { CalendarDate, Timestamp } from "../kernel/index.js"
import { CivilianStatus, Gender } from "./Civilian.js"
import { CivilianId } from "./ids.js"
import { HolderLicence, holderLicence } from "./licenceViews.js"
import { identityLockedOf, type LoadedCivilian } from "./loadedCivilian.js"
import { DisclosedRecordView, disclosedRecordView } from "./recordViews.js"
import { KeptVehicleView, vehicleView } from "./vehicleViews.js"

/** A character as its owner sees it in the civilian portal: their private notes, the holder's licence, disclosed records only. */

/** A character as its owner sees it (the API's `OwnerCivilian`). */
export const OwnerCivilianView = Schema.Struct({
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
  updatedAt: Timestamp,
  identityLocked: Schema.Boolean,
  licence: Schema.NullOr(HolderLicence),
  vehicles: Schema.Array(KeptVehicleView),
  records: Schema.Array(DisclosedRecordView)
}).annotate({
  identifier: "OwnerCivilian",
  description: "A character as its owner sees it: the private notes, the holder's licence, disclosed records only. " +
    "`identityLocked` is true once the character has official history (a licence, a record, a warrant or a marker)."
})
export type OwnerCivilianView = typeof OwnerCivilianView.Type

/** The owner's view: their private notes, the holder's licence, disclosed records only; no warrants or markers. */
export const ownerCivilianView = (loaded: LoadedCivilian, now: DateTime.Utc): OwnerCivilianView => ({
  ...loaded.civilian,
  identityLocked: identityLockedOf(loaded),
  licence: loaded.licence === null ? null : holderLicence(loaded.licence, now),
  vehicles: loaded.vehicles.map((kept) => ({ ...vehicleView(kept.vehicle), keeperSince: kept.keeperSince })),
  records: loaded.disclosedRecords.map(disclosedRecordView)
})
