import { Context, type DateTime, type Effect, type Option } from "effect"
import type { AccountId } from "../identity/index.js"
import type { Page, PageOf } from "../kernel/index.js"
import type { Charge } from "./Charge.js"
import type { Civilian } from "./Civilian.js"
import type { CommunitySettings } from "./CommunitySettings.js"
import type { ChargeId, CivilianId, EndorsementId, LicenceId, MarkerId, RecordId, VehicleId, WarrantId } from "./ids.js"
import type { Endorsement, Licence } from "./Licence.js"
import type { LoadedLicence } from "./licenceViews.js"
import type { LoadedCivilian } from "./loadedCivilian.js"
import type { Marker, MarkerType } from "./Marker.js"
import type { LoadedMarker } from "./markerView.js"
import type { CivilianSearchHit } from "./officialView.js"
import type { NewPncEvent, PncEvent } from "./PncEvent.js"
import type { PncRecord } from "./PncRecord.js"
import type { LoadedRecord } from "./recordViews.js"
import type { LoadedVehicleRecord } from "./vehicleRecord.js"
import type { LoadedVehicleSummary } from "./vehicleViews.js"
import type { Warrant, WarrantStatus } from "./Warrant.js"
import type { Vehicle } from "./Vehicle.js"
import type { LoadedWarrant } from "./warrantView.js"

/**
 * Repositories of the civilian records. They store and find; the rules live
 * in the use cases. Infrastructure failures are defects. Every write runs
 * inside the caller's `Transactor.transaction`; `…ForUpdate` finders lock the
 * record until it ends (read-check-write), `…ForShare` ones keep it from
 * changing.
 */
export class Civilians extends Context.Service<Civilians, {
  /** The next reference from the sequence: `CIV-000001`, … (never reused, gaps allowed). */
  readonly nextReference: Effect.Effect<string>
  readonly insert: (civilian: Civilian) => Effect.Effect<void>
  readonly findByIdForUpdate: (id: CivilianId) => Effect.Effect<Option.Option<Civilian>>
  /** By reference ignoring case, kept from change until the transaction ends. */
  readonly findByReferenceForShare: (reference: string) => Effect.Effect<Option.Option<Civilian>>
  readonly update: (civilian: Civilian) => Effect.Effect<void>
}>()("@bluelight/core/civilians/Civilians") {}

export class Licences extends Context.Service<Licences, {
  readonly findByIdForUpdate: (id: LicenceId) => Effect.Effect<Option.Option<Licence>>
  readonly findByCivilianId: (civilianId: CivilianId) => Effect.Effect<Option.Option<Licence>>
  /**
   * Answers `false`, storing nothing, when another licence has the same
   * number (the caller tries another). One licence per character is the
   * caller's rule, checked on the locked character, and a unique key too.
   */
  readonly insert: (licence: Licence) => Effect.Effect<boolean>
  readonly update: (licence: Licence) => Effect.Effect<void>
  readonly insertEndorsement: (endorsement: Endorsement) => Effect.Effect<void>
  /** The endorsement of this licence, locked until the transaction ends. */
  readonly findEndorsementForUpdate: (licenceId: LicenceId, id: EndorsementId) => Effect.Effect<Option.Option<Endorsement>>
  readonly updateEndorsement: (endorsement: Endorsement) => Effect.Effect<void>
  /** The endorsement a record made, if any, locked until the transaction ends. */
  readonly findEndorsementOfRecordForUpdate: (recordId: RecordId) => Effect.Effect<Option.Option<Endorsement>>
}>()("@bluelight/core/civilians/Licences") {}

