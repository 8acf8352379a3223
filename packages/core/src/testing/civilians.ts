import { type Context, DateTime, Effect, Layer, Option, Ref } from "effect"
import type { Account, AccountId, Person } from "../identity/index.js"
import {
  AlertReads,
  type Charge,
  type ChargeFilter,
  type ChargeId,
  Charges,
  type Civilian,
  type CivilianId,
  CivilianReads,
  type CivilianRef,
  civilianReference,
  Civilians,
  type CommunitySettings,
  CommunitySettingsStore,
  defaultCommunitySettings,
  type Endorsement,
  type EndorsementId,
  holdsPlate,
  type KeeperPeriod,
  type Licence,
  type LicenceId,
  Licences,
  type LoadedCivilian,
  type LoadedLicence,
  type LoadedMarker,
  type LoadedRecord,
  type LoadedVehicleRecord,
  type LoadedVehicleSummary,
  type LoadedWarrant,
  type Marker,
  markerActiveAt,
  type MarkerFilter,
  type MarkerId,
  markerReference,
  Markers,
  type NewPncEvent,
  plateKey,
  type PncEvent,
  PncHistory,
  type PncRecord,
  type RecordId,
  recordReference,
  Records,
  type Vehicle,
  type VehicleId,
  VehicleReads,
  type VehicleRef,
  Vehicles,
  type Warrant,
  type WarrantFilter,
  type WarrantId,
  warrantReference,
  warrantInForce,
  Warrants,
  warrantStatusAt
} from "../civilians/index.js"
import { type Page, toPage } from "../kernel/index.js"
import { ACCOUNTS_TABLE } from "./identity.js"
import { InMemoryDatabase } from "./InMemoryDatabase.js"

export const CIVILIANS_TABLE = "civilians"
export const LICENCES_TABLE = "licences"
export const ENDORSEMENTS_TABLE = "endorsements"
export const VEHICLES_TABLE = "vehicles"
export const KEEPER_PERIODS_TABLE = "vehicle_keepers"
export const PNC_EVENTS_TABLE = "pnc_events"
export const RECORDS_TABLE = "pnc_records"
export const WARRANTS_TABLE = "warrants"
export const MARKERS_TABLE = "markers"
export const CHARGES_TABLE = "charges"
export const COMMUNITY_SETTINGS_TABLE = "community_settings"

type Db = Context.Service.Shape<typeof InMemoryDatabase>

/** Code-unit order, as Postgres's "C" collation orders ASCII text. */
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

const pageOf = <A>(sorted: ReadonlyArray<A>, page: Page) => toPage(sorted.slice(page.offset, page.offset + page.limit + 1), page)

const findIn = <A>(db: Db, table: string, predicate: (row: A) => boolean) => Effect.map(db.rows<A>(table), (rows) => Option.fromNullishOr(rows.find(predicate)))

const replaceIn = <A extends { readonly id: string }>(db: Db, table: string, row: A) =>
  db.update<A>(table, (rows) => rows.map((stored) => (stored.id === row.id ? row : stored)))

/** Inserts `row` unless a stored row clashes with it, in one table update; answers whether it did. */
const insertUnless = <A>(db: Db, table: string, row: A, clashes: (other: A) => boolean) =>
  Effect.suspend(() => {
    let inserted = false
    return Effect.map(
      db.update<A>(table, (rows) => {
        inserted = !rows.some(clashes)
        return inserted ? [...rows, row] : rows
      }),
      () => inserted
    )
  })

export const InMemoryCivilians = Layer.effect(
  Civilians,
  Effect.gen(function*() {
    const db = yield* InMemoryDatabase
    // A sequence, as in Postgres: not rolled back with a transaction.
    const sequence = yield* Ref.make(0)
    return {
      nextReference: Effect.map(Ref.updateAndGet(sequence, (n) => n + 1), civilianReference),
      insert: (civilian: Civilian) => db.insert(CIVILIANS_TABLE, civilian),
      findByIdForUpdate: (id: CivilianId) => findIn<Civilian>(db, CIVILIANS_TABLE, (c) => c.id === id),
      findByReferenceForShare: (reference: string) => findIn<Civilian>(db, CIVILIANS_TABLE, (c) => c.reference.toUpperCase() === reference.toUpperCase()),
      update: (civilian: Civilian) => replaceIn(db, CIVILIANS_TABLE, civilian)
    }
  })
)

