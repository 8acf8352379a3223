/** Records, warrants and markers on the in-memory ports, with a controllable clock. */
import {
  CivilianId,
  clearMarker,
  closeRecord,
  closeWarrant,
  createCivilian,
  createMarker,
  createRecord,
  getOfficialCivilian,
  getOfficialLicence,
  getOwnCivilian,
  getVehicleRecord,
  issueLicence,
  issueWarrant,
  listCivilianRecords,
  listMarkers,
  listPncEvents,
  listWarrants,
  registerVehicle,
  searchVehicles,
  VehicleId,
  voidRecord
} from "@bluelight/core/civilians"
import { type Account, AccountId, Accounts, type Permission, type Permitted } from "@bluelight/core/identity"
import { accessNotChecked, civilianTables, InMemoryDatabase, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Cause, DateTime, type Duration, Effect, Exit, type Layer } from "effect"
import { TestClock } from "effect/testing"
import { anAccount, aUserCaller } from "../identity/helpers.js"

const MEMBER: ReadonlyArray<Permission> = ["civilians.create", "civilians.manage_own"]
const OFFICER: ReadonlyArray<Permission> = ["pnc.view", "pnc.records.manage", "pnc.warrants.manage", "pnc.markers.manage"]

const person = (id: string, displayName: string): Account =>
  anAccount({ id: AccountId.make(id), displayName, identity: { id: `idp-${id}`, username: id, avatar: null } })
const alice = aUserCaller(MEMBER, person("alice", "Alice"))
const officer = aUserCaller(OFFICER, person("officer", "PC Officer"))

const character = { fullName: "John Smith", dateOfBirth: "1990-05-14", gender: "MALE", address: "1 High Street" } as const
const car = { plate: "AB12 CDE", make: "Ford", model: "Focus", colour: "Blue", type: "CAR" } as const
const page = { limit: 25, offset: 0 }
const TODAY = DateTime.makeUnsafe("2026-06-15T12:00:00.000Z")
const later = (duration: Duration.Input) => DateTime.addDuration(TODAY, duration)

/**
 * What the use cases under test need: the kit's ports, and the proofs of
 * access they require, which these tests take away unchecked
 * (`accessNotChecked`): they test the use cases' own rules, while who may
 * call each one is the contract's rule, proved by the authorization matrix.
 */
type Needs = Layer.Success<ReturnType<typeof testPorts>> | Permitted<Permission>

/** The code of the one expected error the effect failed with, if that is how it ended. */
const failureCode = <A, E>(exit: Exit.Exit<A, E>): string | undefined => {
  if (Exit.isSuccess(exit)) return undefined
  const [only, ...others] = exit.cause.reasons
  return only !== undefined && others.length === 0 && Cause.isFailReason(only) ? (only.error as { code?: string }).code : undefined
}

/** Today is 2026-06-15; Alice has a character with a car. */
const world = Effect.gen(function*() {
  yield* TestClock.setTime(TODAY.epochMilliseconds)
  const accounts = yield* Accounts
  for (const caller of [alice, officer]) yield* accounts.insert(caller.account)
  const civilian = yield* createCivilian(alice, character)
  const vehicle = yield* registerVehicle(alice, civilian.id, car)
  return { civilianId: civilian.id, vehicleId: vehicle.id }
})

const run = <A, E>(
  body: (ids: { civilianId: CivilianId; vehicleId: VehicleId }) => Effect.Effect<A, E, Needs>,
  options: Parameters<typeof testPorts>[0] = {}
) => Effect.flatMap(world, body).pipe(accessNotChecked, Effect.provide(testPorts(options)))

const citation = (civilianId: CivilianId, more: Partial<Parameters<typeof createRecord>[1]> = {}) => ({
  civilianId,
  type: "CITATION" as const,
  title: "Speeding",
  description: "48 in a 30 zone",
  location: "High Street",
  occurredAt: later("-1 hour"),
  ...more
})

