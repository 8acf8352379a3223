import type { DateTime } from "effect"
import type { AccountId } from "../identity/ids.js"
import type { Civilian, CivilianStatus, Gender } from "./Civilian.js"
import { identityLocked } from "./Civilian.js"
import type { CivilianId, EndorsementId, LicenceId, VehicleId } from "./ids.js"
import { type Endorsement, endorsementActiveAt, type Licence, type LicenceCategory, licenceStatusAt, type LicenceStatus, pointsAt } from "./Licence.js"
import type { Vehicle, VehicleStatuses } from "./Vehicle.js"

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

/** Active markers and warrants are counted for the alerts; both arrive with the records issue. */
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

/** A marker as the PNC shows it (they arrive with the records issue). */
export interface MarkerView {
  readonly id: string
  readonly reference: string
  readonly type: string
  readonly civilian: CivilianRef | null
  readonly vehicle: { readonly id: VehicleId; readonly plate: string } | null
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

/** A warrant as the PNC shows it (they arrive with the records issue). */
export interface WarrantView {
  readonly id: string
  readonly reference: string
  readonly civilian: CivilianRef
  readonly reason: string
  readonly details: string | null
  readonly status: string
  readonly issuedBy: Person
  readonly issuedAt: DateTime.Utc
  readonly expiresAt: DateTime.Utc | null
  readonly closedAt: DateTime.Utc | null
  readonly closedBy: Person | null
  readonly closeNote: string | null
  readonly updatedAt: DateTime.Utc
}

/** A record entry of the owner's view (disclosed records only; they arrive with the records issue). */
export interface DisclosedRecordView {
  readonly id: string
  readonly reference: string
  readonly type: string
  readonly status: string
  readonly title: string
  readonly description: string
  readonly location: string
  readonly occurredAt: DateTime.Utc
  readonly fineAmount: number
  readonly points: number
  readonly vehicle: { readonly id: VehicleId; readonly plate: string } | null
}

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
  readonly markers: ReadonlyArray<MarkerView>
  readonly warrants: ReadonlyArray<WarrantView>
  readonly disclosedRecords: ReadonlyArray<DisclosedRecordView>
  /** Every record, active warrant and active marker of the character. */
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
  records: file.disclosedRecords
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
    markers: file.markers,
    warrants: file.warrants,
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
  readonly activeMarkers: ReadonlyArray<MarkerView>
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
    markers: file.activeMarkers,
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
