import { type DateTime, Schema } from "effect"
import { Person } from "../identity/Account.js"
import { AccountId } from "../identity/ids.js"
import { Id } from "../kernel/Id.js"
import { IntegerBetween } from "../kernel/integer.js"
import { CalendarDate, Timestamp } from "../kernel/time.js"
import { type Civilian, CivilianStatus, Gender } from "./Civilian.js"
import { identityLocked } from "./Civilian.js"
import { CivilianId, EndorsementId, LicenceId, MarkerId, RecordId, VehicleId, WarrantId } from "./ids.js"
import { type Endorsement, endorsementActiveAt, type Licence, LicenceCategory, licenceStatusAt, LicenceStatus, pointsAt } from "./Licence.js"
import { type Marker, markerActiveAt, MarkerType } from "./Marker.js"
import { type PncRecord, RecordStatus, RecordType } from "./PncRecord.js"
import { InsuranceStatus, MotStatus, RegistrationStatus, TaxStatus, type Vehicle, type VehicleStatuses, VehicleType } from "./Vehicle.js"
import { type Warrant, warrantStatusAt, WarrantStatus } from "./Warrant.js"

/**
 * The views of the civilian records, and the pure functions that make them
 * from what the read models load. Statuses, points and `active` depend on the
 * time of reading, so they are worked out here, at `now`, never stored.
 *
 * Each view is a schema, the one description of that answer: its type is
 * derived from it, and the contract (`@bluelight/api`) answers with it
 * under the same name. Each names its OpenAPI component (`identifier`). The text
 * of a view is as stored, so its fields are plain strings: the field rules
 * hold what is written (`CivilianFields`, `VehicleFields`, …), not what is read.
 */

/** A whole number from zero: points, counts. */
const Count = IntegerBetween({ min: 0, max: Number.MAX_SAFE_INTEGER })

export const CivilianRef = Schema.Struct({
  id: CivilianId,
  reference: Schema.String.annotate({ description: "CIV- followed by 6 or more digits" }),
  fullName: Schema.String
}).annotate({ identifier: "CivilianRef" })
export type CivilianRef = typeof CivilianRef.Type

/** A record as an endorsement names it: its id and reference. */
export const RecordRef = Schema.Struct({ id: Id, reference: Schema.String }).annotate({
  identifier: "RecordRef",
  description: "A record: its id and REC- reference"
})
export type RecordRef = typeof RecordRef.Type

/** A vehicle as a marker or a record names it. */
export const VehicleRef = Schema.Struct({ id: VehicleId, plate: Schema.String }).annotate({ identifier: "VehicleRef" })
export type VehicleRef = typeof VehicleRef.Type

/** An endorsement as loaded: with who recorded it and who removed it, and its record's reference. */
export interface EndorsementEntry {
  readonly endorsement: Endorsement
  readonly issuedBy: Person
  readonly removedBy: Person | null
  readonly record: RecordRef | null
}

/** A licence as loaded, with every endorsement it ever had, oldest first. */
export interface LoadedLicence {
  readonly licence: Licence
  readonly endorsements: ReadonlyArray<EndorsementEntry>
}

const holderEndorsementFields = {
  id: EndorsementId,
  code: Schema.String,
  reason: Schema.String,
  points: Count,
  createdAt: Timestamp,
  expiresAt: Schema.NullOr(Timestamp),
  active: Schema.Boolean
}

/** An endorsement as the PNC shows it (the API's `Endorsement`). */
export const OfficialEndorsement = Schema.Struct({
  ...holderEndorsementFields,
  issuedBy: Person,
  removedAt: Schema.NullOr(Timestamp),
  removedBy: Schema.NullOr(Person),
  removalReason: Schema.NullOr(Schema.String),
  record: Schema.NullOr(RecordRef)
}).annotate({ identifier: "Endorsement", description: "An endorsement as the PNC shows it; `record` is null when it was not made by a record" })
export type OfficialEndorsement = typeof OfficialEndorsement.Type