describe("records", () => {
  it.effect("with points against a licence holder: an endorsement linked to the record, three years", () =>
    run(({ civilianId, vehicleId }) =>
      Effect.gen(function*() {
        const licence = yield* issueLicence(alice, civilianId, { categories: ["B"] })
        const record = yield* createRecord(officer, citation(civilianId, { points: 3, fineAmount: 100, vehicleId, endorsementCode: "SP30" }))
        expect(record.reference).toBe("REC-000001")
        expect(record.status).toBe("OPEN")
        expect(record.disclosed).toBe(true)
        expect(record.recordedBy).toEqual({ id: "officer", displayName: "PC Officer" })
        expect(record.vehicle).toEqual({ id: vehicleId, plate: "AB12 CDE" })
        expect(record.endorsement?.code).toBe("SP30")
        const official = yield* getOfficialLicence(licence.id)
        expect(official.points).toBe(3)
        expect(official.endorsements[0]!.record).toEqual({ id: record.id, reference: "REC-000001" })
        expect(official.endorsements[0]!.expiresAt).toEqual(DateTime.add(TODAY, { years: 3 }))
        const types = (yield* listPncEvents(officer, { civilianId }, page)).items.map((e) => e.type)
        expect(types.slice(0, 2)).toEqual(["ENDORSEMENT_ADDED", "RECORD_CREATED"])
      })
    ))

  it.effect("with points and no licence: the record is kept, nothing is endorsed; identity locks", () =>
    run(({ civilianId }) =>
      Effect.gen(function*() {
        expect((yield* getOwnCivilian(alice, civilianId)).identityLocked).toBe(false)
        const record = yield* createRecord(officer, citation(civilianId, { points: 3 }))
        expect(record.endorsement).toBeNull()
        expect(record.points).toBe(3)
        expect((yield* getOwnCivilian(alice, civilianId)).identityLocked).toBe(true)
        expect((yield* getOfficialCivilian(officer, civilianId)).counts).toEqual({ records: 1, warrants: 0, markers: 0 })
      })
    ))

  it.effect("the owner sees disclosed records only, never who recorded them", () =>
    run(({ civilianId }) =>
      Effect.gen(function*() {
        const shown = yield* createRecord(officer, citation(civilianId))
        yield* createRecord(officer, { ...citation(civilianId), type: "INTELLIGENCE", title: "Seen with known dealers" })
        yield* createRecord(officer, citation(civilianId, { disclosed: false, title: "Kept back" }))
        const own = yield* getOwnCivilian(alice, civilianId)
        expect(own.records.map((r) => r.id)).toEqual([shown.id])
        expect(Object.keys(own.records[0]!).sort()).toEqual(
          ["description", "fineAmount", "id", "location", "occurredAt", "points", "reference", "status", "title", "type", "vehicle"]
        )
        expect((yield* listCivilianRecords(civilianId, page)).items).toHaveLength(3)
        expect((yield* getOfficialCivilian(officer, civilianId)).counts.records).toBe(3)
      })
    ))

  it.effect("close or void once; voiding takes off the endorsement", () =>
    run(({ civilianId }) =>
      Effect.gen(function*() {
        const licence = yield* issueLicence(alice, civilianId, { categories: ["B"] })
        const closed = yield* createRecord(officer, citation(civilianId))
        expect((yield* closeRecord(officer, closed.id, { reason: "Fine paid" })).status).toBe("CLOSED")
        expect(failureCode(yield* Effect.exit(voidRecord(officer, closed.id, { reason: "Too late" })))).toBe("INVALID_STATE")
        const voided = yield* createRecord(officer, citation(civilianId, { points: 6 }))
        expect((yield* getOfficialLicence(licence.id)).points).toBe(6)
        const after = yield* voidRecord(officer, voided.id, { reason: "Wrong person" })
        expect(after.status).toBe("VOID")
        expect(after.closedBy?.id).toBe("officer")
        expect(after.closeReason).toBe("Wrong person")
        expect((yield* getOfficialLicence(licence.id)).points).toBe(0)
        expect(failureCode(yield* Effect.exit(closeRecord(officer, voided.id, { reason: "Again" })))).toBe("INVALID_STATE")
      })
    ))

  it.effect("refuses an occurrence in the future, a code without points, unknown people and vehicles", () =>
    run(({ civilianId }) =>
      Effect.gen(function*() {
        expect(failureCode(yield* Effect.exit(createRecord(officer, citation(civilianId, { occurredAt: later("1 second") }))))).toBe("INVALID_INPUT")
        expect(failureCode(yield* Effect.exit(createRecord(officer, citation(civilianId, { endorsementCode: "SP30" }))))).toBe("INVALID_INPUT")
        expect(failureCode(yield* Effect.exit(createRecord(officer, citation(CivilianId.make("nobody")))))).toBe("NOT_FOUND")
        expect(failureCode(yield* Effect.exit(createRecord(officer, citation(civilianId, { vehicleId: VehicleId.make("none") }))))).toBe("NOT_FOUND")
        expect(failureCode(yield* Effect.exit(listCivilianRecords(CivilianId.make("nobody"), page)))).toBe("NOT_FOUND")
      })
    ))
})

