/** CAD use cases on the in-memory ports: history and audit with every change, rollback with a failing audit log. */
import {
  addCrew,
  assignUnit,
  bookOff,
  bookOn,
  closeIncident,
  createIncident,
  createUnit,
  listCadEvents,
  listEligibleCrew,
  myMdt,
  receiveCall,
  attachCall,
  closeCall,
  removeCrew,
  setMyUnitStatus,
  setUnitStatus,
  updateIncident,
  updateUnit,
  clearUnit,
  type Incident,
  IncidentId,
  Incidents,
  type Unit,
  UnitId,
  Units
} from "@bluelight/core/cad"
import { AccountId } from "@bluelight/core/identity"
import { accessNotChecked, AUDIT_TABLE, CAD_EVENTS_TABLE, InMemoryDatabase, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit } from "effect"
import { control, EPOCH, incidentInput, PAGE, seedPerson, unitInput } from "./world.js"

const types = Effect.map(listCadEvents({}, PAGE), (page) => page.items.map((event) => event.type))

/** The one reason of a failed exit, when it has exactly one. */
const onlyReason = <A, E>(exit: Exit.Exit<A, E>): Cause.Reason<E> | undefined => {
  if (Exit.isSuccess(exit)) return undefined
  const [only, ...others] = exit.cause.reasons
  return others.length === 0 ? only : undefined
}

const failureCode = <A, E extends { readonly code: string }, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.map(Effect.exit(effect), (exit) => {
    const reason = onlyReason(exit)
    return reason !== undefined && Cause.isFailReason(reason) ? reason.error.code : "no failure"
  })

