import {
  changeVehicleStatuses,
  clearMarker,
  closeRecord,
  closeWarrant,
  createCivilian,
  createMarker,
  createRecord,
  issueLicence,
  issueWarrant,
  registerVehicle,
  reinstateLicence,
  removeEndorsement,
  revokeLicence,
  searchCivilians,
  searchVehicles,
  suspendLicence,
  transferVehicle,
  updateLicence,
  voidRecord
} from "@bluelight/core/civilians"
import type { EndorsementId, LicenceCategory, WarrantOutcome } from "@bluelight/core/civilians"
import { type Account, AccountId, Accounts, type Permission, type Permitted } from "@bluelight/core/identity"
import { accessNotChecked, civilianTables, InMemoryDatabase, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Cause, DateTime, Effect, Exit, type Layer } from "effect"
import { TestClock } from "effect/testing"
import { anAccount, aUserCaller } from "../identity/helpers.js"

/**
 * The PNC's official changes (warrants, markers, records, licence and vehicle
 * statuses) hold their command to the field rules when called directly, not
 * only behind the contract: an over-the-bound or hostile field is
 * INVALID_INPUT at its path, and no table is written.
 */

const MEMBER: ReadonlyArray<Permission> = ["civilians.create", "civilians.manage_own"]
const OFFICER: ReadonlyArray<Permission> = ["pnc.view", "pnc.licences.manage", "pnc.vehicles.manage"]
const person = (id: string, displayName: string): Account =>
  anAccount({ id: AccountId.make(id), displayName, identity: { id: `idp-${id}`, username: id, avatar: null } })
const alice = aUserCaller(MEMBER, person("alice", "Alice"))
const officer = aUserCaller(OFFICER, person("officer", "PC Officer"))

const character = { fullName: "John Smith", dateOfBirth: "1990-05-14", gender: "MALE", address: "1 High Street" } as const
const car = { plate: "AB12 CDE", make: "Ford", model: "Focus", colour: "Blue", type: "CAR" } as const
const OCCURRED = DateTime.makeUnsafe("2026-06-14T20:00:00.000Z")

/**
 * What the use cases under test need: the kit's ports, and the proofs of
 * access they require, which these tests take away unchecked
 * (`accessNotChecked`): they test the use cases' own rules, while who may
 * call each one is the contract's rule, proved by the authorization matrix.
 */
type Needs = Layer.Success<ReturnType<typeof testPorts>> | Permitted<Permission>

const tables = InMemoryDatabase.use(civilianTables)

/** Today is 2026-06-15; Alice's character keeps a car and holds a licence. */
const run = <A, E>(body: (world: World) => Effect.Effect<A, E, Needs>) =>
  Effect.gen(function*() {
    yield* TestClock.setTime(DateTime.makeUnsafe("2026-06-15T12:00:00.000Z").epochMilliseconds)
    yield* Accounts.use((accounts) => Effect.forEach([alice, officer], (caller) => accounts.insert(caller.account)))
    const civilian = yield* createCivilian(alice, character)
    const vehicle = yield* registerVehicle(alice, civilian.id, car)
    const licence = yield* issueLicence(alice, civilian.id, { categories: ["B"] })
    return yield* body({ civilian, vehicle, licence })
  }).pipe(accessNotChecked, Effect.provide(testPorts()))

type World = {
  readonly civilian: Effect.Success<ReturnType<typeof createCivilian>>
  readonly vehicle: Effect.Success<ReturnType<typeof registerVehicle>>
  readonly licence: Effect.Success<ReturnType<typeof issueLicence>>
}

/** The one expected error the effect failed with: its code and its problems. */
const refusal = <A, E>(exit: Exit.Exit<A, E>) => {
  if (Exit.isSuccess(exit)) return undefined
  const [only, ...others] = exit.cause.reasons
  if (only === undefined || others.length > 0 || !Cause.isFailReason(only)) return undefined
  const error = only.error as { code?: string; details?: ReadonlyArray<{ path: ReadonlyArray<string>; message: string }> }
  return { code: error.code, details: error.details }
}

/** Runs the command, expects it refused with these problems, and no table changed. */
const refusedUnwritten = <A, E>(command: Effect.Effect<A, E, Needs>, details: ReadonlyArray<{ path: ReadonlyArray<string>; message: string }>) =>
  Effect.gen(function*() {
    const before = yield* tables
    const exit = yield* Effect.exit(command)
    expect(refusal(exit)).toEqual({ code: "INVALID_INPUT", details })
    expect(yield* tables).toEqual(before)
  })

const tooLong = (max: number) => ({ message: `must be at most ${max} characters` })
const tooShort = (min: number) => ({ message: `must be at least ${min} characters` })
const blank = { message: "must not be blank" }
const oneLine = { message: "must be one line, without control characters" }