describe("warrants", () => {
  it.effect("active until closed once; a second close is WARRANT_NOT_ACTIVE", () =>
    run(({ civilianId }) =>
      Effect.gen(function*() {
        const warrant = yield* issueWarrant(officer, { civilianId, reason: "Failed to appear" })
        expect(warrant.reference).toBe("WAR-000001")
        expect(warrant.status).toBe("ACTIVE")
        expect((yield* getOfficialCivilian(officer, civilianId)).warrants.map((w) => w.id)).toEqual([warrant.id])
        const closed = yield* closeWarrant(officer, warrant.id, { outcome: "EXECUTED", note: "Arrested" })
        expect(closed.status).toBe("EXECUTED")
        expect(closed.closedBy?.displayName).toBe("PC Officer")
        expect(failureCode(yield* Effect.exit(closeWarrant(officer, warrant.id, { outcome: "WITHDRAWN", note: "Again" })))).toBe("WARRANT_NOT_ACTIVE")
        const view = yield* getOfficialCivilian(officer, civilianId)
        expect(view.warrants).toEqual([])
        expect(view.counts.warrants).toBe(1)
      })
    ))

  it.effect("reads EXPIRED once time passes its expiry, and cannot then be closed", () =>
    run(({ civilianId, vehicleId }) =>
      Effect.gen(function*() {
        const warrant = yield* issueWarrant(officer, { civilianId, reason: "Failed to appear", expiresAt: later("1 hour") })
        expect((yield* getVehicleRecord(vehicleId)).keeper?.alerts.warrants).toBe(1)
        yield* TestClock.adjust("1 hour")
        expect((yield* listWarrants({ status: "EXPIRED" }, page)).items.map((w) => w.id)).toEqual([warrant.id])
        expect((yield* listWarrants({ status: "ACTIVE" }, page)).items).toEqual([])
        expect((yield* getOfficialCivilian(officer, civilianId)).warrants).toEqual([])
        expect((yield* getVehicleRecord(vehicleId)).keeper?.alerts.warrants).toBe(0)
        expect(failureCode(yield* Effect.exit(closeWarrant(officer, warrant.id, { outcome: "EXECUTED", note: "Late" })))).toBe("WARRANT_NOT_ACTIVE")
      })
    ))

  it.effect("an expiry in the past or now is INVALID_INPUT; an unknown person NOT_FOUND", () =>
    run(({ civilianId }) =>
      Effect.gen(function*() {
        expect(failureCode(yield* Effect.exit(issueWarrant(officer, { civilianId, reason: "Late", expiresAt: TODAY })))).toBe("INVALID_INPUT")
        expect(failureCode(yield* Effect.exit(issueWarrant(officer, { civilianId: CivilianId.make("nobody"), reason: "Late" })))).toBe("NOT_FOUND")
      })
    ))
})

