import type { DateTime } from "effect"
import type { AccountId } from "../identity/ids.js"
import type { Civilian, CivilianStatus, Gender } from "./Civilian.js"
import { identityLocked } from "./Civilian.js"
import type { CivilianId, EndorsementId, LicenceId, MarkerId, RecordId, VehicleId, WarrantId } from "./ids.js"
import { type Endorsement, endorsementActiveAt, type Licence, type LicenceCategory, licenceStatusAt, type LicenceStatus, pointsAt } from "./Licence.js"
import { type Marker, markerActiveAt, type MarkerType } from "./Marker.js"
import type { PncRecord, RecordStatus, RecordType } from "./PncRecord.js"
import type { Vehicle, VehicleStatuses } from "./Vehicle.js"
import { type Warrant, warrantStatusAt, type WarrantStatus } from "./Warrant.js"

/**
 * The views of the civilian records, and the pure functions that make them
 * from what the read models load. Statuses, points and `active` depend on the
 * time of reading, so they are worked out here, at `now`, never stored.
 */

/** A minimal reference to a person. */
export interface Person {
  readonly id: AccountId
  readonly displayName: string
}

export interface CivilianRef {
  readonly id: CivilianId
  readonly reference: string
  readonly fullName: string
}

/** An endorsement as loaded: with who recorded it and who removed it, and its record's reference. */
export interface EndorsementEntry {
  readonly endorsement: Endorsement
  readonly issuedBy: Person
  readonly removedBy: Person | null
  readonly record: { readonly id: string; readonly reference: string } | null
}

/** A licence as loaded, with every endorsement it ever had, oldest first. */
export interface LicenceFile {
  readonly licence: Licence
  readonly endorsements: ReadonlyArray<EndorsementEntry>
}

export interface OfficialEndorsement {
  readonly id: EndorsementId
  readonly code: string
  readonly reason: string
  readonly points: number
  readonly createdAt: DateTime.Utc
  readonly expiresAt: DateTime.Utc | null
  readonly active: boolean
  readonly issuedBy: Person
  readonly removedAt: DateTime.Utc | null
  readonly removedBy: Person | null
  readonly removalReason: string | null
  readonly record: { readonly id: string; readonly reference: string } | null
}

export type HolderEndorsement = Pick<OfficialEndorsement, "id" | "code" | "reason" | "points" | "createdAt" | "expiresAt" | "active">

