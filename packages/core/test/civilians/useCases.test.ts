/** The civilian portal and the PNC's official changes on the in-memory ports. */
import {
  addEndorsement,
  changeVehicleStatuses,
  CivilianId,
  createCivilian,
  getOfficialCivilian,
  getOfficialLicence,
  getOwnCivilian,
  getVehicleRecord,
  issueLicence,
  LicenceId,
  Licences,
  listPncEvents,
  registerVehicle,
  removeEndorsement,
  searchVehicles,
  suspendLicence,
  transferVehicle,
  updateCivilian,
  updateLicence
} from "@bluelight/core/civilians"
import { type Account, AccountId, Accounts, type Permission, type Permitted } from "@bluelight/core/identity"
import { accessNotChecked, civilianTables, InMemoryDatabase, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Cause, DateTime, Effect, Exit, type Layer, Option } from "effect"
import { TestClock } from "effect/testing"
import { anAccount, aUserCaller } from "../identity/helpers.js"

const MEMBER: ReadonlyArray<Permission> = ["civilians.create", "civilians.manage_own"]
const OFFICER: ReadonlyArray<Permission> = ["pnc.view", "pnc.licences.manage", "pnc.vehicles.manage"]

const person = (id: string, displayName: string): Account =>
  anAccount({ id: AccountId.make(id), displayName, identity: { id: `idp-${id}`, username: id, avatar: null } })

const alice = aUserCaller(MEMBER, person("alice", "Alice"))
const bob = aUserCaller(MEMBER, person("bob", "Bob"))
const officer = aUserCaller(OFFICER, person("officer", "PC Officer"))
const manager = aUserCaller([...MEMBER, "civilians.manage"], person("manager", "Manager"))

const character = { fullName: "John Smith", dateOfBirth: "1990-05-14", gender: "MALE", address: "1 High Street" } as const

/** Today is 2026-06-15; the people above exist as accounts. */
const setUp = Effect.gen(function*() {
  yield* TestClock.setTime(DateTime.makeUnsafe("2026-06-15T12:00:00.000Z").epochMilliseconds)
  const accounts = yield* Accounts
  for (const caller of [alice, bob, officer, manager]) yield* accounts.insert(caller.account)
})

const tables = InMemoryDatabase.use(civilianTables)

/** The code of the one expected error the effect failed with, if that is how it ended. */
const failureCode = <A, E>(exit: Exit.Exit<A, E>): string | undefined => {
  if (Exit.isSuccess(exit)) return undefined
  const [only, ...others] = exit.cause.reasons
  return only !== undefined && others.length === 0 && Cause.isFailReason(only) ? (only.error as { code?: string }).code : undefined
}

/**
 * What the use cases under test need: the kit's ports, and the proofs of
 * access they require, which these tests take away unchecked
 * (`accessNotChecked`): they test the use cases' own rules, while who may
 * call each one is the contract's rule, proved by the authorization matrix.
 */
type Needs = Layer.Success<ReturnType<typeof testPorts>> | Permitted<Permission>

const run = <A, E>(effect: Effect.Effect<A, E, Needs>, options: Parameters<typeof testPorts>[0] = {}) =>
  Effect.gen(function*() {
    yield* setUp
    return yield* effect
  }).pipe(accessNotChecked, Effect.provide(testPorts(options)))