describe("markers", () => {
  it.effect("a stolen-vehicle marker makes the vehicle stolen until cleared once", () =>
    run(({ civilianId, vehicleId }) =>
      Effect.gen(function*() {
        const marker = yield* createMarker(officer, { type: "STOLEN_VEHICLE", vehicleId, reason: "Reported stolen" })
        expect(marker.reference).toBe("MRK-000001")
        expect(marker.vehicle).toEqual({ id: vehicleId, plate: "AB12 CDE" })
        expect(marker.civilian).toBeNull()
        const record = yield* getVehicleRecord(vehicleId)
        expect(record.stolen).toBe(true)
        expect(record.alerts.markers).toBe(1)
        expect(record.markers.map((m) => m.id)).toEqual([marker.id])
        expect(record.counts).toEqual({ records: 0, markers: 1 })
        expect((yield* searchVehicles("AB12", page)).items[0]!.stolen).toBe(true)
        expect((yield* getOfficialCivilian(officer, civilianId)).vehicles[0]!.stolen).toBe(true)
        const cleared = yield* clearMarker(officer, marker.id, { reason: "Recovered" })
        expect(cleared.active).toBe(false)
        expect(cleared.clearReason).toBe("Recovered")
        expect(failureCode(yield* Effect.exit(clearMarker(officer, marker.id, { reason: "Again" })))).toBe("MARKER_NOT_ACTIVE")
        const after = yield* getVehicleRecord(vehicleId)
        expect(after.stolen).toBe(false)
        expect(after.markers).toEqual([])
        expect(after.counts).toEqual({ records: 0, markers: 1 })
      })
    ))

  it.effect("a person's marker shows on their record and the keeper's alerts until it expires", () =>
    run(({ civilianId, vehicleId }) =>
      Effect.gen(function*() {
        const marker = yield* createMarker(officer, { type: "OFFICER_SAFETY", civilianId, reason: "Violent towards officers", expiresAt: later("2 hours") })
        expect((yield* getOfficialCivilian(officer, civilianId)).markers.map((m) => m.id)).toEqual([marker.id])
        expect((yield* getVehicleRecord(vehicleId)).keeper?.alerts.markers).toBe(1)
        expect((yield* getOwnCivilian(alice, civilianId)).identityLocked).toBe(true)
        yield* TestClock.adjust("2 hours")
        expect((yield* getOfficialCivilian(officer, civilianId)).markers).toEqual([])
        expect((yield* getVehicleRecord(vehicleId)).keeper?.alerts.markers).toBe(0)
        expect((yield* listMarkers({ active: true }, page)).items).toEqual([])
        expect((yield* listMarkers({ active: false }, page)).items.map((m) => m.active)).toEqual([false])
        expect(failureCode(yield* Effect.exit(clearMarker(officer, marker.id, { reason: "Expired" })))).toBe("MARKER_NOT_ACTIVE")
      })
    ))

  it.effect("a vehicle type without a vehicle, a person type without a person, a past expiry: INVALID_INPUT", () =>
    run(({ civilianId, vehicleId }) =>
      Effect.gen(function*() {
        expect(failureCode(yield* Effect.exit(createMarker(officer, { type: "STOLEN_VEHICLE", civilianId, reason: "Stolen" })))).toBe("INVALID_INPUT")
        expect(failureCode(yield* Effect.exit(createMarker(officer, { type: "WANTED", vehicleId, reason: "Wanted" })))).toBe("INVALID_INPUT")
        expect(failureCode(yield* Effect.exit(createMarker(officer, { type: "GENERAL", reason: "Nothing" })))).toBe("INVALID_INPUT")
        expect(failureCode(yield* Effect.exit(createMarker(officer, { type: "WANTED", civilianId, reason: "Wanted", expiresAt: later("-1 second") })))).toBe(
          "INVALID_INPUT"
        )
        expect(failureCode(yield* Effect.exit(createMarker(officer, { type: "VEHICLE_BOLO", vehicleId: VehicleId.make("none"), reason: "Look" })))).toBe(
          "NOT_FOUND"
        )
      })
    ))
})

describe("a change and its history and audit entries commit together", () => {
  const tables = InMemoryDatabase.use(civilianTables)
  const cases: ReadonlyArray<[string, (ids: { civilianId: CivilianId; vehicleId: VehicleId }) => Effect.Effect<unknown, unknown, Needs>]> = [
    ["createRecord", ({ civilianId }) => createRecord(officer, citation(civilianId, { points: 3 }))],
    ["issueWarrant", ({ civilianId }) => issueWarrant(officer, { civilianId, reason: "Failed to appear" })],
    ["createMarker", ({ vehicleId }) => createMarker(officer, { type: "STOLEN_VEHICLE", vehicleId, reason: "Stolen" })]
  ]
  for (const [name, change] of cases) {
    it.effect(`${name} leaves every table as it was when the audit entry fails`, () =>
      Effect.gen(function*() {
        yield* TestClock.setTime(TODAY.epochMilliseconds)
        const db = yield* InMemoryDatabase
        const civilianId = CivilianId.make("c1")
        const vehicleId = VehicleId.make("v1")
        const now = yield* DateTime.now
        yield* db.insert("civilians", {
          id: civilianId,
          reference: "CIV-000001",
          ownerId: alice.account.id,
          ...character,
          phone: null,
          occupation: null,
          imageUrl: null,
          notes: null,
          status: "ACTIVE",
          createdAt: now,
          updatedAt: now
        })
        yield* db.insert("licences", {
          id: "l1",
          civilianId,
          number: "SMITH901140J99AB",
          categories: ["B"],
          status: "VALID",
          suspendedUntil: null,
          suspensionReason: null,
          issuedAt: now,
          expiresAt: DateTime.add(now, { years: 10 }),
          updatedAt: now
        })
        yield* db.insert("vehicles", {
          id: vehicleId,
          ...car,
          registrationStatus: "REGISTERED",
          insuranceStatus: "INSURED",
          motStatus: "VALID",
          taxStatus: "TAXED",
          keeperId: civilianId,
          keeperSince: now,
          createdAt: now,
          updatedAt: now
        })
        const before = yield* tables
        const exit = yield* Effect.exit(change({ civilianId, vehicleId }))
        expect(Exit.isFailure(exit)).toBe(true)
        expect(yield* tables).toEqual(before)
      }).pipe(accessNotChecked, Effect.provide(testPorts({ auditLog: "failing" }))))
  }
})
