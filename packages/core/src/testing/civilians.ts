import { type Context, DateTime, Effect, Layer, Option, Ref } from "effect"
import type { Account } from "../identity/Account.js"
import type { AccountId } from "../identity/ids.js"
import { type Civilian, civilianReference } from "../civilians/Civilian.js"
import type { CivilianId, EndorsementId, LicenceId, VehicleId } from "../civilians/ids.js"
import type { Endorsement, Licence } from "../civilians/Licence.js"
import type { NewPncEvent, PncEvent } from "../civilians/PncEvent.js"
import { CivilianFiles, Civilians, Licences, PncHistory, VehicleFiles, Vehicles } from "../civilians/ports.js"
import { holdsPlate, type KeeperPeriod, plateKey, type Vehicle } from "../civilians/Vehicle.js"
import type { CivilianFile, CivilianRef, LicenceFile, Person, VehicleRecordFile, VehicleSummaryFile } from "../civilians/views.js"
import { type Page, toPage } from "../kernel/paging.js"
import { ACCOUNTS_TABLE } from "./identity.js"
import { InMemoryDatabase } from "./InMemoryDatabase.js"

export const CIVILIANS_TABLE = "civilians"
export const LICENCES_TABLE = "licences"
export const ENDORSEMENTS_TABLE = "endorsements"
export const VEHICLES_TABLE = "vehicles"
export const KEEPER_PERIODS_TABLE = "vehicle_keepers"
export const PNC_EVENTS_TABLE = "pnc_events"

type Db = Context.Tag.Service<typeof InMemoryDatabase>

/** Code-unit order, as Postgres's "C" collation orders ASCII text. */
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

const pageOf = <A>(sorted: ReadonlyArray<A>, page: Page) => toPage(sorted.slice(page.offset, page.offset + page.limit + 1), page)

const findIn = <A>(db: Db, table: string, predicate: (row: A) => boolean) =>
  Effect.map(db.rows<A>(table), (rows) => Option.fromNullable(rows.find(predicate)))

const replaceIn = <A extends { readonly id: string }>(db: Db, table: string, row: A) =>
  db.update<A>(table, (rows) => rows.map((stored) => (stored.id === row.id ? row : stored)))

/** Inserts `row` unless a stored row clashes with it, in one table update; answers whether it did. */
const insertUnless = <A>(db: Db, table: string, row: A, clashes: (other: A) => boolean) =>
  Effect.suspend(() => {
    let inserted = false
    return Effect.map(db.update<A>(table, (rows) => {
      inserted = !rows.some(clashes)
      return inserted ? [...rows, row] : rows
    }), () => inserted)
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
      findByReferenceForShare: (reference: string) =>
        findIn<Civilian>(db, CIVILIANS_TABLE, (c) => c.reference.toUpperCase() === reference.toUpperCase()),
      update: (civilian: Civilian) => replaceIn(db, CIVILIANS_TABLE, civilian)
    }
  })
)

export const InMemoryLicences = Layer.effect(
  Licences,
  Effect.map(InMemoryDatabase, (db) => ({
    findByIdForUpdate: (id: LicenceId) => findIn<Licence>(db, LICENCES_TABLE, (l) => l.id === id),
    findByCivilianId: (civilianId: CivilianId) => findIn<Licence>(db, LICENCES_TABLE, (l) => l.civilianId === civilianId),
    insert: (licence: Licence) =>
      insertUnless<Licence>(db, LICENCES_TABLE, licence, (other) => other.number === licence.number || other.civilianId === licence.civilianId),
    update: (licence: Licence) => replaceIn(db, LICENCES_TABLE, licence),
    insertEndorsement: (endorsement: Endorsement) => db.insert(ENDORSEMENTS_TABLE, endorsement),
    findEndorsementForUpdate: (licenceId: LicenceId, id: EndorsementId) =>
      findIn<Endorsement>(db, ENDORSEMENTS_TABLE, (e) => e.id === id && e.licenceId === licenceId),
    updateEndorsement: (endorsement: Endorsement) => replaceIn(db, ENDORSEMENTS_TABLE, endorsement)
  }))
)