describe("the civilian portal", () => {
  it.effect("creates a character with a reference, owned by the caller", () =>
    run(Effect.gen(function*() {
      const view = yield* createCivilian(alice, character)
      expect(view.reference).toBe("CIV-000001")
      expect(view.ownerId).toBe("alice")
      expect(view.identityLocked).toBe(false)
      expect(view.licence).toBeNull()
      const second = yield* createCivilian(alice, character)
      expect(second.reference).toBe("CIV-000002")
    })))

  it.effect("another member's character is NOT_FOUND; civilians.manage sees any", () =>
    run(Effect.gen(function*() {
      const view = yield* createCivilian(alice, character)
      expect(failureCode(yield* Effect.exit(getOwnCivilian(bob, view.id)))).toBe("NOT_FOUND")
      expect(failureCode(yield* Effect.exit(issueLicence(bob, view.id, { categories: ["B"] })))).toBe("NOT_FOUND")
      expect((yield* getOwnCivilian(manager, view.id)).id).toBe(view.id)
    })))

  it.effect("issues one licence valid ten years; a second is LICENCE_EXISTS", () =>
    run(Effect.gen(function*() {
      const view = yield* createCivilian(alice, character)
      const licence = yield* issueLicence(alice, view.id, { categories: ["B", "A"] })
      expect(licence.categories).toEqual(["A", "B"])
      expect(licence.status).toBe("VALID")
      expect(licence.points).toBe(0)
      expect(DateTime.formatIso(licence.expiresAt)).toBe("2036-06-15T12:00:00.000Z")
      expect(licence.number).toMatch(/^SMITH905140J9\d[A-Z]{2}$/)
      expect(failureCode(yield* Effect.exit(issueLicence(alice, view.id, { categories: ["B"] })))).toBe("LICENCE_EXISTS")
      expect((yield* getOwnCivilian(alice, view.id)).identityLocked).toBe(true)
    })))

  it.effect("refuses under-17 and inactive holders with INVALID_INPUT", () =>
    run(Effect.gen(function*() {
      const young = yield* createCivilian(alice, { ...character, dateOfBirth: "2009-06-16" })
      expect(failureCode(yield* Effect.exit(issueLicence(alice, young.id, { categories: ["B"] })))).toBe("INVALID_INPUT")
      const seventeen = yield* createCivilian(alice, { ...character, dateOfBirth: "2009-06-15" })
      expect((yield* issueLicence(alice, seventeen.id, { categories: ["B"] })).status).toBe("VALID")
      const retired = yield* createCivilian(alice, character)
      yield* updateCivilian(alice, retired.id, { status: "INACTIVE" })
      expect(failureCode(yield* Effect.exit(issueLicence(alice, retired.id, { categories: ["B"] })))).toBe("INVALID_INPUT")
      expect(
        failureCode(yield* Effect.exit(registerVehicle(alice, retired.id, { plate: "AB12 CDE", make: "Ford", model: "Focus", colour: "Blue", type: "CAR" })))
      ).toBe("INVALID_INPUT")
    })))

  it.effect("LICENCE_NUMBER_UNAVAILABLE when every number clashes", () =>
    run(Effect.gen(function*() {
      const view = yield* createCivilian(alice, character)
      const exit = yield* Effect.exit(
        issueLicence(alice, view.id, { categories: ["B"] }).pipe(
          Effect.provideService(Licences, yield* Licences.useSync((l) => ({ ...l, insert: () => Effect.succeed(false) })))
        )
      )
      expect(failureCode(exit)).toBe("LICENCE_NUMBER_UNAVAILABLE")
    })))

  it.effect("DECEASED only with civilians.manage; identity locked for the owner once licensed", () =>
    run(Effect.gen(function*() {
      const view = yield* createCivilian(alice, character)
      expect(failureCode(yield* Effect.exit(updateCivilian(alice, view.id, { status: "DECEASED" })))).toBe("FORBIDDEN")
      expect((yield* updateCivilian(alice, view.id, { fullName: "John Smyth" })).fullName).toBe("John Smyth")
      yield* issueLicence(alice, view.id, { categories: ["B"] })
      expect(failureCode(yield* Effect.exit(updateCivilian(alice, view.id, { fullName: "Jon Smith" })))).toBe("INVALID_STATE")
      expect((yield* updateCivilian(alice, view.id, { address: "2 Low Road", notes: "secret" })).address).toBe("2 Low Road")
      expect((yield* updateCivilian(manager, view.id, { fullName: "Jon Smith", status: "DECEASED" })).status).toBe("DECEASED")
      expect(failureCode(yield* Effect.exit(updateCivilian(alice, view.id, { status: "ACTIVE" })))).toBe("FORBIDDEN")
    })))

  it.effect("plates are unique ignoring spaces, hyphens and case, except scrapped ones", () =>
    run(Effect.gen(function*() {
      const view = yield* createCivilian(alice, character)
      const car = yield* registerVehicle(alice, view.id, { plate: "ab12 cde", make: "Ford", model: "Focus", colour: "Blue", type: "CAR" })
      expect(car.plate).toBe("AB12 CDE")
      const again = { plate: "AB-12CDE", make: "Ford", model: "Fiesta", colour: "Red", type: "CAR" } as const
      expect(failureCode(yield* Effect.exit(registerVehicle(alice, view.id, again)))).toBe("PLATE_TAKEN")
      yield* changeVehicleStatuses(officer, car.id, { reason: "Scrapped", registrationStatus: "SCRAPPED" })
      yield* registerVehicle(alice, view.id, again)
      expect(failureCode(yield* Effect.exit(changeVehicleStatuses(officer, car.id, { reason: "Restored", registrationStatus: "REGISTERED" })))).toBe(
        "PLATE_TAKEN"
      )
    })))

  it.effect("transfers a vehicle to another character by reference, keeping the keeper history", () =>
    run(Effect.gen(function*() {
      const from = yield* createCivilian(alice, character)
      const to = yield* createCivilian(bob, { ...character, fullName: "Bob Jones" })
      const car = yield* registerVehicle(alice, from.id, { plate: "AB12 CDE", make: "Ford", model: "Focus", colour: "Blue", type: "CAR" })
      expect(failureCode(yield* Effect.exit(transferVehicle(alice, from.id, car.id, { toReference: "CIV-999999" })))).toBe("INVALID_INPUT")
      yield* TestClock.adjust("1 hour")
      yield* transferVehicle(alice, from.id, car.id, { toReference: to.reference.toLowerCase() })
      expect(failureCode(yield* Effect.exit(transferVehicle(alice, from.id, car.id, { toReference: to.reference })))).toBe("NOT_FOUND")
      const record = yield* getVehicleRecord(car.id)
      expect(record.keeper?.reference).toBe(to.reference)
      expect(record.keepers.map((k) => [k.civilian.reference, k.endedAt === null])).toEqual([[to.reference, true], [from.reference, false]])
      expect((yield* getOwnCivilian(bob, to.id)).vehicles.map((v) => v.id)).toEqual([car.id])
    })))
})