/** An endorsement as its holder sees it: nobody named. */
export const HolderEndorsement = Schema.Struct(holderEndorsementFields).annotate({ identifier: "HolderEndorsement" })
export type HolderEndorsement = typeof HolderEndorsement.Type

const licenceFields = {
  id: LicenceId,
  number: Schema.String,
  categories: Schema.Array(LicenceCategory),
  status: LicenceStatus,
  suspendedUntil: Schema.NullOr(Timestamp),
  issuedAt: Timestamp,
  expiresAt: Timestamp,
  points: Count
}

/** The PNC's view of a licence (the API's `Licence`). */
export const OfficialLicence = Schema.Struct({ ...licenceFields, endorsements: Schema.Array(OfficialEndorsement) }).annotate({
  identifier: "Licence",
  description: "The official view: every endorsement, removed ones included, with who recorded each. Status and points are worked out when read."
})
export type OfficialLicence = typeof OfficialLicence.Type

export const HolderLicence = Schema.Struct({ ...licenceFields, endorsements: Schema.Array(HolderEndorsement) }).annotate({
  identifier: "HolderLicence",
  description: "The holder's view: removed endorsements left out, nobody named."
})
export type HolderLicence = typeof HolderLicence.Type

/** A suspension's end is shown only while the licence is stored suspended. */
const licenceHead = (licence: Licence, endorsements: ReadonlyArray<Endorsement>, now: DateTime.Utc) => ({
  id: licence.id,
  number: licence.number,
  categories: licence.categories,
  status: licenceStatusAt(licence, now),
  suspendedUntil: licence.status === "SUSPENDED" ? licence.suspendedUntil : null,
  issuedAt: licence.issuedAt,
  expiresAt: licence.expiresAt,
  points: pointsAt(endorsements, now)
})

/** The PNC's view: every endorsement, removed ones too, with who recorded and removed each. */
export const officialLicence = (loaded: LoadedLicence, now: DateTime.Utc): OfficialLicence => ({
  ...licenceHead(loaded.licence, loaded.endorsements.map((entry) => entry.endorsement), now),
  endorsements: loaded.endorsements.map(({ endorsement, issuedBy, record, removedBy }) => ({
    id: endorsement.id,
    code: endorsement.code,
    reason: endorsement.reason,
    points: endorsement.points,
    createdAt: endorsement.createdAt,
    expiresAt: endorsement.expiresAt,
    active: endorsementActiveAt(endorsement, now),
    issuedBy,
    removedAt: endorsement.removedAt,
    removedBy,
    removalReason: endorsement.removalReason,
    record
  }))
})

/** The holder's view: removed endorsements left out, and nobody named. */
export const holderLicence = (loaded: LoadedLicence, now: DateTime.Utc): HolderLicence => ({
  ...licenceHead(loaded.licence, loaded.endorsements.map((entry) => entry.endorsement), now),
  endorsements: loaded.endorsements
    .filter(({ endorsement }) => endorsement.removedAt === null)
    .map(({ endorsement }) => ({
      id: endorsement.id,
      code: endorsement.code,
      reason: endorsement.reason,
      points: endorsement.points,
      createdAt: endorsement.createdAt,
      expiresAt: endorsement.expiresAt,
      active: endorsementActiveAt(endorsement, now)
    }))
})

const vehicleViewFields = {
  id: VehicleId,
  plate: Schema.String,
  make: Schema.String,
  model: Schema.String,
  colour: Schema.String,
  type: VehicleType,
  registrationStatus: RegistrationStatus,
  insuranceStatus: InsuranceStatus,
  motStatus: MotStatus,
  taxStatus: TaxStatus,
  createdAt: Timestamp,
  updatedAt: Timestamp
}

/** The vehicle fields every view shares: the vehicle without its keeper (the API's `Vehicle`). */
export const VehicleView = Schema.Struct(vehicleViewFields).annotate({ identifier: "Vehicle" })
export type VehicleView = typeof VehicleView.Type

