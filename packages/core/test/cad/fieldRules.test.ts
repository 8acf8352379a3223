/** CAD's field rules hold in the core: a use case called directly (no contract in front) refuses what the API refuses. */
import {
  addCrew,
  CallCloseReason,
  CallFields,
  createIncident,
  createUnit,
  listCadEvents,
  receiveCall,
  Unit,
  UnitFields,
  Units,
  updateUnit
} from "@bluelight/core/cad"
import { AccountId } from "@bluelight/core/identity"
import { InvalidInput } from "@bluelight/core/kernel"
import { testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { control, PAGE, unitInput } from "./world.js"

/** The use case's refusal, when it is `INVALID_INPUT`. */
const refusal = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.flip(effect).pipe(Effect.map((error) => (error instanceof InvalidInput ? error : undefined)))

describe("CAD field rules in the core", () => {
  it.effect("an over-long callsign is refused, with the field and the API's message, and nothing is written", () =>
    Effect.gen(function*() {
      const refused = yield* refusal(createUnit(control, { ...unitInput, callsign: "X".repeat(33) }))
      expect(refused?.details).toEqual([{ path: ["callsign"], message: "must be at most 32 characters" }])
      expect((yield* Units.use((units) => units.list(PAGE))).items).toEqual([])
      expect((yield* listCadEvents({}, PAGE)).items).toEqual([])
    }).pipe(Effect.provide(testPorts())))

  it.effect("every broken field of an edit is reported; a callsign of 32 characters, padded, is trimmed and kept", () =>
    Effect.gen(function*() {
      const unit = yield* createUnit(control, { ...unitInput, callsign: `  ${"A".repeat(32)} ` })
      expect(unit.callsign).toBe("A".repeat(32))
      const refused = yield* refusal(updateUnit(control, unit.id, { ...unitInput, callsign: "MP\n1", agencyCode: "" }, unit.version))
      expect(refused?.details).toEqual([
        { path: ["callsign"], message: "must be one line, without control characters" },
        { path: ["agencyCode"], message: "must not be blank" }
      ])
    }).pipe(Effect.provide(testPorts())))

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
    }).pipe(Effect.provide(testPorts())))

  it.effect("a crew identifier over 64 characters is refused before anything is looked up", () =>
    Effect.gen(function*() {
      const unit = yield* createUnit(control, unitInput)
      const refused = yield* refusal(addCrew(control, unit.id, { userId: AccountId.make("nobody"), identifier: "9".repeat(65) }))
      expect(refused?.details).toEqual([{ path: ["identifier"], message: "must be at most 64 characters" }])
    }).pipe(Effect.provide(testPorts())))

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
})