describe("the PNC", () => {
  const licensed = Effect.gen(function*() {
    const view = yield* createCivilian(alice, character)
    const licence = yield* issueLicence(alice, view.id, { categories: ["B"] })
    return { civilian: view, licence }
  })

  it.effect("official changes: endorsements, removal, NO_CHANGE, INVALID_EXPIRY, ENDORSEMENT_NOT_ACTIVE", () =>
    run(Effect.gen(function*() {
      const { civilian, licence } = yield* licensed
      const added = yield* addEndorsement(officer, licence.id, { code: "SP30", reason: "Speeding", points: 3 })
      expect(added.points).toBe(3)
      const endorsement = added.endorsements[0]!
      expect(DateTime.formatIso(endorsement.expiresAt!)).toBe("2029-06-15T12:00:00.000Z")
      expect(endorsement.issuedBy.displayName).toBe("PC Officer")
      const removed = yield* removeEndorsement(officer, licence.id, endorsement.id, { reason: "Appeal upheld" })
      expect(removed.points).toBe(0)
      expect(removed.endorsements[0]!.removalReason).toBe("Appeal upheld")
      expect(failureCode(yield* Effect.exit(removeEndorsement(officer, licence.id, endorsement.id, { reason: "Again" })))).toBe("ENDORSEMENT_NOT_ACTIVE")
      expect((yield* getOwnCivilian(alice, civilian.id)).licence?.endorsements).toEqual([])
      expect(failureCode(yield* Effect.exit(updateLicence(officer, licence.id, { reason: "Same", categories: ["B"] })))).toBe("NO_CHANGE")
      expect(failureCode(yield* Effect.exit(updateLicence(officer, licence.id, { reason: "Back", expiresAt: licence.issuedAt })))).toBe("INVALID_EXPIRY")
      yield* TestClock.adjust("3660 days")
      expect((yield* getOfficialCivilian(officer, civilian.id)).licence?.status).toBe("EXPIRED")
      const renewed = yield* updateLicence(officer, licence.id, { reason: "Renewal", expiresAt: DateTime.makeUnsafe("2040-01-01T00:00:00.000Z") })
      expect(renewed.status).toBe("VALID")
      const events = yield* listPncEvents(officer, { civilianId: civilian.id }, { limit: 25, offset: 0 })
      expect(events.items.map((e) => e.type)).toEqual(["LICENCE_UPDATED", "ENDORSEMENT_REMOVED", "ENDORSEMENT_ADDED", "LICENCE_ISSUED", "CIVILIAN_CREATED"])
    })))

  it.effect("suspension lapses on reading", () =>
    run(Effect.gen(function*() {
      const { licence } = yield* licensed
      const suspended = yield* suspendLicence(officer, licence.id, { reason: "Court order", until: DateTime.makeUnsafe("2026-07-01T00:00:00.000Z") })
      expect(suspended.status).toBe("SUSPENDED")
      yield* TestClock.adjust("30 days")
      expect((yield* getOfficialLicence(licence.id)).status).toBe("VALID")
      expect((yield* getOfficialLicence(licence.id)).suspendedUntil).not.toBeNull()
      // Stored as it was: the lapse is worked out when read.
      const stored = yield* Licences.use((l) => l.findByIdForUpdate(LicenceId.make(licence.id)))
      expect(Option.map(stored, (l) => l.status)).toEqual(Option.some("SUSPENDED"))
    })))

  it.effect("the official view shows the owner only to civilians.manage and never the notes", () =>
    run(Effect.gen(function*() {
      const view = yield* createCivilian(alice, { ...character, notes: "private" })
      const official = yield* getOfficialCivilian(officer, view.id)
      expect("owner" in official).toBe(false)
      expect("notes" in official).toBe(false)
      expect((yield* getOfficialCivilian(manager, view.id)).owner).toEqual({ id: "alice", displayName: "Alice" })
      expect(failureCode(yield* Effect.exit(getOfficialCivilian(officer, CivilianId.make("nobody"))))).toBe("NOT_FOUND")
    })))

  it.effect("vehicle search by plate fragment or make words, ordered by plate", () =>
    run(Effect.gen(function*() {
      const view = yield* createCivilian(alice, character)
      for (const plate of ["ZZ99 ZZZ", "AB12 CDE", "AB13 XYZ"]) {
        yield* registerVehicle(alice, view.id, { plate, make: "Ford", model: plate.startsWith("Z") ? "Transit" : "Focus", colour: "Blue", type: "CAR" })
      }
      const page = { limit: 25, offset: 0 }
      expect((yield* searchVehicles("b-12c", page)).items.map((v) => v.plate)).toEqual(["AB12 CDE"])
      expect((yield* searchVehicles("ford foc", page)).items.map((v) => v.plate)).toEqual(["AB12 CDE", "AB13 XYZ"])
      expect((yield* searchVehicles("transit", page)).items[0]!.keeper?.reference).toBe(view.reference)
    })))
})