describe("CAD use cases", () => {
  it.effect("a shift's life: create, crew, assign, move, close; every change in history and audit", () =>
    Effect.gen(function*() {
      const alice = yield* seedPerson("alice")
      const incident = yield* createIncident(control, incidentInput)
      expect(incident).toMatchObject({ number: 1, status: "OPEN", version: 1 })
      const unit = yield* createUnit(control, unitInput)
      expect(unit).toMatchObject({ status: "OFF_DUTY", version: 1, crew: [] })
      const crewed = yield* addCrew(control, unit.id, { userId: alice.account.id, identifier: "1234" })
      expect(crewed.status).toBe("AVAILABLE")
      expect(crewed.crew.map((member) => member.user.displayName)).toEqual(["alice"])
      const assigned = yield* assignUnit(control, incident.id, unit.id, crewed.version)
      expect(assigned).toMatchObject({ status: "ASSIGNED", incidentId: incident.id, incident: { id: incident.id } })
      const mdt = yield* setMyUnitStatus(alice, "EN_ROUTE", assigned.version)
      expect(mdt.unit?.status).toBe("EN_ROUTE")
      expect(mdt.incident?.id).toBe(incident.id)
      yield* closeIncident(control, incident.id, incident.version)
      const after = yield* myMdt(alice)
      expect(after.unit).toMatchObject({ status: "AVAILABLE", incidentId: null })
      expect(yield* types).toEqual([
        "INCIDENT_CREATED",
        "UNIT_CREATED",
        "CREW_JOINED",
        "UNIT_STATUS_CHANGED",
        "UNIT_ASSIGNED",
        "UNIT_STATUS_CHANGED",
        "UNIT_CLEARED",
        "INCIDENT_CLOSED"
      ])
      const audit = yield* InMemoryDatabase.use((db) => db.rows<{ action: string }>(AUDIT_TABLE))
      expect(audit.map((entry) => entry.action)).toEqual([
        "cad.incident.created",
        "cad.unit.created",
        "cad.crew.joined",
        "cad.unit.status.changed",
        "cad.unit.assigned",
        "cad.unit.status.changed",
        "cad.unit.cleared",
        "cad.incident.closed"
      ])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("stale versions, closed incidents, uncrewed units and double crewing are refused", () =>
    Effect.gen(function*() {
      const alice = yield* seedPerson("alice")
      const incident = yield* createIncident(control, incidentInput)
      const unit = yield* createUnit(control, unitInput)
      expect(yield* failureCode(assignUnit(control, incident.id, unit.id, unit.version))).toBe("INVALID_STATE")
      const crewed = yield* addCrew(control, unit.id, { userId: alice.account.id, identifier: "1" })
      expect(yield* failureCode(assignUnit(control, incident.id, unit.id, unit.version))).toBe("CAD_CONFLICT")
      const other = yield* createUnit(control, { ...unitInput, callsign: "MP-2" })
      expect(yield* failureCode(addCrew(control, other.id, { userId: alice.account.id, identifier: "1" }))).toBe("ALREADY_CREWED")
      expect(yield* failureCode(createUnit(control, { ...unitInput, callsign: "mp-1" }))).toBe("INVALID_INPUT")
      const closed = yield* closeIncident(control, incident.id, 1)
      expect(yield* failureCode(assignUnit(control, incident.id, unit.id, crewed.version))).toBe("INVALID_STATE")
      expect(yield* failureCode(updateIncident(control, incident.id, incidentInput, closed.version))).toBe("INVALID_STATE")
      expect(yield* failureCode(closeIncident(control, incident.id, closed.version))).toBe("INVALID_STATE")
      expect(yield* failureCode(setUnitStatus(control, unit.id, "ASSIGNED", crewed.version))).toBe("INVALID_STATE")
      expect(yield* failureCode(setUnitStatus(control, unit.id, "AVAILABLE", crewed.version))).toBe("NO_CHANGE")
      expect(yield* failureCode(updateUnit(control, unit.id, unitInput, crewed.version))).toBe("NO_CHANGE")
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("the last crew leaving an assigned unit clears it first, then takes it OFF_DUTY", () =>
    Effect.gen(function*() {
      const alice = yield* seedPerson("alice")
      const incident = yield* createIncident(control, incidentInput)
      const unit = yield* createUnit(control, unitInput)
      const mdt = yield* bookOn(alice, { unitId: unit.id, identifier: "77" })
      yield* assignUnit(control, incident.id, unit.id, mdt.unit!.version)
      const off = yield* bookOff(alice)
      expect(off).toEqual({ crew: null, unit: null, incident: null })
      expect((yield* types).slice(-4)).toEqual(["UNIT_ASSIGNED", "UNIT_CLEARED", "CREW_LEFT", "UNIT_STATUS_CHANGED"])
      const events = (yield* listCadEvents({ unitId: unit.id }, PAGE)).items
      expect(events.at(-1)?.data).toMatchObject({ from: "AVAILABLE", to: "OFF_DUTY" })
      expect(yield* failureCode(bookOff(alice))).toBe("INVALID_STATE")
      expect(yield* failureCode(removeCrew(control, unit.id, mdt.crew!.id))).toBe("INVALID_STATE")
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("MDT and crew need active staff; eligible crew lists them by name", () =>
    Effect.gen(function*() {
      const bob = yield* seedPerson("Bob")
      yield* seedPerson("alice")
      const idle = yield* seedPerson("carol", "inactive")
      const member = yield* seedPerson("dave", "none")
      const unit = yield* createUnit(control, unitInput)
      expect(yield* failureCode(bookOn(idle, { unitId: unit.id, identifier: "1" }))).toBe("STAFF_REQUIRED")
      expect(yield* failureCode(myMdt(member))).toBe("STAFF_REQUIRED")
      expect(yield* failureCode(addCrew(control, unit.id, { userId: member.account.id, identifier: "1" }))).toBe("STAFF_INACTIVE")
      expect(yield* failureCode(addCrew(control, unit.id, { userId: AccountId.make("nobody"), identifier: "1" }))).toBe("NOT_FOUND")
      expect((yield* listEligibleCrew(undefined, PAGE)).items.map((user) => user.displayName)).toEqual(["alice", "Bob"])
      expect((yield* listEligibleCrew("OB", PAGE)).items.map((user) => user.id)).toEqual([bob.account.id])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("calls: received, attached to an open incident, closed once", () =>
    Effect.gen(function*() {
      const incident = yield* createIncident(control, incidentInput)
      const call = yield* receiveCall(control, { callerName: "Jo", callerNumber: null, location: "Park", description: "Fight" })
      expect(call.status).toBe("WAITING")
      const attached = yield* attachCall(control, call.id, incident.id)
      expect(attached).toMatchObject({ status: "ATTACHED", incidentId: incident.id })
      expect(yield* failureCode(attachCall(control, call.id, incident.id))).toBe("INVALID_STATE")
      const closed = yield* closeCall(control, call.id, "Dealt with")
      expect(closed).toMatchObject({ status: "CLOSED", closeReason: "Dealt with" })
      expect(yield* failureCode(closeCall(control, call.id, "again"))).toBe("INVALID_STATE")
      expect(yield* types).toEqual(["INCIDENT_CREATED", "CALL_RECEIVED", "CALL_ATTACHED", "CALL_CLOSED"])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("clearing a unit that is not on the incident is INVALID_STATE", () =>
    Effect.gen(function*() {
      const incident = yield* createIncident(control, incidentInput)
      const unit = yield* createUnit(control, unitInput)
      expect(yield* failureCode(clearUnit(control, incident.id, unit.id, unit.version))).toBe("INVALID_STATE")
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})

describe("a CAD change, its history and its audit entry commit together", () => {
  it.effect("with a failing audit log nothing is written", () =>
    Effect.gen(function*() {
      const db = yield* InMemoryDatabase
      const before = yield* db.snapshot
      const exit = yield* Effect.exit(createIncident(control, incidentInput))
      expect(Exit.isFailure(exit)).toBe(true)
      expect(yield* db.snapshot).toEqual(before)
      expect(yield* db.rows(CAD_EVENTS_TABLE)).toEqual([])
    }).pipe(accessNotChecked, Effect.provide(testPorts({ auditLog: "failing" }))))

  it.effect("assigning, crewing and closing write nothing when the audit entry cannot be written", () =>
    Effect.gen(function*() {
      const alice = yield* seedPerson("alice")
      const incident: Incident = {
        id: IncidentId.make("inc-1"),
        number: 1,
        status: "OPEN",
        priority: "IMMEDIATE",
        type: "RTC",
        location: "A1",
        description: "",
        controlNotes: "",
        version: 1,
        createdAt: EPOCH,
        updatedAt: EPOCH,
        closedAt: null
      }
      const unit: Unit = {
        id: UnitId.make("unit-1"),
        callsign: "MP-1",
        agencyCode: "MET",
        type: "RESPONSE",
        status: "AVAILABLE",
        incidentId: null,
        version: 1,
        createdAt: EPOCH,
        updatedAt: EPOCH
      }
      const empty: Unit = { ...unit, id: UnitId.make("unit-2"), callsign: "MP-2", status: "OFF_DUTY" }
      yield* Incidents.use((incidents) => incidents.insert(incident))
      yield* Units.use((units) => Effect.all([units.insert(unit), units.insert(empty)]))
      const db = yield* InMemoryDatabase
      const before = yield* db.snapshot
      const died = (exit: Exit.Exit<unknown, unknown>) => {
        const reason = onlyReason(exit)
        return reason !== undefined && Cause.isDieReason(reason)
      }
      expect([
        died(yield* Effect.exit(assignUnit(control, incident.id, unit.id, 1))),
        died(yield* Effect.exit(addCrew(control, empty.id, { userId: alice.account.id, identifier: "1" }))),
        died(yield* Effect.exit(closeIncident(control, incident.id, 1))),
        died(yield* Effect.exit(setUnitStatus(control, unit.id, "BUSY", 1)))
      ]).toEqual([true, true, true, true])
      // Nothing is ever deleted: had any of them written, the tables would differ.
      expect(yield* db.snapshot).toEqual(before)
    }).pipe(accessNotChecked, Effect.provide(testPorts({ auditLog: "failing" }))))
})