export class Vehicles extends Context.Service<Vehicles, {
  readonly findByIdForUpdate: (id: VehicleId) => Effect.Effect<Option.Option<Vehicle>>
  /**
   * The vehicle as it stands, without a lock: for a change that only names
   * it (a record or a marker; vehicles are never deleted), so that it does
   * not queue behind, or deadlock with, a transfer holding the vehicle.
   */
  readonly findById: (id: VehicleId) => Effect.Effect<Option.Option<Vehicle>>
  /**
   * Stores the vehicle and opens its first keeper period. Answers `false`,
   * storing nothing, when a vehicle that is not scrapped has the same plate
   * ignoring spaces, hyphens and case (also under a race).
   */
  readonly insert: (vehicle: Vehicle) => Effect.Effect<boolean>
  /** Answers `false`, changing nothing, when the change would give two vehicles not scrapped the same plate. */
  readonly update: (vehicle: Vehicle) => Effect.Effect<boolean>
  /** Ends the open keeper period at `at` and opens one for the vehicle's new keeper (`vehicle.keeperId`). */
  readonly changeKeeper: (vehicle: Vehicle, at: DateTime.Utc) => Effect.Effect<void>
}>()("@bluelight/core/civilians/Vehicles") {}

/** The PNC's permanent history: append-only; `seq` grows with every entry. */
export class PncHistory extends Context.Service<PncHistory, {
  readonly record: (event: NewPncEvent) => Effect.Effect<void>
  /** Newest first. */
  readonly list: (
    filter: { readonly civilianId?: CivilianId | undefined; readonly vehicleId?: VehicleId | undefined },
    page: Page
  ) => Effect.Effect<PageOf<PncEvent>>
}>()("@bluelight/core/civilians/PncHistory") {}

/** PNC records; nothing is ever deleted. */
export class Records extends Context.Service<Records, {
  /** The next reference from the sequence: `REC-000001`, … (never reused, gaps allowed). */
  readonly nextReference: Effect.Effect<string>
  readonly insert: (record: PncRecord) => Effect.Effect<void>
  readonly findByIdForUpdate: (id: RecordId) => Effect.Effect<Option.Option<PncRecord>>
  readonly update: (record: PncRecord) => Effect.Effect<void>
}>()("@bluelight/core/civilians/Records") {}

/** Warrants; nothing is ever deleted. */
export class Warrants extends Context.Service<Warrants, {
  /** The next reference from the sequence: `WAR-000001`, …. */
  readonly nextReference: Effect.Effect<string>
  readonly insert: (warrant: Warrant) => Effect.Effect<void>
  readonly findByIdForUpdate: (id: WarrantId) => Effect.Effect<Option.Option<Warrant>>
  readonly update: (warrant: Warrant) => Effect.Effect<void>
}>()("@bluelight/core/civilians/Warrants") {}

/** Markers; nothing is ever deleted. */
export class Markers extends Context.Service<Markers, {
  /** The next reference from the sequence: `MRK-000001`, …. */
  readonly nextReference: Effect.Effect<string>
  readonly insert: (marker: Marker) => Effect.Effect<void>
  readonly findByIdForUpdate: (id: MarkerId) => Effect.Effect<Option.Option<Marker>>
  readonly update: (marker: Marker) => Effect.Effect<void>
}>()("@bluelight/core/civilians/Markers") {}

/** Which charges a list holds: those whose code, title or category holds every word of `search`, the active ones, the retired ones, or all. */
export interface ChargeFilter {
  /** Words, each a part of the code, the title or the category ignoring case; `""` is every charge. */
  readonly search: string
  readonly active: boolean | "all"
}

/**
 * The charges catalogue; nothing is ever deleted (a charge is retired). Codes
 * are stored upper case and unique.
 */
export class Charges extends Context.Service<Charges, {
  /** Answers `false`, storing nothing, when another charge has the same code (also under a race). */
  readonly insert: (charge: Charge) => Effect.Effect<boolean>
  readonly findById: (id: ChargeId) => Effect.Effect<Option.Option<Charge>>
  readonly findByIdForUpdate: (id: ChargeId) => Effect.Effect<Option.Option<Charge>>
  /**
   * The charges of these ids that exist, kept from change until the
   * transaction ends (a record citing them: a charge retired meanwhile waits
   * for the record, or the record sees it retired). Locked in id order.
   */
  readonly findByIdsForShare: (ids: ReadonlyArray<ChargeId>) => Effect.Effect<ReadonlyArray<Charge>>
  /** By code ignoring case. */
  readonly findByCode: (code: string) => Effect.Effect<Option.Option<Charge>>
  /** Answers `false`, changing nothing, when the change would give two charges the same code. */
  readonly update: (charge: Charge) => Effect.Effect<boolean>
  /** Ordered by code. */
  readonly list: (filter: ChargeFilter, page: Page) => Effect.Effect<PageOf<Charge>>
}>()("@bluelight/core/civilians/Charges") {}