describe("the PNC history names a character's owner only to civilians.manage", () => {
  const page = { limit: 25, offset: 0 }
  const car = { plate: "AB12 CDE", make: "Ford", model: "Focus", colour: "Blue", type: "CAR" } as const
  const aliceShown = { id: "alice", displayName: "Alice" }
  const bobShown = { id: "bob", displayName: "Bob" }

  it.effect("every change a member makes to their character; officers' and managers' changes keep their actor", () =>
    run(Effect.gen(function*() {
      const mine = yield* createCivilian(alice, character)
      yield* updateCivilian(alice, mine.id, { address: "2 Low Road" })
      yield* updateCivilian(alice, mine.id, { status: "INACTIVE" })
      yield* updateCivilian(alice, mine.id, { status: "ACTIVE" })
      const licence = yield* issueLicence(alice, mine.id, { categories: ["B"] })
      const vehicle = yield* registerVehicle(alice, mine.id, car)
      const theirs = yield* createCivilian(bob, { ...character, fullName: "Bob Jones" })
      yield* transferVehicle(alice, mine.id, vehicle.id, { toReference: theirs.reference })
      yield* suspendLicence(officer, licence.id, { reason: "Court order" })
      yield* changeVehicleStatuses(officer, vehicle.id, { reason: "Lapsed", taxStatus: "UNTAXED" })
      yield* updateCivilian(manager, theirs.id, { status: "DECEASED" })

      const actors = (entries: { readonly items: ReadonlyArray<{ readonly type: string; readonly actor: unknown }> }) =>
        entries.items.map((e) => [e.type, e.actor])
      const officerShown = { id: "officer", displayName: "PC Officer" }
      const managerShown = { id: "manager", displayName: "Manager" }
      const owner = { owner: true }
      expect(actors(yield* listPncEvents(officer, { civilianId: mine.id }, page))).toEqual([
        ["LICENCE_SUSPENDED", officerShown],
        ["VEHICLE_REGISTERED", owner],
        ["LICENCE_ISSUED", owner],
        ["CIVILIAN_UPDATED", owner],
        ["CIVILIAN_UPDATED", owner],
        ["CIVILIAN_UPDATED", owner],
        ["CIVILIAN_CREATED", owner]
      ])
      // The transfer is filed under the new keeper: its actor is the old keeper's owner, never named.
      expect(actors(yield* listPncEvents(officer, { civilianId: theirs.id }, page))).toEqual([
        ["CIVILIAN_UPDATED", managerShown],
        ["VEHICLE_STATUS_CHANGED", officerShown],
        ["KEEPER_CHANGED", owner],
        ["CIVILIAN_CREATED", owner]
      ])
      expect(actors(yield* listPncEvents(officer, { vehicleId: vehicle.id }, page))).toEqual([
        ["VEHICLE_STATUS_CHANGED", officerShown],
        ["KEEPER_CHANGED", owner],
        ["VEHICLE_REGISTERED", owner]
      ])
      const everything = yield* listPncEvents(officer, {}, page)
      expect(everything.items).toHaveLength(11)
      const text = JSON.stringify(everything.items)
      for (const named of ["\"alice\"", "\"bob\"", "\"Alice\"", "\"Bob\""]) expect(text).not.toContain(named)

      // civilians.manage sees who acted, the same entries otherwise.
      const managed = yield* listPncEvents(manager, {}, page)
      expect(managed.items.map((e) => e.actor)).toEqual([
        managerShown,
        officerShown,
        officerShown,
        aliceShown,
        bobShown,
        aliceShown,
        aliceShown,
        aliceShown,
        aliceShown,
        aliceShown,
        aliceShown
      ])
      expect(managed.items.map((e) => e.data)).toEqual(everything.items.map((e) => e.data))
    })))

  it.effect("a new character's entry carries no owner id in its data", () =>
    run(Effect.gen(function*() {
      const mine = yield* createCivilian(alice, character)
      const [created] = (yield* listPncEvents(manager, { civilianId: mine.id }, page)).items
      expect(created?.data).toEqual({ reference: mine.reference, fullName: character.fullName })
    })))
})