export const InMemoryLicences = Layer.effect(
  Licences,
  InMemoryDatabase.useSync((db) => ({
    findByIdForUpdate: (id: LicenceId) => findIn<Licence>(db, LICENCES_TABLE, (l) => l.id === id),
    findByCivilianId: (civilianId: CivilianId) => findIn<Licence>(db, LICENCES_TABLE, (l) => l.civilianId === civilianId),
    insert: (licence: Licence) =>
      insertUnless<Licence>(db, LICENCES_TABLE, licence, (other) => other.number === licence.number || other.civilianId === licence.civilianId),
    update: (licence: Licence) => replaceIn(db, LICENCES_TABLE, licence),
    insertEndorsement: (endorsement: Endorsement) => db.insert(ENDORSEMENTS_TABLE, endorsement),
    findEndorsementForUpdate: (licenceId: LicenceId, id: EndorsementId) =>
      findIn<Endorsement>(db, ENDORSEMENTS_TABLE, (e) => e.id === id && e.licenceId === licenceId),
    updateEndorsement: (endorsement: Endorsement) => replaceIn(db, ENDORSEMENTS_TABLE, endorsement),
    findEndorsementOfRecordForUpdate: (recordId: RecordId) => findIn<Endorsement>(db, ENDORSEMENTS_TABLE, (e) => e.recordId === recordId)
  }))
)

/** A repository of records that are only inserted and updated, with references from a sequence. */
const sequencedTable = <A extends { readonly id: string }>(table: string, reference: (n: number) => string) =>
  Effect.gen(function*() {
    const db = yield* InMemoryDatabase
    // A sequence, as in Postgres: not rolled back with a transaction.
    const sequence = yield* Ref.make(0)
    return {
      nextReference: Effect.map(Ref.updateAndGet(sequence, (n) => n + 1), reference),
      insert: (row: A) => db.insert(table, row),
      findByIdForUpdate: (id: A["id"]) => findIn<A>(db, table, (row) => row.id === id),
      update: (row: A) => replaceIn(db, table, row)
    }
  })

export const InMemoryRecords = Layer.effect(Records, sequencedTable<PncRecord>(RECORDS_TABLE, recordReference))
export const InMemoryWarrants = Layer.effect(Warrants, sequencedTable<Warrant>(WARRANTS_TABLE, warrantReference))
export const InMemoryMarkers = Layer.effect(Markers, sequencedTable<Marker>(MARKERS_TABLE, markerReference))

const plateClash = (vehicle: Vehicle) => (other: Vehicle) =>
  other.id !== vehicle.id && holdsPlate(vehicle) && holdsPlate(other) && plateKey(other.plate) === plateKey(vehicle.plate)

export const InMemoryVehicles = Layer.effect(
  Vehicles,
  InMemoryDatabase.useSync((db) => ({
    findByIdForUpdate: (id: VehicleId) => findIn<Vehicle>(db, VEHICLES_TABLE, (v) => v.id === id),
    findById: (id: VehicleId) => findIn<Vehicle>(db, VEHICLES_TABLE, (v) => v.id === id),
    insert: (vehicle: Vehicle) =>
      Effect.flatMap(
        insertUnless<Vehicle>(db, VEHICLES_TABLE, vehicle, plateClash(vehicle)),
        (inserted) =>
          inserted && vehicle.keeperId !== null && vehicle.keeperSince !== null
            ? Effect.as(
              db.insert<KeeperPeriod>(KEEPER_PERIODS_TABLE, {
                vehicleId: vehicle.id,
                civilianId: vehicle.keeperId,
                startedAt: vehicle.keeperSince,
                endedAt: null
              }),
              true
            )
            : Effect.succeed(inserted)
      ),
    update: (vehicle: Vehicle) =>
      Effect.flatMap(
        db.rows<Vehicle>(VEHICLES_TABLE),
        (rows) => rows.some(plateClash(vehicle)) ? Effect.succeed(false) : Effect.as(replaceIn(db, VEHICLES_TABLE, vehicle), true)
      ),
    changeKeeper: (vehicle: Vehicle, at: DateTime.Utc) =>
      Effect.gen(function*() {
        yield* replaceIn(db, VEHICLES_TABLE, vehicle)
        yield* db.update<KeeperPeriod>(KEEPER_PERIODS_TABLE, (rows) =>
          rows.map((period) => (period.vehicleId === vehicle.id && period.endedAt === null ? { ...period, endedAt: at } : period)))
        if (vehicle.keeperId !== null) {
          yield* db.insert<KeeperPeriod>(KEEPER_PERIODS_TABLE, { vehicleId: vehicle.id, civilianId: vehicle.keeperId, startedAt: at, endedAt: null })
        }
      })
  }))
)

