import { describe, expect, it } from "vitest"
import { applyEntry } from "../../src/control/applyEntry.js"
import { boardOf, sortedCalls, sortedIncidents, sortedUnits, statusMoves } from "../../src/control/board.js"
import { at, call, entry, incident, unit } from "./fixtures.js"

const board = (over: Partial<Parameters<typeof boardOf>[0]> = {}) => boardOf({ incidents: [], units: [], calls: [], entries: [], seq: 10, ...over })

describe("the board's order", () => {
  it("lists incidents by priority, then by number", () => {
    const b = board({
      incidents: [
        incident({ id: "i1", number: 7, priority: "SCHEDULED" }),
        incident({ id: "i2", number: 9, priority: "IMMEDIATE" }),
        incident({ id: "i3", number: 3, priority: "IMMEDIATE" }),
        incident({ id: "i4", number: 1, priority: "RESOLUTION" })
      ]
    })
    expect(sortedIncidents(b.incidents).map((i) => i.number)).toEqual([3, 9, 7, 1])
  })

  it("lists units by callsign, numbers in order", () => {
    const b = board({ units: [unit({ id: "u1", callsign: "MP-10" }), unit({ id: "u2", callsign: "mp-2" }), unit({ id: "u3", callsign: "AB-1" })] })
    expect(sortedUnits(b.units).map((u) => u.callsign)).toEqual(["AB-1", "mp-2", "MP-10"])
  })

  it("lists waiting calls oldest first, and keeps only waiting ones", () => {
    const b = board({
      calls: [
        call({ id: "c1", createdAt: at("2026-12-01T20:05:00.000Z") }),
        call({ id: "c2", createdAt: at("2026-12-01T20:01:00.000Z") }),
        call({ id: "c3", status: "ATTACHED" })
      ]
    })
    expect(sortedCalls(b.calls).map((c) => c.id)).toEqual(["c2", "c1"])
  })

  it("offers the status moves the API allows", () => {
    expect(statusMoves({ status: "OFF_DUTY", incidentId: null })).toEqual([])
    expect(statusMoves({ status: "AVAILABLE", incidentId: null })).toEqual(["BUSY", "UNAVAILABLE"])
    expect(statusMoves({ status: "ASSIGNED", incidentId: "i1" as never })).toEqual(["EN_ROUTE", "ON_SCENE"])
  })
})

