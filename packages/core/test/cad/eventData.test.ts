/** Each CAD history type's payload schema (`CAD_EVENT_DATA`) against what the use cases write, and the entry union (`CadEventView`) it makes. */
import {
  addCrew,
  assignUnit,
  attachCall,
  bookOff,
  CAD_EVENT_DATA,
  CAD_EVENT_TYPES,
  type CadChange,
  type CadEventView,
  CadEventView as CadEventSchema,
  clearUnit,
  closeCall,
  closeIncident,
  createIncident,
  createUnit,
  getUnit,
  listCadEvents,
  receiveCall,
  setMyUnitStatus,
  setUnitStatus,
  updateIncident,
  updateUnit
} from "@bluelight/core/cad"
import { handleGameEvent } from "@bluelight/core/game"
import { type Account, type Permission, type Role, RoleId, Roles } from "@bluelight/core/identity"
import { accessNotChecked, seedStaff, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { anAccount, aUserCaller } from "../identity/helpers.js"

const PAGE = { limit: 100, offset: 0 }
const GAME_SERVER = "test-server"

const CONTROL: ReadonlyArray<Permission> = ["cad.view", "cad.dispatch", "cad.incidents.create", "cad.incidents.manage", "cad.units.manage", "cad.calls.manage"]
const control = aUserCaller(CONTROL, anAccount({ id: "control" as Account["id"], displayName: "Control" }))

/** The role `cad.unit.self` comes from, stored: the game's chat reads a player's permissions from their roles, as sign-in does. */
const CREW_ROLE: Role = { id: RoleId.make("crew"), name: "Crew", permissions: ["cad.unit.self"] }

/** A person with an active staff profile holding `CREW_ROLE`, linked to platform id 101, as an MDT caller. */
const seedMdtStaff = (name: string) =>
  Effect.andThen(
    Roles.use((roles) => roles.insert(CREW_ROLE)),
    seedStaff({
      permissions: ["cad.unit.self"],
      roles: [CREW_ROLE],
      account: anAccount({
        id: `acc-${name}` as Account["id"],
        displayName: name,
        identity: { id: `idp-${name}`, username: name, avatar: null },
        platform: { id: "101", username: name }
      })
    })
  )

const incidentInput = { type: "Burglary", priority: "IMMEDIATE", location: "1 High Street", description: "Window broken", controlNotes: "" } as const
const unitInput = { callsign: "MP-1", agencyCode: "MET", type: "RESPONSE" } as const

/** Every CAD history type written once or more, through the use cases: the whole history afterwards. */
const everyChange = Effect.gen(function*() {
  const alice = yield* seedMdtStaff("alice")
  const incident = yield* createIncident(control, incidentInput)
  const updated = yield* updateIncident(control, incident.id, { ...incidentInput, priority: "PRIORITY" }, incident.version)
  const unit = yield* createUnit(control, unitInput)
  const renamed = yield* updateUnit(control, unit.id, { ...unitInput, callsign: "MP-2" }, unit.version)
  const crewed = yield* addCrew(control, unit.id, { userId: alice.account.id, identifier: "1234" })
  const busy = yield* setUnitStatus(control, renamed.id, "BUSY", crewed.version)
  const free = yield* setUnitStatus(control, unit.id, "AVAILABLE", busy.version)
  const assigned = yield* assignUnit(control, incident.id, unit.id, free.version)
  const moving = yield* setMyUnitStatus(alice, "EN_ROUTE", assigned.version)
  const cleared = yield* clearUnit(control, incident.id, unit.id, moving.unit!.version)
  yield* assignUnit(control, incident.id, unit.id, cleared.version)
  yield* closeIncident(control, incident.id, updated.version)
  const second = yield* createIncident(control, incidentInput)
  yield* assignUnit(control, second.id, unit.id, (yield* getUnit(unit.id)).version)
  // Alice's `;panic` in the game: her unit leaves the second incident for the panic.
  yield* handleGameEvent(GAME_SERVER, { event: "CustomCommand", origin: "101", timestamp: 1, data: { command: "panic", argument: "help" } })
  yield* bookOff(alice)
  const call = yield* receiveCall(control, { callerName: "Jo", callerNumber: "07700 900123", location: "Park", description: "Fight" })
  yield* attachCall(control, call.id, second.id)
  const hoax = yield* receiveCall(control, { callerName: "Sam", callerNumber: null, location: "Station", description: "Noise" })
  yield* closeCall(control, hoax.id, "Hoax call")
  // An emergency call in the game, automated (no caller).
  yield* handleGameEvent(GAME_SERVER, {
    event: "EmergencyCallStarted",
    origin: "server",
    timestamp: 2,
    data: { callNumber: 7, caller: null, players: [], description: "Alarm", team: "Police", position: [1, 2], positionDescriptor: "Bank", startedAt: 2 }
  })
  return (yield* listCadEvents({}, PAGE)).items
})

/** The payload schema of an entry's type, closed: a key the schema does not name is an error, not dropped. */
const decodeData = (event: CadEventView): unknown =>
  Schema.decodeUnknownSync(CAD_EVENT_DATA[event.type] as Schema.Codec<unknown>, { onExcessProperty: "error" })(event.data)

const decodeEntry = Schema.decodeUnknownSync(CadEventSchema, { onExcessProperty: "error" })
const encodeEntry = Schema.encodeSync(CadEventSchema)

describe("CAD history payloads", () => {
  it.effect("each type's schema decodes exactly the data its use case writes, every type and reason written", () =>
    Effect.gen(function*() {
      const events = yield* everyChange
      expect(new Set(events.map((event) => event.type))).toEqual(new Set(CAD_EVENT_TYPES))
      for (const event of events) expect(decodeData(event)).toEqual(event.data)
      // The entry as the wire carries it comes back as it was.
      for (const event of events) expect(decodeEntry(encodeEntry(event))).toEqual(event)
      const moves = events.flatMap((event) => (event.type === "UNIT_STATUS_CHANGED" ? [event.data.by] : []))
      expect(new Set(moves)).toEqual(new Set(["CONTROL", "CREW", "CREW_JOINED", "CREW_LEFT"]))
      const clears = events.flatMap((event) => (event.type === "UNIT_CLEARED" ? [[event.data.reason, event.data.incidentNumber]] : []))
      expect(clears).toEqual([["CLEARED", 1], ["INCIDENT_CLOSED", 1], ["PANIC", 2], ["CREW_LEFT", 3]])
      const calls = events.flatMap((event) => (event.type === "CALL_RECEIVED" ? [event.data.source ?? "API"] : []))
      expect(calls).toEqual(["API", "API", "GAME"])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("narrowing on type gives that type's data", () =>
    Effect.gen(function*() {
      const events = yield* everyChange
      const assigned = events.find((event): event is Extract<CadEventView, { type: "UNIT_ASSIGNED" }> => event.type === "UNIT_ASSIGNED")
      expect(assigned?.data).toEqual({ callsign: "MP-2", incidentNumber: 1, from: "AVAILABLE", to: "ASSIGNED" })
      const received = events.filter((event) => event.type === "CALL_RECEIVED").map((event) => event.type === "CALL_RECEIVED" && event.data.callerNumber)
      expect(received).toEqual(["07700 900123", null, null])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it("refuses an entry whose data is another type's, lacks a key, names one more, or whose type is unknown", () => {
    const entry = {
      id: "01a2180a-841e-7094-980f-b6171af11ae4",
      seq: 3,
      type: "UNIT_ASSIGNED",
      at: "2026-11-26T13:27:52.094Z",
      actor: { serviceId: "svc-1" },
      incidentId: "inc-1",
      unitId: "unit-1",
      callId: null,
      data: { callsign: "MP-1", incidentNumber: 4, from: "AVAILABLE", to: "ASSIGNED" }
    }
    expect(decodeEntry(entry).data).toEqual(entry.data)
    expect(() => decodeEntry({ ...entry, data: { number: 4 } })).toThrow()
    expect(() => decodeEntry({ ...entry, data: { callsign: "MP-1", incidentNumber: 4, from: "AVAILABLE" } })).toThrow()
    expect(() => decodeEntry({ ...entry, data: { ...entry.data, extra: true } })).toThrow()
    expect(() => decodeEntry({ ...entry, data: { ...entry.data, to: "PARKED" } })).toThrow()
    expect(() => decodeEntry({ ...entry, type: "UNIT_PARKED" })).toThrow()
    // The text is as stored: an old callsign the text rules would refuse is answered as it is.
    expect(decodeEntry({ ...entry, data: { ...entry.data, callsign: "  old\tcallsign  " } }).data).toMatchObject({ callsign: "  old\tcallsign  " })
  })

  it("a payload of the wrong shape for its type does not compile", () => {
    const subjects = { incidentId: null, unitId: null, callId: null }
    const right: CadChange = { type: "INCIDENT_CLOSED", ...subjects, data: { number: 1 } }
    // INCIDENT_CLOSED carries the incident's number, not a reason: such data is no change the type takes.
    type Wrong = { type: "INCIDENT_CLOSED"; incidentId: null; unitId: null; callId: null; data: { reason: "done" } }
    const wrongTaken: [Wrong] extends [CadChange] ? true : false = false
    expect([right.type, wrongTaken]).toEqual(["INCIDENT_CLOSED", false])
  })
})