describe("warrants hold their command to the field rules", () => {
  it.effect("an over-long reason or details is refused at its field; a valid warrant is issued, trimmed", () =>
    run(({ civilian }) =>
      Effect.gen(function*() {
        yield* refusedUnwritten(issueWarrant(officer, { civilianId: civilian.id, reason: "R".repeat(501), details: "d".repeat(2001) }), [
          { path: ["reason"], ...tooLong(500) },
          { path: ["details"], ...tooLong(2000) }
        ])
        const warrant = yield* issueWarrant(officer, { civilianId: civilian.id, reason: "  Failed to appear  ", details: null })
        expect([warrant.reason, warrant.details]).toEqual(["Failed to appear", null])
      })
    ))

  it.effect("a closing note on two lines, or an outcome not in the list, is refused; the warrant stays active", () =>
    run(({ civilian }) =>
      Effect.gen(function*() {
        const warrant = yield* issueWarrant(officer, { civilianId: civilian.id, reason: "Failed to appear" })
        const refused = yield* Effect.exit(closeWarrant(officer, warrant.id, { outcome: "ARRESTED" as WarrantOutcome, note: "Found\nat home" }))
        expect(refusal(refused)?.code).toBe("INVALID_INPUT")
        expect(refusal(refused)?.details?.map((problem) => problem.path)).toEqual([["outcome"], ["note"]])
        yield* refusedUnwritten(closeWarrant(officer, warrant.id, { outcome: "EXECUTED", note: "Found\nat home" }), [{ path: ["note"], ...oneLine }])
        const closed = yield* closeWarrant(officer, warrant.id, { outcome: "EXECUTED", note: "Arrested at home" })
        expect(closed.status).toBe("EXECUTED")
      })
    ))
})

describe("markers hold their command to the field rules", () => {
  it.effect("a reason of blanks is refused at reason, before the target is read; a valid marker is set", () =>
    run(({ vehicle }) =>
      Effect.gen(function*() {
        yield* refusedUnwritten(createMarker(officer, { type: "STOLEN_VEHICLE", vehicleId: vehicle.id, reason: "   " }), [
          { path: ["reason"], ...blank }
        ])
        const marker = yield* createMarker(officer, { type: "STOLEN_VEHICLE", vehicleId: vehicle.id, reason: "Reported stolen", details: "Keys taken" })
        expect([marker.reason, marker.details]).toEqual(["Reported stolen", "Keys taken"])
      })
    ))

  it.effect("clearing with an over-long reason is refused; the marker stays active", () =>
    run(({ vehicle }) =>
      Effect.gen(function*() {
        const marker = yield* createMarker(officer, { type: "STOLEN_VEHICLE", vehicleId: vehicle.id, reason: "Reported stolen" })
        yield* refusedUnwritten(clearMarker(officer, marker.id, { reason: "x".repeat(501) }), [{ path: ["reason"], ...tooLong(500) }])
        expect((yield* clearMarker(officer, marker.id, { reason: "Vehicle recovered" })).active).toBe(false)
      })
    ))
})

describe("records hold their command to the field rules", () => {
  const record = { type: "CITATION", title: "Speeding", description: "38 in a 30 zone", location: "High Street", occurredAt: OCCURRED } as const

  it.effect("an over-long title, a fine in part pence and 13 points are each refused at their field; nothing is recorded or endorsed", () =>
    run(({ civilian }) =>
      Effect.gen(function*() {
        yield* refusedUnwritten(createRecord(officer, { ...record, civilianId: civilian.id, title: "T".repeat(121), fineAmount: 10.005, points: 13 }), [
          { path: ["title"], ...tooLong(120) },
          { path: ["fineAmount"], message: "must be an amount from 0 to 1000000 with at most two decimal places" },
          { path: ["points"], message: "points must be an integer from 0 to 12" }
        ])
        yield* refusedUnwritten(createRecord(officer, { ...record, civilianId: civilian.id, points: 3, endorsementCode: "sp30" }), [
          { path: ["endorsementCode"], message: "must be upper-case letters and digits, such as SP30" }
        ])
        const made = yield* createRecord(officer, { ...record, civilianId: civilian.id, title: "  Speeding  ", points: 3, endorsementCode: "SP30" })
        expect([made.title, made.points]).toEqual(["Speeding", 3])
      })
    ))

  it.effect("closing or voiding with a hostile reason is refused; the record stays open", () =>
    run(({ civilian }) =>
      Effect.gen(function*() {
        const made = yield* createRecord(officer, { ...record, civilianId: civilian.id })
        yield* refusedUnwritten(closeRecord(officer, made.id, { reason: "Paid\u0000" }), [
          { path: ["reason"], message: "must not contain NUL characters or unpaired surrogates" }
        ])
        yield* refusedUnwritten(voidRecord(officer, made.id, { reason: "no" }), [{ path: ["reason"], ...tooShort(3) }])
        expect((yield* voidRecord(officer, made.id, { reason: "Wrong person" })).status).toBe("VOID")
      })
    ))
})