describe("an entry applied to the board", () => {
  it("adds a created incident, and logs the entry newest first", () => {
    const b = board({ entries: [entry(10, { type: "INCIDENT_CLOSED", data: { number: 1 } }, { incidentId: "old" })] })
    const { board: next, stale } = applyEntry(
      b,
      entry(11, {
        type: "INCIDENT_CREATED",
        data: { number: 4, type: "RTC", priority: "IMMEDIATE", location: "A1", description: "", controlNotes: "" }
      }, { incidentId: "i4" })
    )
    expect(next.incidents.get("i4" as never)).toMatchObject({ number: 4, type: "RTC", version: 1, status: "OPEN" })
    expect(next.log.map((e) => e.seq)).toEqual([11, 10])
    expect(next.seq).toBe(11)
    expect(stale).toEqual([])
  })

  it("changes only the record it names: the others stay the same objects", () => {
    const b = board({ units: [unit({ id: "u1", callsign: "MP-1" }), unit({ id: "u2", callsign: "MP-2" })] })
    const { board: next, stale } = applyEntry(
      b,
      entry(11, {
        type: "UNIT_STATUS_CHANGED",
        data: { callsign: "MP-1", from: "AVAILABLE", to: "BUSY", by: "CREW" }
      }, { unitId: "u1" })
    )
    expect(next.units.get("u1" as never)?.status).toBe("BUSY")
    expect(next.units.get("u2" as never)).toBe(b.units.get("u2" as never))
    expect(next.incidents).toBe(b.incidents)
    expect(stale).toEqual([{ kind: "unit", id: "u1" }])
  })

  it("assigns and clears a unit", () => {
    const b = board({ units: [unit({ id: "u1", callsign: "MP-1" })], incidents: [incident({ id: "i1", number: 1 })] })
    const assigned = applyEntry(
      b,
      entry(11, {
        type: "UNIT_ASSIGNED",
        data: { callsign: "MP-1", incidentNumber: 1, from: "AVAILABLE", to: "ASSIGNED" }
      }, { unitId: "u1", incidentId: "i1" })
    ).board
    expect(assigned.units.get("u1" as never)).toMatchObject({ status: "ASSIGNED", incidentId: "i1" })
    const cleared = applyEntry(
      assigned,
      entry(
        12,
        {
          type: "UNIT_CLEARED",
          data: { callsign: "MP-1", incidentNumber: 1, reason: "CLEARED", from: "ASSIGNED", to: "AVAILABLE" }
        },
        { unitId: "u1", incidentId: "i1" },
        "2026-12-01T21:00:01.000Z"
      )
    ).board
    expect(cleared.units.get("u1" as never)).toMatchObject({ status: "AVAILABLE", incidentId: null })
  })

  it("never moves a record back past what was read of it later (an answer, a refetch)", () => {
    const b = board({ units: [unit({ id: "u1", callsign: "MP-1", status: "BUSY", updatedAt: at("2026-12-01T21:00:05.000Z") })] })
    const { board: next, stale } = applyEntry(
      b,
      entry(11, {
        type: "UNIT_STATUS_CHANGED",
        data: { callsign: "MP-1", from: "BUSY", to: "AVAILABLE", by: "CONTROL" }
      }, { unitId: "u1" })
    )
    expect(next.units.get("u1" as never)?.status).toBe("BUSY")
    expect(stale).toEqual([])
  })

  it("ignores an entry it has applied already", () => {
    const b = board()
    const replay = entry(9, { type: "INCIDENT_CLOSED", data: { number: 1 } }, { incidentId: "i1" })
    expect(applyEntry(b, replay).board).toBe(b)
  })

  it("takes a closed incident off the board, and an attached or closed call off the waiting list", () => {
    const b = board({ incidents: [incident({ id: "i1", number: 1 })], calls: [call({ id: "c1" }), call({ id: "c2" })] })
    let next = applyEntry(b, entry(11, { type: "INCIDENT_CLOSED", data: { number: 1 } }, { incidentId: "i1" })).board
    next = applyEntry(next, entry(12, { type: "CALL_ATTACHED", data: { incidentNumber: 2 } }, { callId: "c1", incidentId: "i2" })).board
    next = applyEntry(next, entry(13, { type: "CALL_CLOSED", data: { reason: "Hoax", from: "WAITING" } }, { callId: "c2" })).board
    expect(next.incidents.size).toBe(0)
    expect(next.calls.size).toBe(0)
  })

  it("adds a game's emergency call as such, with its caller and location", () => {
    const next = applyEntry(
      board(),
      entry(11, {
        type: "CALL_RECEIVED",
        data: { callerName: "Sam", callerNumber: null, location: "Pier", description: "Help", source: "GAME", gameCallNumber: 42, team: "Civilian" }
      }, { callId: "c9" })
    ).board
    expect(next.calls.get("c9" as never)).toMatchObject({ source: "GAME", gameCallNumber: 42, callerName: "Sam", location: "Pier", status: "WAITING" })
  })

  it("raises a panic once, naming its unit, incident and location", () => {
    const panic = entry(11, {
      type: "PANIC_RAISED",
      data: { callsign: "MP-1", incidentNumber: 5, location: "Legion Square", text: "shots fired", platformId: "p1" }
    }, { unitId: "u1", incidentId: "i5" })
    const next = applyEntry(board(), panic).board
    expect(next.panics).toEqual([{
      seq: 11,
      unitId: "u1",
      incidentId: "i5",
      callsign: "MP-1",
      incidentNumber: 5,
      location: "Legion Square",
      text: "shots fired"
    }])
  })

  it("removes a crew member who left, and reads the unit again for one who joined", () => {
    const member = {
      id: "m1",
      unitId: "u1",
      userId: "a1",
      identifier: "4521",
      joinedAt: at("2026-12-01T20:00:00.000Z"),
      leftAt: null,
      user: { id: "a1", displayName: "Olly Officer", identity: null, platform: null, staff: null }
    } as unknown as ReturnType<typeof unit>["crew"][number]
    const b = board({ units: [unit({ id: "u1", callsign: "MP-1", crew: [member] })] })
    const left = applyEntry(
      b,
      entry(11, { type: "CREW_LEFT", data: { callsign: "MP-1", crewId: "m1" as never, userId: "a1" as never, identifier: "4521" } }, { unitId: "u1" })
    )
    expect(left.board.units.get("u1" as never)?.crew).toEqual([])
    const joined = applyEntry(
      b,
      entry(11, { type: "CREW_JOINED", data: { callsign: "MP-1", crewId: "m2" as never, userId: "a2" as never, identifier: "1" } }, { unitId: "u1" })
    )
    expect(joined.stale).toEqual([{ kind: "unit", id: "u1" }])
  })
})