/** Every word of `search` (split on white space) is part of the charge's code, title or category, ignoring case. */
export const chargeMatches = (charge: Pick<Charge, "code" | "title" | "category">, search: string): boolean => {
  const text = `${charge.code} ${charge.title} ${charge.category ?? ""}`.toLowerCase()
  return search.toLowerCase().split(/\s+/).filter((w) => w.length > 0).every((w) => text.includes(w))
}

const codeClash = (charge: Charge) => (other: Charge) => other.id !== charge.id && other.code.toUpperCase() === charge.code.toUpperCase()

export const InMemoryCharges = Layer.effect(
  Charges,
  InMemoryDatabase.useSync((db) => {
    const findById = (id: ChargeId) => findIn<Charge>(db, CHARGES_TABLE, (c) => c.id === id)
    return {
      insert: (charge: Charge) => insertUnless<Charge>(db, CHARGES_TABLE, charge, codeClash(charge)),
      findById,
      findByIdForUpdate: findById,
      findByIdsForShare: (ids: ReadonlyArray<ChargeId>) =>
        Effect.map(db.rows<Charge>(CHARGES_TABLE), (rows) => rows.filter((c) => ids.includes(c.id)).sort((a, b) => compareText(a.id, b.id))),
      findByCode: (code: string) => findIn<Charge>(db, CHARGES_TABLE, (c) => c.code.toUpperCase() === code.toUpperCase()),
      update: (charge: Charge) =>
        Effect.flatMap(
          db.rows<Charge>(CHARGES_TABLE),
          (rows) => rows.some(codeClash(charge)) ? Effect.succeed(false) : Effect.as(replaceIn(db, CHARGES_TABLE, charge), true)
        ),
      list: (filter: ChargeFilter, page: Page) =>
        Effect.map(db.rows<Charge>(CHARGES_TABLE), (rows) =>
          pageOf(
            rows
              .filter((c) => (filter.active === "all" || c.active === filter.active) && chargeMatches(c, filter.search))
              .sort((a, b) => compareText(a.code, b.code)),
            page
          ))
    }
  })
)

type StoredEvent = NewPncEvent & { readonly seq: number }

const personOf = (accounts: ReadonlyArray<Account>, id: AccountId | string): Person => ({
  id: id as AccountId,
  displayName: accounts.find((account) => account.id === id)?.displayName ?? ""
})

export const InMemoryPncHistory = Layer.effect(
  PncHistory,
  InMemoryDatabase.useSync((db) => ({
    record: (event: NewPncEvent) => db.update<StoredEvent>(PNC_EVENTS_TABLE, (rows) => [...rows, { ...event, seq: rows.length + 1 }]),
    list: (filter: { readonly civilianId?: CivilianId | undefined; readonly vehicleId?: VehicleId | undefined }, page: Page) =>
      Effect.gen(function*() {
        const accounts = yield* db.rows<Account>(ACCOUNTS_TABLE)
        const rows = yield* db.rows<StoredEvent>(PNC_EVENTS_TABLE)
        const matching = rows
          .filter((e) =>
            (filter.civilianId === undefined || e.civilianId === filter.civilianId) && (filter.vehicleId === undefined || e.vehicleId === filter.vehicleId)
          )
          .sort((a, b) => b.seq - a.seq)
          .map((e): PncEvent => ({
            id: e.id,
            seq: e.seq,
            type: e.type,
            at: e.at,
            actor: e.actor.type === "user" ? personOf(accounts, e.actor.id) : { serviceId: e.actor.id },
            byOwner: e.byOwner,
            civilianId: e.civilianId,
            vehicleId: e.vehicleId,
            licenceId: e.licenceId,
            data: e.data
          }))
        return pageOf(matching, page)
      })
  }))
)