describe("licence and vehicle changes hold their command to the field rules", () => {
  it.effect("each licence change with a bad reason is refused at reason; the licence is untouched", () =>
    run(({ licence }) =>
      Effect.gen(function*() {
        const long = { reason: "r".repeat(501) }
        yield* refusedUnwritten(suspendLicence(officer, licence.id, long), [{ path: ["reason"], ...tooLong(500) }])
        yield* refusedUnwritten(revokeLicence(officer, licence.id, { reason: "Two\nlines" }), [{ path: ["reason"], ...oneLine }])
        yield* refusedUnwritten(updateLicence(officer, licence.id, { reason: "ok", categories: ["B", "B"] }), [
          { path: ["reason"], ...tooShort(3) },
          { path: ["categories"], message: "must not name a category twice" }
        ])
        yield* revokeLicence(officer, licence.id, { reason: "Disqualified" })
        yield* refusedUnwritten(reinstateLicence(officer, licence.id, { reason: "" }), [{ path: ["reason"], ...blank }])
        const endorsementId = "e1" as EndorsementId
        yield* refusedUnwritten(removeEndorsement(officer, licence.id, endorsementId, long), [{ path: ["reason"], ...tooLong(500) }])
        expect((yield* reinstateLicence(officer, licence.id, { reason: "  Served  " })).status).toBe("VALID")
      })
    ))

  it.effect("a licence applied for with no category, or a vehicle passed to no reference, is refused", () =>
    run(({ civilian, vehicle }) =>
      Effect.gen(function*() {
        const other = yield* createCivilian(alice, { ...character, fullName: "Jane Smith" })
        yield* refusedUnwritten(issueLicence(alice, other.id, { categories: [] as ReadonlyArray<LicenceCategory> }), [
          { path: ["categories"], message: "at least one category" }
        ])
        yield* refusedUnwritten(transferVehicle(alice, civilian.id, vehicle.id, { toReference: "CIV\n000002" }), [{ path: ["toReference"], ...oneLine }])
        const moved = yield* transferVehicle(alice, civilian.id, vehicle.id, { toReference: ` ${other.reference} ` })
        expect(moved.plate).toBe("AB12 CDE")
      })
    ))

  it.effect("a status change with an over-long reason is refused at reason; the vehicle keeps its statuses", () =>
    run(({ vehicle }) =>
      Effect.gen(function*() {
        yield* refusedUnwritten(changeVehicleStatuses(officer, vehicle.id, { reason: "x".repeat(501), taxStatus: "UNTAXED" }), [
          { path: ["reason"], ...tooLong(500) }
        ])
        const changed = yield* changeVehicleStatuses(officer, vehicle.id, { reason: "  Tax lapsed  ", taxStatus: "UNTAXED" })
        expect(changed.taxStatus).toBe("UNTAXED")
      })
    ))
})

describe("PNC searches hold their text to the field rules", () => {
  const page = { limit: 25, offset: 0 }
  const hidden = { message: "must not contain invisible or direction-control characters" }

  it.effect("a search past 100 characters, blank or hostile is refused at search; 100 characters is searched, and none is everyone", () =>
    run(({ civilian, vehicle }) =>
      Effect.gen(function*() {
        // Each search as the number of hits it finds, so that both run through one loop.
        const searches = [
          (text: string) => Effect.map(searchCivilians(text, page), (found) => found.items.length),
          (text: string) => Effect.map(searchVehicles(text, page), (found) => found.items.length)
        ]
        for (const search of searches) {
          yield* refusedUnwritten(search("s".repeat(101)), [{ path: ["search"], ...tooLong(100) }])
          yield* refusedUnwritten(search("   "), [{ path: ["search"], ...blank }])
          yield* refusedUnwritten(search("\u202eDCBA"), [{ path: ["search"], ...hidden }])
          yield* refusedUnwritten(search("Smith\nJohn"), [{ path: ["search"], ...oneLine }])
          expect(yield* search("s".repeat(100))).toBe(0)
        }
        expect((yield* searchCivilians(" smith ", page)).items.map((hit) => hit.id)).toEqual([civilian.id])
        expect((yield* searchCivilians("", page)).items.map((hit) => hit.id)).toEqual([civilian.id])
        expect((yield* searchVehicles(" ab12 ", page)).items.map((hit) => hit.id)).toEqual([vehicle.id])
      })
    ))
})