interface LicenceViewOf<E> {
  readonly id: LicenceId
  readonly number: string
  readonly categories: ReadonlyArray<LicenceCategory>
  readonly status: LicenceStatus
  readonly suspendedUntil: DateTime.Utc | null
  readonly issuedAt: DateTime.Utc
  readonly expiresAt: DateTime.Utc
  readonly points: number
  readonly endorsements: ReadonlyArray<E>
}
export type OfficialLicence = LicenceViewOf<OfficialEndorsement>
export type HolderLicence = LicenceViewOf<HolderEndorsement>

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
export const officialLicence = (file: LicenceFile, now: DateTime.Utc): OfficialLicence => ({
  ...licenceHead(file.licence, file.endorsements.map((entry) => entry.endorsement), now),
  endorsements: file.endorsements.map(({ endorsement, issuedBy, record, removedBy }) => ({
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
export const holderLicence = (file: LicenceFile, now: DateTime.Utc): HolderLicence => ({
  ...licenceHead(file.licence, file.endorsements.map((entry) => entry.endorsement), now),
  endorsements: file.endorsements
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

/** The vehicle fields every view shares. */
export type VehicleView = Omit<Vehicle, "keeperId" | "keeperSince">

export const vehicleView = (vehicle: Vehicle): VehicleView => {
  const { keeperId: _keeperId, keeperSince: _keeperSince, ...view } = vehicle
  return view
}

/** Active markers and warrants, counted for the alerts. */
export interface AlertCounts {
  readonly markers: number
  readonly warrants: number
}

/** A vehicle in a search or on a person's record, as loaded. */
export interface VehicleSummaryFile {
  readonly vehicle: Vehicle
  readonly keeper: CivilianRef | null
  /** Active markers on the vehicle, and whether one of them is `STOLEN_VEHICLE`. */
  readonly markers: number
  readonly stolen: boolean
}

export interface PncVehicleSummary extends VehicleView {
  readonly stolen: boolean
  readonly alerts: { readonly markers: number }
  readonly keeper: CivilianRef | null
}

export const pncVehicleSummary = (file: VehicleSummaryFile): PncVehicleSummary => ({
  ...vehicleView(file.vehicle),
  stolen: file.stolen,
  alerts: { markers: file.markers },
  keeper: file.keeper
})

/** A vehicle as a marker or a record names it. */
export interface VehicleRef {
  readonly id: VehicleId
  readonly plate: string
}

/** A marker as loaded: with the person or vehicle it is on, and who set and cleared it. */
export interface MarkerFile {
  readonly marker: Marker
  readonly civilian: CivilianRef | null
  readonly vehicle: VehicleRef | null
  readonly issuedBy: Person
  readonly clearedBy: Person | null
}

/** A marker as the PNC shows it; `active` is worked out at reading. */
export interface MarkerView {
  readonly id: MarkerId
  readonly reference: string
  readonly type: MarkerType
  readonly civilian: CivilianRef | null
  readonly vehicle: VehicleRef | null
  readonly reason: string
  readonly details: string | null
  readonly issuedBy: Person
  readonly createdAt: DateTime.Utc
  readonly expiresAt: DateTime.Utc | null
  readonly active: boolean
  readonly clearedAt: DateTime.Utc | null
  readonly clearedBy: Person | null
  readonly clearReason: string | null
}

export const markerView = (file: MarkerFile, now: DateTime.Utc): MarkerView => ({
  id: file.marker.id,
  reference: file.marker.reference,
  type: file.marker.type,
  civilian: file.civilian,
  vehicle: file.vehicle,
  reason: file.marker.reason,
  details: file.marker.details,
  issuedBy: file.issuedBy,
  createdAt: file.marker.createdAt,
  expiresAt: file.marker.expiresAt,
  active: markerActiveAt(file.marker, now),
  clearedAt: file.marker.clearedAt,
  clearedBy: file.clearedBy,
  clearReason: file.marker.clearReason
})

/** A warrant as loaded: with its person, and who issued and closed it. */
export interface WarrantFile {
  readonly warrant: Warrant
  readonly civilian: CivilianRef
  readonly issuedBy: Person
  readonly closedBy: Person | null
}

/** A warrant as the PNC shows it; an active one past `expiresAt` reads `EXPIRED`. */
export interface WarrantView {
  readonly id: WarrantId
  readonly reference: string
  readonly civilian: CivilianRef
  readonly reason: string
  readonly details: string | null
  readonly status: WarrantStatus
  readonly issuedBy: Person
  readonly issuedAt: DateTime.Utc
  readonly expiresAt: DateTime.Utc | null
  readonly closedAt: DateTime.Utc | null
  readonly closedBy: Person | null
  readonly closeNote: string | null
  readonly updatedAt: DateTime.Utc
}

export const warrantView = (file: WarrantFile, now: DateTime.Utc): WarrantView => ({
  id: file.warrant.id,
  reference: file.warrant.reference,
  civilian: file.civilian,
  reason: file.warrant.reason,
  details: file.warrant.details,
  status: warrantStatusAt(file.warrant, now),
  issuedBy: file.issuedBy,
  issuedAt: file.warrant.issuedAt,
  expiresAt: file.warrant.expiresAt,
  closedAt: file.warrant.closedAt,
  closedBy: file.closedBy,
  closeNote: file.warrant.closeNote,
  updatedAt: file.warrant.updatedAt
})

/** A record as loaded: with its person and vehicle, who recorded it, who ended it, and the endorsement it made. */
export interface RecordFile {
  readonly record: PncRecord
  readonly civilian: CivilianRef
  readonly vehicle: VehicleRef | null
  readonly recordedBy: Person
  readonly closedBy: Person | null
  readonly endorsement: { readonly id: EndorsementId; readonly code: string } | null
}

/** A record as the PNC shows it: with who recorded it. */
export interface RecordView {
  readonly id: RecordId
  readonly reference: string
  readonly civilian: CivilianRef
  readonly type: RecordType
  readonly status: RecordStatus
  readonly title: string
  readonly description: string
  readonly location: string
  readonly occurredAt: DateTime.Utc
  readonly fineAmount: number
  readonly points: number
  readonly vehicle: VehicleRef | null
  readonly disclosed: boolean
  readonly endorsement: { readonly id: EndorsementId; readonly code: string } | null
  readonly recordedBy: Person
  readonly createdAt: DateTime.Utc
  readonly updatedAt: DateTime.Utc
  readonly closedAt: DateTime.Utc | null
  readonly closedBy: Person | null
  readonly closeReason: string | null
}

export const recordView = (file: RecordFile): RecordView => ({
  id: file.record.id,
  reference: file.record.reference,
  civilian: file.civilian,
  type: file.record.type,
  status: file.record.status,
  title: file.record.title,
  description: file.record.description,
  location: file.record.location,
  occurredAt: file.record.occurredAt,
  fineAmount: file.record.fineAmount,
  points: file.record.points,
  vehicle: file.vehicle,
  disclosed: file.record.disclosed,
  endorsement: file.endorsement,
  recordedBy: file.recordedBy,
  createdAt: file.record.createdAt,
  updatedAt: file.record.updatedAt,
  closedAt: file.record.closedAt,
  closedBy: file.closedBy,
  closeReason: file.record.closeReason
})

/** A disclosed record as loaded for the owner's view: the record and its vehicle, nobody named. */
export interface DisclosedRecordFile {
  readonly record: PncRecord
  readonly vehicle: VehicleRef | null
}

/** A record entry of the owner's view: exactly the fields the API document lists, never who recorded it. */
export interface DisclosedRecordView {
  readonly id: RecordId
  readonly reference: string
  readonly type: RecordType
  readonly status: RecordStatus
  readonly title: string
  readonly description: string
  readonly location: string
  readonly occurredAt: DateTime.Utc
  readonly fineAmount: number
  readonly points: number
  readonly vehicle: VehicleRef | null
}

export const disclosedRecordView = ({ record, vehicle }: DisclosedRecordFile): DisclosedRecordView => ({
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
export interface KeptVehicleFile extends VehicleSummaryFile {
  readonly keeperSince: DateTime.Utc
}

/**
 * Everything about one character, loaded in one read: what both the owner's
 * and the PNC's view are made from.
 */
export interface CivilianFile {
  readonly civilian: Civilian
  readonly owner: Person
  readonly licence: LicenceFile | null
  readonly vehicles: ReadonlyArray<KeptVehicleFile>
  /** Active markers on the character (at the time of reading), newest first. */
  readonly markers: ReadonlyArray<MarkerFile>
  /** Active warrants for the character (at the time of reading), newest first. */
  readonly warrants: ReadonlyArray<WarrantFile>
  /** Disclosed records, the latest occurrence first. */
  readonly disclosedRecords: ReadonlyArray<DisclosedRecordFile>
  /** Every record, warrant and marker the character ever had, whatever their state. */
  readonly counts: { readonly records: number; readonly warrants: number; readonly markers: number }
}

export interface OwnerCivilianView {
  readonly id: CivilianId
  readonly reference: string
  readonly ownerId: AccountId
  readonly fullName: string
  readonly dateOfBirth: string
  readonly gender: Gender
  readonly address: string
  readonly phone: string | null
  readonly occupation: string | null
  readonly imageUrl: string | null
  readonly notes: string | null
  readonly status: CivilianStatus
  readonly createdAt: DateTime.Utc
  readonly updatedAt: DateTime.Utc
  readonly identityLocked: boolean
  readonly licence: HolderLicence | null
  readonly vehicles: ReadonlyArray<VehicleView & { readonly keeperSince: DateTime.Utc }>
  readonly records: ReadonlyArray<DisclosedRecordView>
}

/** Whether the file's character has official history (`identityLocked`). */
export const fileIdentityLocked = (file: Pick<CivilianFile, "licence" | "counts">): boolean =>
  identityLocked({ hasLicence: file.licence !== null, ...file.counts })

/** The owner's view: their private notes, the holder's licence, disclosed records only; no warrants or markers. */
export const ownerCivilianView = (file: CivilianFile, now: DateTime.Utc): OwnerCivilianView => ({
  ...file.civilian,
  identityLocked: fileIdentityLocked(file),
  licence: file.licence === null ? null : holderLicence(file.licence, now),
  vehicles: file.vehicles.map((kept) => ({ ...vehicleView(kept.vehicle), keeperSince: kept.keeperSince })),
  records: file.disclosedRecords.map(disclosedRecordView)
})

export interface OfficialCivilianView {
  readonly id: CivilianId
  readonly reference: string
  readonly fullName: string
  readonly dateOfBirth: string
  readonly gender: Gender
  readonly address: string
  readonly status: CivilianStatus
  readonly phone: string | null
  readonly occupation: string | null
  readonly imageUrl: string | null
  readonly createdAt: DateTime.Utc
  readonly updatedAt: DateTime.Utc
  readonly owner?: Person
  readonly licence: OfficialLicence | null
  readonly vehicles: ReadonlyArray<PncVehicleSummary>
  readonly markers: ReadonlyArray<MarkerView>
  readonly warrants: ReadonlyArray<WarrantView>
  readonly counts: { readonly records: number; readonly warrants: number; readonly markers: number }
}

/**
 * The PNC's view: never the owner's notes; `owner` only for a caller holding
 * `civilians.manage` (absent, not null, for everyone else).
 */
export const officialCivilianView = (file: CivilianFile, now: DateTime.Utc, showOwner: boolean): OfficialCivilianView => {
  const { civilian } = file
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
    ...(showOwner ? { owner: file.owner } : {}),
    licence: file.licence === null ? null : officialLicence(file.licence, now),
    vehicles: file.vehicles.map(pncVehicleSummary),
    markers: file.markers.map((marker) => markerView(marker, now)),
    warrants: file.warrants.map((warrant) => warrantView(warrant, now)),
    counts: file.counts
  }
}

/** A person found by a PNC search. */
export interface CivilianSearchHit extends CivilianRef {
  readonly dateOfBirth: string
  readonly gender: Gender
  readonly status: CivilianStatus
}

/** The keeper of a vehicle as the vehicle record loads them. */
export interface KeeperFile {
  readonly civilian: Civilian
  readonly licence: Pick<Licence, "number" | "status" | "suspendedUntil" | "expiresAt"> | null
  readonly alerts: AlertCounts
  readonly since: DateTime.Utc
}

/** The whole chain of one vehicle, loaded in one read. */
export interface VehicleRecordFile extends VehicleSummaryFile {
  readonly keeperFile: KeeperFile | null
  readonly keepers: ReadonlyArray<{ readonly civilian: CivilianRef; readonly startedAt: DateTime.Utc; readonly endedAt: DateTime.Utc | null }>
  /** Active markers on the vehicle (at the time of reading), newest first. */
  readonly activeMarkers: ReadonlyArray<MarkerFile>
  /** Every record naming the vehicle and every marker it ever had. */
  readonly counts: { readonly records: number; readonly markers: number }
}

export interface ExpandedKeeper extends CivilianRef {
  readonly dateOfBirth: string
  readonly gender: Gender
  readonly address: string
  readonly status: CivilianStatus
  readonly licence: { readonly number: string; readonly status: LicenceStatus } | null
  readonly alerts: AlertCounts
  readonly since: DateTime.Utc
}

export interface PncVehicleRecord extends Omit<PncVehicleSummary, "keeper"> {
  readonly keeper: ExpandedKeeper | null
  readonly keepers: VehicleRecordFile["keepers"]
  readonly markers: ReadonlyArray<MarkerView>
  readonly counts: VehicleRecordFile["counts"]
}

export const pncVehicleRecord = (file: VehicleRecordFile, now: DateTime.Utc): PncVehicleRecord => {
  const keeper = file.keeperFile
  return {
    ...pncVehicleSummary(file),
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
    keepers: file.keepers,
    markers: file.activeMarkers.map((marker) => markerView(marker, now)),
    counts: file.counts
  }
}

/** The statuses of a vehicle, for history and audit data. */
export const statusesOf = (vehicle: VehicleStatuses): VehicleStatuses => ({
  registrationStatus: vehicle.registrationStatus,
  insuranceStatus: vehicle.insuranceStatus,
  motStatus: vehicle.motStatus,
  taxStatus: vehicle.taxStatus
})
