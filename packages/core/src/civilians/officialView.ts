import { type DateTime, Schema } from "effect"
import { Person } from "../identity/index.js"
import { CalendarDate, Timestamp } from "../kernel/index.js"
import { CivilianStatus, Gender } from "./Civilian.js"
import { CivilianId } from "./ids.js"
import { OfficialLicence, officialLicence } from "./licenceViews.js"
import { HistoryCounts, type LoadedCivilian } from "./loadedCivilian.js"
import { MarkerView, markerView } from "./markerView.js"
import { PncVehicleSummary, pncVehicleSummary } from "./vehicleViews.js"
import { civilianViewFields } from "./viewFields.js"
import { WarrantView, warrantView } from "./warrantView.js"

/** A person as the PNC shows them (never the owner's notes), and as a PNC search finds them. */

/** A person as the PNC shows them (the API's `OfficialCivilian`). */
export const OfficialCivilianView = Schema.Struct({
  ...civilianViewFields,
  status: CivilianStatus,
  phone: Schema.NullOr(Schema.String),
  occupation: Schema.NullOr(Schema.String),
  imageUrl: Schema.NullOr(Schema.String),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  owner: Schema.optionalKey(Person).annotateKey({ description: "Present only for callers holding civilians.manage" }),
  licence: Schema.NullOr(OfficialLicence),
  vehicles: Schema.Array(PncVehicleSummary),
  markers: Schema.Array(MarkerView),
  warrants: Schema.Array(WarrantView),
  counts: HistoryCounts
}).annotate({ identifier: "OfficialCivilian", description: "A person as the PNC shows them; never the owner's notes" })
export type OfficialCivilianView = typeof OfficialCivilianView.Type

/**
 * The PNC's view: never the owner's notes; `owner` only for a caller holding
 * `civilians.manage` (absent, not null, for everyone else).
 */
export const officialCivilianView = (loaded: LoadedCivilian, now: DateTime.Utc, showOwner: boolean): OfficialCivilianView => {
  const { civilian } = loaded
  return {
    id: civilian.id,
    reference: civilian.reference,
    fullName: civilian.fullName,
    dateOfBirth: civilian.dateOfBirth,
    gender: civilian.gender,
    address: civilian.address,
    status: civilian.status,
    phone: civilian.phone,
    occupation: civilian.occupation,
    imageUrl: civilian.imageUrl,
    createdAt: civilian.createdAt,
    updatedAt: civilian.updatedAt,
    ...(showOwner ? { owner: loaded.owner } : {}),
    licence: loaded.licence === null ? null : officialLicence(loaded.licence, now),
    vehicles: loaded.vehicles.map(pncVehicleSummary),
    markers: loaded.markers.map((marker) => markerView(marker, now)),
    warrants: loaded.warrants.map((warrant) => warrantView(warrant, now)),
    counts: loaded.counts
  }
}

/** A person found by a PNC search. */
export const CivilianSearchHit = Schema.Struct({
  id: CivilianId,
  reference: Schema.String,
  fullName: Schema.String,
  dateOfBirth: CalendarDate,
  gender: Gender,
  status: CivilianStatus
}).annotate({ identifier: "CivilianSearchHit" })
export type CivilianSearchHit = typeof CivilianSearchHit.Type