/** Everything the read models join, read at once. */
const loadAll = (db: Db) =>
  Effect.all({
    accounts: db.rows<Account>(ACCOUNTS_TABLE),
    civilians: db.rows<Civilian>(CIVILIANS_TABLE),
    licences: db.rows<Licence>(LICENCES_TABLE),
    endorsements: db.rows<Endorsement>(ENDORSEMENTS_TABLE),
    vehicles: db.rows<Vehicle>(VEHICLES_TABLE),
    keepers: db.rows<KeeperPeriod>(KEEPER_PERIODS_TABLE),
    records: db.rows<PncRecord>(RECORDS_TABLE),
    warrants: db.rows<Warrant>(WARRANTS_TABLE),
    markers: db.rows<Marker>(MARKERS_TABLE),
    settings: db.rows<CommunitySettings>(COMMUNITY_SETTINGS_TABLE)
  })
type Loaded = Effect.Success<ReturnType<typeof loadAll>>

const refOf = (civilian: Civilian): CivilianRef => ({ id: civilian.id, reference: civilian.reference, fullName: civilian.fullName })

const vehicleRefIn = (all: Loaded, id: VehicleId | null): VehicleRef | null => {
  const vehicle = id === null ? undefined : all.vehicles.find((v) => v.id === id)
  return vehicle === undefined ? null : { id: vehicle.id, plate: vehicle.plate }
}

const civilianRefIn = (all: Loaded, id: CivilianId | null): CivilianRef | null => {
  const civilian = id === null ? undefined : all.civilians.find((c) => c.id === id)
  return civilian === undefined ? null : refOf(civilian)
}

const newestFirst = (a: { readonly createdAt: DateTime.Utc; readonly id: string }, b: { readonly createdAt: DateTime.Utc; readonly id: string }) =>
  b.createdAt.epochMilliseconds - a.createdAt.epochMilliseconds || compareText(b.id, a.id)

const byOccurrence = (a: PncRecord, b: PncRecord) => b.occurredAt.epochMilliseconds - a.occurredAt.epochMilliseconds || compareText(b.reference, a.reference)

const loadedMarkerIn = (all: Loaded, marker: Marker): LoadedMarker => ({
  marker,
  civilian: civilianRefIn(all, marker.civilianId),
  vehicle: vehicleRefIn(all, marker.vehicleId),
  issuedBy: personOf(all.accounts, marker.issuedBy),
  clearedBy: marker.clearedBy === null ? null : personOf(all.accounts, marker.clearedBy)
})

const loadedWarrantIn = (all: Loaded, warrant: Warrant): LoadedWarrant => ({
  warrant,
  civilian: civilianRefIn(all, warrant.civilianId) as CivilianRef,
  requestedBy: personOf(all.accounts, warrant.requestedBy),
  issuedBy: personOf(all.accounts, warrant.issuedBy),
  decidedBy: warrant.decidedBy === null ? null : personOf(all.accounts, warrant.decidedBy),
  closedBy: warrant.closedBy === null ? null : personOf(all.accounts, warrant.closedBy)
})

const loadedRecordIn = (all: Loaded, record: PncRecord): LoadedRecord => {
  const endorsement = all.endorsements.find((e) => e.recordId === record.id)
  return {
    record,
    civilian: civilianRefIn(all, record.civilianId) as CivilianRef,
    vehicle: vehicleRefIn(all, record.vehicleId),
    recordedBy: personOf(all.accounts, record.recordedBy),
    closedBy: record.closedBy === null ? null : personOf(all.accounts, record.closedBy),
    endorsement: endorsement === undefined ? null : { id: endorsement.id, code: endorsement.code }
  }
}

const activeMarkersOn = (all: Loaded, now: DateTime.Utc, on: (marker: Marker) => boolean) =>
  all.markers.filter((m) => on(m) && markerActiveAt(m, now)).sort(newestFirst)