export const vehicleView = (vehicle: Vehicle): VehicleView => {
  const { keeperId: _keeperId, keeperSince: _keeperSince, ...view } = vehicle
  return view
}

/** A vehicle its owner's character keeps, and since when (the API's `KeptVehicle`). */
export const KeptVehicleView = Schema.Struct({ ...vehicleViewFields, keeperSince: Timestamp }).annotate({ identifier: "KeptVehicle" })
export type KeptVehicleView = typeof KeptVehicleView.Type

/** Active markers and warrants, counted for the alerts. */
export const AlertCounts = Schema.Struct({ markers: Count, warrants: Count })
export type AlertCounts = typeof AlertCounts.Type

/** A vehicle in a search or on a person's record, as loaded. */
export interface LoadedVehicleSummary {
  readonly vehicle: Vehicle
  readonly keeper: CivilianRef | null
  /** Active markers on the vehicle, and whether one of them is `STOLEN_VEHICLE`. */
  readonly markers: number
  readonly stolen: boolean
}

const vehicleAlertFields = {
  stolen: Schema.Boolean,
  alerts: Schema.Struct({ markers: Count })
}

export const PncVehicleSummary = Schema.Struct({
  ...vehicleViewFields,
  ...vehicleAlertFields,
  keeper: Schema.NullOr(CivilianRef)
}).annotate({ identifier: "PncVehicleSummary", description: "A vehicle with its keeper; `stolen` while an active STOLEN_VEHICLE marker exists" })
export type PncVehicleSummary = typeof PncVehicleSummary.Type

export const pncVehicleSummary = (loaded: LoadedVehicleSummary): PncVehicleSummary => ({
  ...vehicleView(loaded.vehicle),
  stolen: loaded.stolen,
  alerts: { markers: loaded.markers },
  keeper: loaded.keeper
})

/** A marker as loaded: with the person or vehicle it is on, and who set and cleared it. */
export interface LoadedMarker {
  readonly marker: Marker
  readonly civilian: CivilianRef | null
  readonly vehicle: VehicleRef | null
  readonly issuedBy: Person
  readonly clearedBy: Person | null
}

/** A marker as the PNC shows it; `active` is worked out at reading (the API's `Marker`). */
export const MarkerView = Schema.Struct({
  id: MarkerId,
  reference: Schema.String.annotate({ description: "MRK- followed by 6 or more digits" }),
  type: MarkerType,
  civilian: Schema.NullOr(CivilianRef),
  vehicle: Schema.NullOr(VehicleRef),
  reason: Schema.String,
  details: Schema.NullOr(Schema.String),
  issuedBy: Person,
  createdAt: Timestamp,
  expiresAt: Schema.NullOr(Timestamp),
  active: Schema.Boolean,
  clearedAt: Schema.NullOr(Timestamp),
  clearedBy: Schema.NullOr(Person),
  clearReason: Schema.NullOr(Schema.String)
}).annotate({ identifier: "Marker", description: "A marker on a person or a vehicle; `active` is false once cleared or past `expiresAt`" })
export type MarkerView = typeof MarkerView.Type

export const markerView = (loaded: LoadedMarker, now: DateTime.Utc): MarkerView => ({
  id: loaded.marker.id,
  reference: loaded.marker.reference,
  type: loaded.marker.type,
  civilian: loaded.civilian,
  vehicle: loaded.vehicle,
  reason: loaded.marker.reason,
  details: loaded.marker.details,
  issuedBy: loaded.issuedBy,
  createdAt: loaded.marker.createdAt,
  expiresAt: loaded.marker.expiresAt,
  active: markerActiveAt(loaded.marker, now),
  clearedAt: loaded.marker.clearedAt,
  clearedBy: loaded.clearedBy,
  clearReason: loaded.marker.clearReason
})

/** A warrant as loaded: with its person, and who issued and closed it. */
export interface LoadedWarrant {
  readonly warrant: Warrant
  readonly civilian: CivilianRef
  readonly issuedBy: Person
  readonly closedBy: Person | null
}

