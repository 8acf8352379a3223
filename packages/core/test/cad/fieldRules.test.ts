/** CAD's field rules hold in the core: a use case called directly (no contract in front) refuses what the API refuses. */
import {
  addCrew,
  assignUnit,
  CallCloseReason,
  CallFields,
  Calls,
  closeCall,
  createIncident,
  createUnit,
  listCadEvents,
  listEligibleCrew,
  type MdtUnitStatus,
  receiveCall,
  RecordVersion,
  setMyUnitStatus,
  setUnitStatus,
  Unit,
  UnitFields,
  Units,
  type UnitStatus,
  updateIncident,
  updateUnit
} from "@bluelight/core/cad"
import { AccountId } from "@bluelight/core/identity"
import { InvalidInput } from "@bluelight/core/kernel"
import { accessNotChecked, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option, Schema } from "effect"
import { control, incidentInput, PAGE, seedPerson, unitInput } from "./world.js"

/** The use case's refusal, when it is `INVALID_INPUT`. */
const refusal = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.flip(effect).pipe(Effect.map((error) => (error instanceof InvalidInput ? error : undefined)))

/** The CAD history's entry types, oldest first. */
const history = Effect.map(listCadEvents({}, PAGE), (page) => page.items.map((event) => event.type))

const DIRECTION_OVERRIDE = "must not contain invisible or direction-control characters"
const CONTROL_CHARACTER = "must be one line, without control characters"