const activeWarrantsFor = (all: Loaded, now: DateTime.Utc, civilianId: CivilianId) =>
  all.warrants.filter((w) => w.civilianId === civilianId && warrantStatusAt(w, now) === "ACTIVE").sort((a, b) =>
    newestFirst({ createdAt: a.issuedAt, id: a.id }, { createdAt: b.issuedAt, id: b.id })
  )

const loadedLicenceIn = (all: Loaded, licence: Licence): LoadedLicence => ({
  licence,
  endorsements: all.endorsements
    .filter((e) => e.licenceId === licence.id)
    .sort((a, b) => a.createdAt.epochMilliseconds - b.createdAt.epochMilliseconds || compareText(a.id, b.id))
    .map((endorsement) => ({
      endorsement,
      issuedBy: personOf(all.accounts, endorsement.issuedBy),
      removedBy: endorsement.removedBy === null ? null : personOf(all.accounts, endorsement.removedBy),
      record: ((record) => (record === undefined ? null : { id: record.id, reference: record.reference }))(
        all.records.find((r) => r.id === endorsement.recordId)
      )
    }))
})

const summaryIn = (all: Loaded, vehicle: Vehicle, now: DateTime.Utc): LoadedVehicleSummary => {
  const keeper = all.civilians.find((c) => c.id === vehicle.keeperId)
  const markers = activeMarkersOn(all, now, (m) => m.vehicleId === vehicle.id)
  return { vehicle, keeper: keeper === undefined ? null : refOf(keeper), markers: markers.length, stolen: markers.some((m) => m.type === "STOLEN_VEHICLE") }
}

const byPlate = (a: Vehicle, b: Vehicle) => compareText(a.plate, b.plate) || compareText(a.id, b.id)

const fileIn = (all: Loaded, civilian: Civilian, now: DateTime.Utc): LoadedCivilian => {
  const licence = all.licences.find((l) => l.civilianId === civilian.id)
  return {
    civilian,
    owner: personOf(all.accounts, civilian.ownerId),
    licence: licence === undefined ? null : loadedLicenceIn(all, licence),
    vehicles: all.vehicles
      .filter((v) => v.keeperId === civilian.id)
      .sort(byPlate)
      .map((vehicle) => ({ ...summaryIn(all, vehicle, now), keeperSince: vehicle.keeperSince ?? vehicle.createdAt })),
    markers: activeMarkersOn(all, now, (m) => m.civilianId === civilian.id).map((m) => loadedMarkerIn(all, m)),
    warrants: activeWarrantsFor(all, now, civilian.id).map((w) => loadedWarrantIn(all, w)),
    disclosedRecords: all.records
      .filter((r) => r.civilianId === civilian.id && r.disclosed)
      .sort(byOccurrence)
      .map((record) => ({ record, vehicle: vehicleRefIn(all, record.vehicleId) })),
    counts: {
      records: all.records.filter((r) => r.civilianId === civilian.id).length,
      warrants: all.warrants.filter((w) => w.civilianId === civilian.id && warrantInForce(w)).length,
      markers: all.markers.filter((m) => m.civilianId === civilian.id).length
    }
  }
}

export const InMemoryCivilianReads = Layer.effect(
  CivilianReads,
  InMemoryDatabase.useSync((db) => ({
    findById: (id: CivilianId, now: DateTime.Utc) =>
      Effect.map(loadAll(db), (all) => Option.map(Option.fromNullishOr(all.civilians.find((c) => c.id === id)), (c) => fileIn(all, c, now))),
    listByOwner: (ownerId: AccountId, page: Page, now: DateTime.Utc) =>
      Effect.map(loadAll(db), (all) =>
        pageOf(
          all.civilians
            .filter((c) => c.ownerId === ownerId)
            .sort((a, b) => b.createdAt.epochMilliseconds - a.createdAt.epochMilliseconds || compareText(b.id, a.id))
            .map((c) => fileIn(all, c, now)),
          page
        )),
    search: (search: string, page: Page) =>
      Effect.map(db.rows<Civilian>(CIVILIANS_TABLE), (civilians) => {
        const words = search.toLowerCase().split(/\s+/).filter((w) => w.length > 0)
        const hits = civilians
          .filter((c) => c.reference.toUpperCase() === search.trim().toUpperCase() || words.every((w) => c.fullName.toLowerCase().includes(w)))
          .sort((a, b) => compareText(a.fullName.toLowerCase(), b.fullName.toLowerCase()) || compareText(a.reference, b.reference))
          .map((c) => ({ ...refOf(c), dateOfBirth: c.dateOfBirth, gender: c.gender, status: c.status }))
        return pageOf(hits, page)
      }),
    findLicence: (id: LicenceId) =>
      Effect.map(loadAll(db), (all) => Option.map(Option.fromNullishOr(all.licences.find((l) => l.id === id)), (l) => loadedLicenceIn(all, l)))
  }))
)