/** A warrant as the PNC shows it; an active one past `expiresAt` reads `EXPIRED` (the API's `Warrant`). */
export const WarrantView = Schema.Struct({
  id: WarrantId,
  reference: Schema.String.annotate({ description: "WAR- followed by 6 or more digits" }),
  civilian: CivilianRef,
  reason: Schema.String,
  details: Schema.NullOr(Schema.String),
  status: WarrantStatus,
  issuedBy: Person,
  issuedAt: Timestamp,
  expiresAt: Schema.NullOr(Timestamp),
  closedAt: Schema.NullOr(Timestamp),
  closedBy: Schema.NullOr(Person),
  closeNote: Schema.NullOr(Schema.String),
  updatedAt: Timestamp
}).annotate({ identifier: "Warrant", description: "A warrant for a person; an active warrant past `expiresAt` reads EXPIRED" })
export type WarrantView = typeof WarrantView.Type

export const warrantView = (loaded: LoadedWarrant, now: DateTime.Utc): WarrantView => ({
  id: loaded.warrant.id,
  reference: loaded.warrant.reference,
  civilian: loaded.civilian,
  reason: loaded.warrant.reason,
  details: loaded.warrant.details,
  status: warrantStatusAt(loaded.warrant, now),
  issuedBy: loaded.issuedBy,
  issuedAt: loaded.warrant.issuedAt,
  expiresAt: loaded.warrant.expiresAt,
  closedAt: loaded.warrant.closedAt,
  closedBy: loaded.closedBy,
  closeNote: loaded.warrant.closeNote,
  updatedAt: loaded.warrant.updatedAt
})

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
  closeReason: Schema.NullOr(Schema.String)
}).annotate({
  identifier: "PncRecord",
  description: "A record as the PNC shows it, with who recorded it; `endorsement` is the one it put on the licence, if any; " +
    "`closedAt`, `closedBy` and `closeReason` say who closed or voided it"
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
  closeReason: loaded.record.closeReason
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

/** A vehicle the character keeps, as loaded. */
export interface LoadedKeptVehicle extends LoadedVehicleSummary {
  readonly keeperSince: DateTime.Utc
}

/** Every record, warrant and marker a character ever had, whatever their state. */
export const HistoryCounts = Schema.Struct({ records: Count, warrants: Count, markers: Count })
export type HistoryCounts = typeof HistoryCounts.Type

/**
 * Everything about one character, loaded in one read: what both the owner's
 * and the PNC's view are made from.
 */
export interface LoadedCivilian {
  readonly civilian: Civilian
  readonly owner: Person
  readonly licence: LoadedLicence | null
  readonly vehicles: ReadonlyArray<LoadedKeptVehicle>
  /** Active markers on the character (at the time of reading), newest first. */
  readonly markers: ReadonlyArray<LoadedMarker>
  /** Active warrants for the character (at the time of reading), newest first. */
  readonly warrants: ReadonlyArray<LoadedWarrant>
  /** Disclosed records, the latest occurrence first. */
  readonly disclosedRecords: ReadonlyArray<LoadedDisclosedRecord>
  /** Every record, warrant and marker the character ever had, whatever their state. */
  readonly counts: HistoryCounts
}

/** The character fields both the owner's and the PNC's view show. */
const civilianViewFields = {
  id: CivilianId,
  reference: Schema.String,
  fullName: Schema.String,
  dateOfBirth: CalendarDate,
  gender: Gender,
  address: Schema.String
}

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

/** Whether the loaded character has official history (`identityLocked`). */
export const identityLockedOf = (loaded: Pick<LoadedCivilian, "licence" | "counts">): boolean =>
  identityLocked({ hasLicence: loaded.licence !== null, ...loaded.counts })

/** The owner's view: their private notes, the holder's licence, disclosed records only; no warrants or markers. */
export const ownerCivilianView = (loaded: LoadedCivilian, now: DateTime.Utc): OwnerCivilianView => ({
  ...loaded.civilian,
  identityLocked: identityLockedOf(loaded),
  licence: loaded.licence === null ? null : holderLicence(loaded.licence, now),
  vehicles: loaded.vehicles.map((kept) => ({ ...vehicleView(kept.vehicle), keeperSince: kept.keeperSince })),
  records: loaded.disclosedRecords.map(disclosedRecordView)
})

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

/** The keeper of a vehicle as the vehicle record loads them. */
export interface LoadedKeeper {
  readonly civilian: Civilian
  readonly licence: Pick<Licence, "number" | "status" | "suspendedUntil" | "expiresAt"> | null
  readonly alerts: AlertCounts
  readonly since: DateTime.Utc
}

/** One period a character kept the vehicle, as the vehicle record shows it. */
export const KeeperSpell = Schema.Struct({ civilian: CivilianRef, startedAt: Timestamp, endedAt: Schema.NullOr(Timestamp) })
export type KeeperSpell = typeof KeeperSpell.Type

/** Every record naming a vehicle and every marker it ever had. */
export const VehicleHistoryCounts = Schema.Struct({ records: Count, markers: Count })
export type VehicleHistoryCounts = typeof VehicleHistoryCounts.Type

/** The whole chain of one vehicle, loaded in one read. */
export interface LoadedVehicleRecord extends LoadedVehicleSummary {
  readonly currentKeeper: LoadedKeeper | null
  readonly keepers: ReadonlyArray<KeeperSpell>
  /** Active markers on the vehicle (at the time of reading), newest first. */
  readonly activeMarkers: ReadonlyArray<LoadedMarker>
  /** Every record naming the vehicle and every marker it ever had. */
  readonly counts: VehicleHistoryCounts
}

/** The current keeper on the vehicle record: the person, their licence and their alerts (the API's `VehicleKeeper`). */
export const ExpandedKeeper = Schema.Struct({
  ...civilianViewFields,
  status: CivilianStatus,
  licence: Schema.NullOr(Schema.Struct({ number: Schema.String, status: LicenceStatus })),
  alerts: AlertCounts,
  since: Timestamp
}).annotate({ identifier: "VehicleKeeper" })
export type ExpandedKeeper = typeof ExpandedKeeper.Type

export const PncVehicleRecord = Schema.Struct({
  ...vehicleViewFields,
  ...vehicleAlertFields,
  keeper: Schema.NullOr(ExpandedKeeper),
  keepers: Schema.Array(KeeperSpell),
  markers: Schema.Array(MarkerView),
  counts: VehicleHistoryCounts
}).annotate({ identifier: "PncVehicleRecord", description: "The registration, keeper, licence and alert chain in one read; `keepers` the latest first" })
export type PncVehicleRecord = typeof PncVehicleRecord.Type

export const pncVehicleRecord = (loaded: LoadedVehicleRecord, now: DateTime.Utc): PncVehicleRecord => {
  const keeper = loaded.currentKeeper
  return {
    ...pncVehicleSummary(loaded),
    keeper: keeper === null ? null : {
      id: keeper.civilian.id,
      reference: keeper.civilian.reference,
      fullName: keeper.civilian.fullName,
      dateOfBirth: keeper.civilian.dateOfBirth,
      gender: keeper.civilian.gender,
      address: keeper.civilian.address,
      status: keeper.civilian.status,
      licence: keeper.licence === null ? null : { number: keeper.licence.number, status: licenceStatusAt(keeper.licence, now) },
      alerts: keeper.alerts,
      since: keeper.since
    },
    keepers: loaded.keepers,
    markers: loaded.activeMarkers.map((marker) => markerView(marker, now)),
    counts: loaded.counts
  }
}

/** The statuses of a vehicle, for history and audit data. */
export const statusesOf = (vehicle: VehicleStatuses): VehicleStatuses => ({
  registrationStatus: vehicle.registrationStatus,
  insuranceStatus: vehicle.insuranceStatus,
  motStatus: vehicle.motStatus,
  taxStatus: vehicle.taxStatus
})