describe("CAD field rules in the core", () => {
  it.effect("an over-long callsign is refused, with the field and the API's message, and nothing is written", () =>
    Effect.gen(function*() {
      const refused = yield* refusal(createUnit(control, { ...unitInput, callsign: "X".repeat(33) }))
      expect(refused?.details).toEqual([{ path: ["callsign"], message: "must be at most 32 characters" }])
      expect((yield* Units.use((units) => units.list(PAGE))).items).toEqual([])
      expect((yield* listCadEvents({}, PAGE)).items).toEqual([])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("every broken field of an edit is reported; a callsign of 32 characters, padded, is trimmed and kept", () =>
    Effect.gen(function*() {
      const unit = yield* createUnit(control, { ...unitInput, callsign: `  ${"A".repeat(32)} ` })
      expect(unit.callsign).toBe("A".repeat(32))
      const refused = yield* refusal(updateUnit(control, unit.id, { ...unitInput, callsign: "MP\n1", agencyCode: "" }, unit.version))
      expect(refused?.details).toEqual([
        { path: ["callsign"], message: "must be one line, without control characters" },
        { path: ["agencyCode"], message: "must not be blank" }
      ])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("an incident's and a call's fields are held to their rules too", () =>
    Effect.gen(function*() {
      const incident = yield* refusal(createIncident(control, {
        type: "X",
        priority: "IMMEDIATE",
        location: "A1 J4",
        description: "",
        controlNotes: "\u202eevil"
      }))
      expect(incident?.details).toEqual([
        { path: ["type"], message: "must be at least 2 characters" },
        { path: ["controlNotes"], message: "must not contain invisible or direction-control characters" }
      ])
      const call = yield* refusal(receiveCall(control, { callerName: "Ann", callerNumber: "", location: "High St", description: "Fire" }))
      expect(call?.details).toEqual([{ path: ["callerNumber"], message: "must not be blank" }])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a crew identifier over 64 characters is refused before anything is looked up", () =>
    Effect.gen(function*() {
      const unit = yield* createUnit(control, unitInput)
      const refused = yield* refusal(addCrew(control, unit.id, { userId: AccountId.make("nobody"), identifier: "9".repeat(65) }))
      expect(refused?.details).toEqual([{ path: ["identifier"], message: "must be at most 64 characters" }])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it("the fields carry the rules; a stored record from before them is still read as it is", () => {
    expect(Schema.decodeUnknownExit(UnitFields)({ ...unitInput, callsign: "X".repeat(33) })._tag).toBe("Failure")
    expect(Schema.decodeUnknownExit(CallFields)({ callerName: "Ann", callerNumber: null, location: "High St", description: " " })._tag).toBe("Failure")
    expect(Schema.decodeUnknownExit(CallCloseReason)("no")._tag).toBe("Failure")
    const stored = {
      id: "u1",
      callsign: "MP\u200b1",
      agencyCode: "MET",
      type: "RESPONSE",
      status: "OFF_DUTY",
      incidentId: null,
      version: 1,
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z"
    }
    expect(Schema.decodeUnknownExit(Unit)(stored)._tag).toBe("Success")
    expect(Schema.decodeUnknownExit(UnitFields)(stored)._tag).toBe("Failure")
  })

  it.effect("a closing reason is held to its rule: past 500 characters or hostile is refused and the call stays waiting; 500 is kept", () =>
    Effect.gen(function*() {
      const call = yield* receiveCall(control, { callerName: "Jo", callerNumber: null, location: "Park", description: "Fight" })
      const cases = [
        ["X".repeat(501), "must be at most 500 characters"],
        ["no", "must be at least 3 characters"],
        ["\u202eetacilpud", DIRECTION_OVERRIDE],
        ["Duplicate\u0007", CONTROL_CHARACTER]
      ] as const
      for (const [reason, message] of cases) {
        const refused = yield* refusal(closeCall(control, call.id, reason))
        expect(refused?.details).toEqual([{ path: ["reason"], message }])
      }
      expect(Option.getOrNull(yield* Calls.use((calls) => calls.findById(call.id)))?.status).toBe("WAITING")
      expect(yield* history).toEqual(["CALL_RECEIVED"])
      const closed = yield* closeCall(control, call.id, ` ${"R".repeat(500)} `)
      expect(closed).toMatchObject({ status: "CLOSED", closeReason: "R".repeat(500) })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a crew search is held to its rule: past 100 characters or hostile is refused; 100 is searched", () =>
    Effect.gen(function*() {
      yield* seedPerson("alice")
      expect((yield* refusal(listEligibleCrew("a".repeat(101), PAGE)))?.details).toEqual([{ path: ["search"], message: "must be at most 100 characters" }])
      expect((yield* refusal(listEligibleCrew("\u202eecila", PAGE)))?.details).toEqual([{ path: ["search"], message: DIRECTION_OVERRIDE }])
      expect((yield* listEligibleCrew("a".repeat(100), PAGE)).items).toEqual([])
      expect((yield* listEligibleCrew(" LIC ", PAGE)).items.map((user) => user.displayName)).toEqual(["alice"])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a status outside the rules is refused before anything moves: an unknown one from Control, ASSIGNED from the crew", () =>
    Effect.gen(function*() {
      const alice = yield* seedPerson("alice")
      const incident = yield* createIncident(control, incidentInput)
      const unit = yield* createUnit(control, unitInput)
      const crewed = yield* addCrew(control, unit.id, { userId: alice.account.id, identifier: "1234" })
      const unknown = yield* refusal(setUnitStatus(control, unit.id, "ASLEEP" as unknown as UnitStatus, crewed.version))
      expect(unknown?.details).toEqual([{ path: ["status"], message: "must be one of: OFF_DUTY, AVAILABLE, ASSIGNED, EN_ROUTE, ON_SCENE, BUSY, UNAVAILABLE" }])
      const assigned = yield* assignUnit(control, incident.id, unit.id, crewed.version)
      const moved = yield* setMyUnitStatus(alice, "EN_ROUTE", assigned.version)
      const before = yield* history
      const crewAssigning = yield* refusal(setMyUnitStatus(alice, "ASSIGNED" as unknown as MdtUnitStatus, moved.unit?.version ?? 0))
      expect(crewAssigning?.details).toEqual([{ path: ["status"], message: "must be one of: AVAILABLE, EN_ROUTE, ON_SCENE, BUSY, UNAVAILABLE" }])
      expect(yield* history).toEqual(before)
      expect(Option.getOrNull(yield* Units.use((units) => units.findById(unit.id)))?.status).toBe("EN_ROUTE")
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a version no record could have (0, negative, fractional, past the bound) is refused as input, not a conflict; nothing is recorded", () =>
    Effect.gen(function*() {
      const incident = yield* createIncident(control, incidentInput)
      const unit = yield* createUnit(control, unitInput)
      const before = yield* history
      for (const version of [0, -1, 1.5, 2_147_483_648]) {
        const edit = yield* refusal(updateIncident(control, incident.id, { ...incidentInput, location: "A1 J5" }, version))
        expect(edit?.details).toEqual([{ path: ["version"], message: expect.any(String) }])
        expect((yield* refusal(assignUnit(control, incident.id, unit.id, version)))?.details?.map((problem) => problem.path)).toEqual([["version"]])
      }
      expect(yield* history).toEqual(before)
      expect(Schema.decodeUnknownExit(RecordVersion)(2_147_483_647)._tag).toBe("Success")
      const edited = yield* updateIncident(control, incident.id, { ...incidentInput, location: "A1 J5" }, incident.version)
      expect(edited).toMatchObject({ location: "A1 J5", version: 2 })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})