export interface WarrantFilter {
  /** The status as read at `now`; left out, every warrant in force, ever (`warrantInForce`): requests pending or rejected only by their status. */
  readonly status?: WarrantStatus | undefined
  readonly civilianId?: CivilianId | undefined
}

export interface MarkerFilter {
  readonly active?: boolean | undefined
  readonly type?: MarkerType | undefined
  readonly civilianId?: CivilianId | undefined
  readonly vehicleId?: VehicleId | undefined
}

/**
 * The read model of records, warrants and markers: each with the people and
 * vehicles it names. Statuses that depend on time (`EXPIRED`, `active`) are
 * filtered at `now`.
 */
export class AlertReads extends Context.Service<AlertReads, {
  readonly findRecord: (id: RecordId) => Effect.Effect<Option.Option<LoadedRecord>>
  /** Every record of a character, the latest occurrence first; none when there is no such character. */
  readonly listRecords: (civilianId: CivilianId, page: Page) => Effect.Effect<Option.Option<PageOf<LoadedRecord>>>
  readonly findWarrant: (id: WarrantId) => Effect.Effect<Option.Option<LoadedWarrant>>
  /** Newest first. */
  readonly listWarrants: (filter: WarrantFilter, now: DateTime.Utc, page: Page) => Effect.Effect<PageOf<LoadedWarrant>>
  readonly findMarker: (id: MarkerId) => Effect.Effect<Option.Option<LoadedMarker>>
  /** Newest first. */
  readonly listMarkers: (filter: MarkerFilter, now: DateTime.Utc, page: Page) => Effect.Effect<PageOf<LoadedMarker>>
}>()("@bluelight/core/civilians/AlertReads") {}

/**
 * The read model of characters: each loaded in one read, with its licence,
 * vehicles and alerts (what the owner's and the PNC's views are made from).
 */
export class CivilianReads extends Context.Service<CivilianReads, {
  /** The character as it reads at `now` (which markers and warrants are active). */
  readonly findById: (id: CivilianId, now: DateTime.Utc) => Effect.Effect<Option.Option<LoadedCivilian>>
  /** A member's characters, newest first. */
  readonly listByOwner: (ownerId: AccountId, page: Page, now: DateTime.Utc) => Effect.Effect<PageOf<LoadedCivilian>>
  /** Every word in the name (a part of it, ignoring case), or the reference exactly; alphabetical by name. An empty `search` finds everyone. */
  readonly search: (search: string, page: Page) => Effect.Effect<PageOf<CivilianSearchHit>>
  readonly findLicence: (id: LicenceId) => Effect.Effect<Option.Option<LoadedLicence>>
}>()("@bluelight/core/civilians/CivilianReads") {}

/** The read model of vehicles: searches, and the whole record in one read. */
export class VehicleReads extends Context.Service<VehicleReads, {
  /**
   * Vehicles whose plate holds `search` ignoring spaces, hyphens and case,
   * or whose make and model hold every word of it; ordered by plate. An
   * empty `search` finds every vehicle.
   */
  readonly search: (search: string, page: Page, now: DateTime.Utc) => Effect.Effect<PageOf<LoadedVehicleSummary>>
  /** The record as it reads at `now` (which markers and warrants are active). */
  readonly findById: (id: VehicleId, now: DateTime.Utc) => Effect.Effect<Option.Option<LoadedVehicleRecord>>
}>()("@bluelight/core/civilians/VehicleReads") {}

/**
 * The community's settings: one record for the deployment, the defaults
 * (`defaultCommunitySettings`) until first changed.
 */
export class CommunitySettingsStore extends Context.Service<CommunitySettingsStore, {
  /** The settings as they stand: the defaults until first changed. */
  readonly read: Effect.Effect<CommunitySettings>
  /** The same, locked until the transaction ends (read-check-write of a change). */
  readonly readForUpdate: Effect.Effect<CommunitySettings>
  readonly save: (settings: CommunitySettings) => Effect.Effect<void>
}>()("@bluelight/core/civilians/CommunitySettingsStore") {}