describe("a change and its history and audit entries commit together", () => {
  const cases: ReadonlyArray<[string, (ids: { civilianId: CivilianId }) => Effect.Effect<unknown, unknown, Needs>]> = [
    ["createCivilian", () => createCivilian(alice, character)],
    ["issueLicence", ({ civilianId }) => issueLicence(alice, civilianId, { categories: ["B"] })],
    [
      "registerVehicle",
      ({ civilianId }) => registerVehicle(alice, civilianId, { plate: "AB12 CDE", make: "Ford", model: "Focus", colour: "Blue", type: "CAR" })
    ],
    ["updateCivilian", ({ civilianId }) => updateCivilian(alice, civilianId, { address: "Elsewhere" })]
  ]
  for (const [name, change] of cases) {
    it.effect(`${name} leaves every table as it was`, () =>
      Effect.gen(function*() {
        yield* setUp
        const db = yield* InMemoryDatabase
        // A character written straight to the tables (its own audit entry is not under test).
        const civilianId = CivilianId.make("c1")
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
          createdAt: yield* DateTime.now,
          updatedAt: yield* DateTime.now
        })
        const before = yield* tables
        const exit = yield* Effect.exit(change({ civilianId }))
        expect(Exit.isFailure(exit)).toBe(true)
        expect(yield* tables).toEqual(before)
      }).pipe(accessNotChecked, Effect.provide(testPorts({ auditLog: "failing" }))))
  }
})