/** Words of the make and model, each a part of them ignoring case; or part of the plate ignoring spaces, hyphens and case. */
export const vehicleMatches = (vehicle: Pick<Vehicle, "plate" | "make" | "model">, search: string): boolean => {
  const key = plateKey(search)
  if (key.length > 0 && plateKey(vehicle.plate).includes(key)) return true
  const words = search.toLowerCase().split(/\s+/).filter((w) => w.length > 0)
  const text = `${vehicle.make} ${vehicle.model}`.toLowerCase()
  return words.length > 0 && words.every((w) => text.includes(w))
}

export const InMemoryVehicleReads = Layer.effect(
  VehicleReads,
  InMemoryDatabase.useSync((db) => ({
    search: (search: string, page: Page, now: DateTime.Utc) =>
      Effect.map(
        loadAll(db),
        (all) => pageOf(all.vehicles.filter((v) => search.trim() === "" || vehicleMatches(v, search)).sort(byPlate).map((v) => summaryIn(all, v, now)), page)
      ),
    findById: (id: VehicleId, now: DateTime.Utc) =>
      Effect.map(loadAll(db), (all) =>
        Option.map(Option.fromNullishOr(all.vehicles.find((v) => v.id === id)), (vehicle): LoadedVehicleRecord => {
          const keeper = all.civilians.find((c) => c.id === vehicle.keeperId)
          const licence = keeper === undefined ? undefined : all.licences.find((l) => l.civilianId === keeper.id)
          return {
            ...summaryIn(all, vehicle, now),
            currentKeeper: keeper === undefined ? null : {
              civilian: keeper,
              licence: licence ?? null,
              alerts: {
                markers: activeMarkersOn(all, now, (m) => m.civilianId === keeper.id).length,
                warrants: activeWarrantsFor(all, now, keeper.id).length
              },
              since: vehicle.keeperSince ?? vehicle.createdAt
            },
            // Kept in the order they began: the latest first.
            keepers: all.keepers
              .filter((k) => k.vehicleId === vehicle.id)
              .reverse()
              .flatMap((k) => {
                const civilian = all.civilians.find((c) => c.id === k.civilianId)
                return civilian === undefined ? [] : [{ civilian: refOf(civilian), startedAt: k.startedAt, endedAt: k.endedAt }]
              }),
            activeMarkers: activeMarkersOn(all, now, (m) => m.vehicleId === vehicle.id).map((m) => loadedMarkerIn(all, m)),
            counts: {
              records: all.records.filter((r) => r.vehicleId === vehicle.id).length,
              markers: all.markers.filter((m) => m.vehicleId === vehicle.id).length
            }
          }
        }))
  }))
)

/** Without a status, the warrants in force (ever): a request pending approval, or rejected, shows only when asked for by its status. */
const warrantMatches = (filter: WarrantFilter, now: DateTime.Utc) => (warrant: Warrant) =>
  (filter.status === undefined ? warrantInForce(warrant) : warrantStatusAt(warrant, now) === filter.status) &&
  (filter.civilianId === undefined || warrant.civilianId === filter.civilianId)

const markerMatches = (filter: MarkerFilter, now: DateTime.Utc) => (marker: Marker) =>
  (filter.active === undefined || markerActiveAt(marker, now) === filter.active) &&
  (filter.type === undefined || marker.type === filter.type) &&
  (filter.civilianId === undefined || marker.civilianId === filter.civilianId) &&
  (filter.vehicleId === undefined || marker.vehicleId === filter.vehicleId)

