import { describe, expect, it } from "vitest"
import { boardOf } from "../../src/control/board.js"
import { incidentChanges, unitChanges, versionFor } from "../../src/control/intents.js"
import { controlAllows } from "../../src/control/permissions.js"
import { checkIncident } from "../../src/control/validate.js"
import { incident, unit } from "./fixtures.js"

describe("a move kept as an intent", () => {
  it("writes with the version on the board when it runs", () => {
    const board = boardOf({
      incidents: [incident({ id: "i1", number: 1, version: 4 })],
      units: [unit({ id: "u1", callsign: "MP-1", version: 7 })],
      calls: [],
      entries: [],
      seq: 0
    })
    expect(versionFor(board, { kind: "assign", unitId: "u1" as never, incidentId: "i1" as never })).toBe(7)
    expect(versionFor(board, { kind: "closeIncident", incidentId: "i1" as never })).toBe(4)
    expect(versionFor(board, { kind: "status", unitId: "gone" as never, status: "BUSY" })).toBeUndefined()
  })

  it("says what changed in the record since it was read", () => {
    expect(unitChanges(unit({ id: "u1", callsign: "MP-1" }), unit({ id: "u1", callsign: "MP-1", status: "BUSY", version: 2 }))).toEqual([
      { field: "status", before: "AVAILABLE", after: "BUSY" }
    ])
    expect(incidentChanges(incident({ id: "i1", number: 1 }), incident({ id: "i1", number: 1, location: "Pier", version: 2 }))).toEqual([
      { field: "location", before: "Legion Square", after: "Pier" }
    ])
  })
})

describe("what the board lets a person do", () => {
  it("follows the API's permission keys", () => {
    expect(controlAllows(["cad.view", "cad.dispatch"])).toEqual({
      dispatch: true,
      createIncident: false,
      manageIncidents: false,
      manageUnits: false,
      manageCalls: false
    })
    expect(controlAllows(["cad.dispatch"]).dispatch).toBe(false)
  })
})

describe("a form checked by the API's rules", () => {
  it("names the fields the API would refuse, with its words", () => {
    const failure = checkIncident({ type: "X", priority: "IMMEDIATE", location: "   ", description: "", controlNotes: "" })
    expect(failure?.problems.map((problem) => problem.path)).toEqual([["type"], ["location"]])
    expect(checkIncident({ type: "RTC", priority: "IMMEDIATE", location: "A1", description: "", controlNotes: "" })).toBeNull()
    expect(checkIncident({ type: "RTC", priority: "SOON", location: "A1", description: "", controlNotes: "" })?.problems[0]?.path).toEqual(["priority"])
  })
})