const plateClash = (vehicle: Vehicle) => (other: Vehicle) =>
  other.id !== vehicle.id && holdsPlate(vehicle) && holdsPlate(other) && plateKey(other.plate) === plateKey(vehicle.plate)

export const InMemoryVehicles = Layer.effect(
  Vehicles,
  Effect.map(InMemoryDatabase, (db) => ({
    findByIdForUpdate: (id: VehicleId) => findIn<Vehicle>(db, VEHICLES_TABLE, (v) => v.id === id),
    insert: (vehicle: Vehicle) =>
      Effect.flatMap(insertUnless<Vehicle>(db, VEHICLES_TABLE, vehicle, plateClash(vehicle)), (inserted) =>
        inserted && vehicle.keeperId !== null && vehicle.keeperSince !== null
          ? Effect.as(
            db.insert<KeeperPeriod>(KEEPER_PERIODS_TABLE, { vehicleId: vehicle.id, civilianId: vehicle.keeperId, startedAt: vehicle.keeperSince, endedAt: null }),
            true
          )
          : Effect.succeed(inserted)),
    update: (vehicle: Vehicle) =>
      Effect.flatMap(db.rows<Vehicle>(VEHICLES_TABLE), (rows) =>
        rows.some(plateClash(vehicle)) ? Effect.succeed(false) : Effect.as(replaceIn(db, VEHICLES_TABLE, vehicle), true)),
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

interface StoredEvent extends NewPncEvent {
  readonly seq: number
}

const personOf = (accounts: ReadonlyArray<Account>, id: AccountId | string): Person => ({
  id: id as AccountId,
  displayName: accounts.find((account) => account.id === id)?.displayName ?? ""
})

export const InMemoryPncHistory = Layer.effect(
  PncHistory,
  Effect.map(InMemoryDatabase, (db) => ({
    record: (event: NewPncEvent) =>
      db.update<StoredEvent>(PNC_EVENTS_TABLE, (rows) => [...rows, { ...event, seq: rows.length + 1 }]),
    list: (filter: { readonly civilianId?: CivilianId | undefined; readonly vehicleId?: VehicleId | undefined }, page: Page) =>
      Effect.gen(function*() {
        const accounts = yield* db.rows<Account>(ACCOUNTS_TABLE)
        const rows = yield* db.rows<StoredEvent>(PNC_EVENTS_TABLE)
        const matching = rows
          .filter((e) => (filter.civilianId === undefined || e.civilianId === filter.civilianId) && (filter.vehicleId === undefined || e.vehicleId === filter.vehicleId))
          .sort((a, b) => b.seq - a.seq)
          .map((e): PncEvent => ({
            id: e.id,
            seq: e.seq,
            type: e.type,
            at: e.at,
            actor: e.actor.type === "user" ? personOf(accounts, e.actor.id) : { serviceId: e.actor.id },
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
    keepers: db.rows<KeeperPeriod>(KEEPER_PERIODS_TABLE)
  })
type Loaded = Effect.Effect.Success<ReturnType<typeof loadAll>>

const refOf = (civilian: Civilian): CivilianRef => ({ id: civilian.id, reference: civilian.reference, fullName: civilian.fullName })

const licenceFileIn = (all: Loaded, licence: Licence): LicenceFile => ({
  licence,
  endorsements: all.endorsements
    .filter((e) => e.licenceId === licence.id)
    .sort((a, b) => a.createdAt.epochMillis - b.createdAt.epochMillis || compareText(a.id, b.id))
    .map((endorsement) => ({
      endorsement,
      issuedBy: personOf(all.accounts, endorsement.issuedBy),
      removedBy: endorsement.removedBy === null ? null : personOf(all.accounts, endorsement.removedBy),
      record: null
    }))
})

const summaryIn = (all: Loaded, vehicle: Vehicle): VehicleSummaryFile => {
  const keeper = all.civilians.find((c) => c.id === vehicle.keeperId)
  return { vehicle, keeper: keeper === undefined ? null : refOf(keeper), markers: 0, stolen: false }
}

const byPlate = (a: Vehicle, b: Vehicle) => compareText(a.plate, b.plate) || compareText(a.id, b.id)

const fileIn = (all: Loaded, civilian: Civilian): CivilianFile => {
  const licence = all.licences.find((l) => l.civilianId === civilian.id)
  return {
    civilian,
    owner: personOf(all.accounts, civilian.ownerId),
    licence: licence === undefined ? null : licenceFileIn(all, licence),
    vehicles: all.vehicles
      .filter((v) => v.keeperId === civilian.id)
      .sort(byPlate)
      .map((vehicle) => ({ ...summaryIn(all, vehicle), keeperSince: vehicle.keeperSince ?? vehicle.createdAt })),
    markers: [],
    warrants: [],
    disclosedRecords: [],
    counts: { records: 0, warrants: 0, markers: 0 }
  }
}

export const InMemoryCivilianFiles = Layer.effect(
  CivilianFiles,
  Effect.map(InMemoryDatabase, (db) => ({
    findById: (id: CivilianId) =>
      Effect.map(loadAll(db), (all) => Option.map(Option.fromNullable(all.civilians.find((c) => c.id === id)), (c) => fileIn(all, c))),
    listByOwner: (ownerId: AccountId, page: Page) =>
      Effect.map(loadAll(db), (all) =>
        pageOf(
          all.civilians
            .filter((c) => c.ownerId === ownerId)
            .sort((a, b) => b.createdAt.epochMillis - a.createdAt.epochMillis || compareText(b.id, a.id))
            .map((c) => fileIn(all, c)),
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
      Effect.map(loadAll(db), (all) => Option.map(Option.fromNullable(all.licences.find((l) => l.id === id)), (l) => licenceFileIn(all, l)))
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

export const InMemoryVehicleFiles = Layer.effect(
  VehicleFiles,
  Effect.map(InMemoryDatabase, (db) => ({
    search: (search: string, page: Page) =>
      Effect.map(loadAll(db), (all) =>
        pageOf(all.vehicles.filter((v) => search.trim() === "" || vehicleMatches(v, search)).sort(byPlate).map((v) => summaryIn(all, v)), page)),
    findById: (id: VehicleId) =>
      Effect.map(loadAll(db), (all) =>
        Option.map(Option.fromNullable(all.vehicles.find((v) => v.id === id)), (vehicle): VehicleRecordFile => {
          const keeper = all.civilians.find((c) => c.id === vehicle.keeperId)
          const licence = keeper === undefined ? undefined : all.licences.find((l) => l.civilianId === keeper.id)
          return {
            ...summaryIn(all, vehicle),
            keeperFile: keeper === undefined ? null : {
              civilian: keeper,
              licence: licence ?? null,
              alerts: { markers: 0, warrants: 0 },
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
            activeMarkers: [],
            counts: { records: 0, markers: 0 }
          }
        }))
  }))
)

/** Every civilian repository and read model over the in-memory tables. */
export const InMemoryCivilianRepositories = Layer.mergeAll(
  InMemoryCivilians,
  InMemoryLicences,
  InMemoryVehicles,
  InMemoryPncHistory,
  InMemoryCivilianFiles,
  InMemoryVehicleFiles
)

/** What the tests compare tables by: `DateTime` values as they are. */
export const civilianTables = (db: Db) =>
  Effect.all({
    civilians: db.rows<Civilian>(CIVILIANS_TABLE),
    licences: db.rows<Licence>(LICENCES_TABLE),
    endorsements: db.rows<Endorsement>(ENDORSEMENTS_TABLE),
    vehicles: db.rows<Vehicle>(VEHICLES_TABLE),
    keepers: db.rows<KeeperPeriod>(KEEPER_PERIODS_TABLE),
    events: db.rows<StoredEvent>(PNC_EVENTS_TABLE)
  })