export const InMemoryAlertReads = Layer.effect(
  AlertReads,
  InMemoryDatabase.useSync((db) => ({
    findRecord: (id: RecordId) =>
      Effect.map(loadAll(db), (all) => Option.map(Option.fromNullishOr(all.records.find((r) => r.id === id)), (r) => loadedRecordIn(all, r))),
    listRecords: (civilianId: CivilianId, page: Page) =>
      Effect.map(loadAll(db), (all) =>
        all.civilians.some((c) => c.id === civilianId)
          ? Option.some(pageOf(all.records.filter((r) => r.civilianId === civilianId).sort(byOccurrence).map((r) => loadedRecordIn(all, r)), page))
          : Option.none()),
    findWarrant: (id: WarrantId) =>
      Effect.map(loadAll(db), (all) => Option.map(Option.fromNullishOr(all.warrants.find((w) => w.id === id)), (w) => loadedWarrantIn(all, w))),
    listWarrants: (filter: WarrantFilter, now: DateTime.Utc, page: Page) =>
      Effect.map(loadAll(db), (all) =>
        pageOf(
          all.warrants
            .filter(warrantMatches(filter, now))
            .sort((a, b) => newestFirst({ createdAt: a.issuedAt, id: a.id }, { createdAt: b.issuedAt, id: b.id }))
            .map((w) => loadedWarrantIn(all, w)),
          page
        )),
    findMarker: (id: MarkerId) =>
      Effect.map(loadAll(db), (all) => Option.map(Option.fromNullishOr(all.markers.find((m) => m.id === id)), (m) => loadedMarkerIn(all, m))),
    listMarkers: (filter: MarkerFilter, now: DateTime.Utc, page: Page) =>
      Effect.map(loadAll(db), (all) => pageOf(all.markers.filter(markerMatches(filter, now)).sort(newestFirst).map((m) => loadedMarkerIn(all, m)), page))
  }))
)

/** Every civilian repository and read model over the in-memory tables. */
/** The settings as one row, the defaults while there is none; the transactor runs one transaction at a time, so reading is locking. */
export const InMemoryCommunitySettingsStore = Layer.effect(
  CommunitySettingsStore,
  InMemoryDatabase.useSync((db) => {
    const read = Effect.map(db.rows<CommunitySettings>(COMMUNITY_SETTINGS_TABLE), (rows) => rows[0] ?? defaultCommunitySettings)
    return {
      read,
      readForUpdate: read,
      save: (settings: CommunitySettings) => db.update<CommunitySettings>(COMMUNITY_SETTINGS_TABLE, () => [settings])
    }
  })
)

export const InMemoryCivilianRepositories = Layer.mergeAll(
  InMemoryCharges,
  InMemoryCommunitySettingsStore,
  InMemoryRecords,
  InMemoryWarrants,
  InMemoryMarkers,
  InMemoryAlertReads,
  InMemoryCivilians,
  InMemoryLicences,
  InMemoryVehicles,
  InMemoryPncHistory,
  InMemoryCivilianReads,
  InMemoryVehicleReads
)

/** What the tests compare tables by: `DateTime` values as they are. */
export const civilianTables = (db: Db) =>
  Effect.all({
    civilians: db.rows<Civilian>(CIVILIANS_TABLE),
    licences: db.rows<Licence>(LICENCES_TABLE),
    endorsements: db.rows<Endorsement>(ENDORSEMENTS_TABLE),
    vehicles: db.rows<Vehicle>(VEHICLES_TABLE),
    keepers: db.rows<KeeperPeriod>(KEEPER_PERIODS_TABLE),
    events: db.rows<StoredEvent>(PNC_EVENTS_TABLE),
    records: db.rows<PncRecord>(RECORDS_TABLE),
    warrants: db.rows<Warrant>(WARRANTS_TABLE),
    markers: db.rows<Marker>(MARKERS_TABLE),
    charges: db.rows<Charge>(CHARGES_TABLE),
    settings: db.rows<CommunitySettings>(COMMUNITY_SETTINGS_TABLE)
  })
