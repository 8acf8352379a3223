/** The game's events on the in-memory ports: emergency calls into CAD, `;panic` and `;status`, each once however often delivered. */
import {
  addCrew,
  assignUnit,
  attachCall,
  type Call,
  closeIncident,
  type CallId,
  CallFields,
  Calls,
  createIncident,
  createUnit,
  Incident,
  Incidents,
  listCadEvents,
  listCalls,
  listIncidents,
  receiveCall,
  setUnitStatus,
  type UnitId,
  Units
} from "@bluelight/core/cad"
import {
  ENDED_IN_THE_GAME,
  forgetOldGameEventClaims,
  GAME_CALL_DESCRIPTION,
  GAME_EVENT_CLAIMS_KEPT,
  type GameEvent,
  gameEventKey,
  handleGameEvent,
  UNKNOWN_CALLER,
  UNKNOWN_LOCATION
} from "@bluelight/core/game"
import { type Account, AccountId, Accounts, MEMBER_ROLE_ID, type Role, RoleId, Roles, StaffProfiles } from "@bluelight/core/identity"
import {
  accessNotChecked,
  advanceClock,
  aPerson,
  auditEntries,
  HANDLED_GAME_EVENTS_TABLE,
  InMemoryDatabase,
  seedStaff,
  setNow,
  TestGame,
  type TestPicture,
  testPorts
} from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { sentMessages, subscribe } from "../webhooks/helpers.js"
import { Duration, Effect, Option, Ref, Schema } from "effect"
import { TestClock } from "effect/testing"
import { anAccount } from "../identity/helpers.js"

const PAGE = { limit: 100, offset: 0 }
const SERVER = "gbzaDhOJQTPrFVIjmNuyTYqzyqupLolnWfJmPznx"

const control = aPerson({
  permissions: ["cad.view", "cad.dispatch", "cad.incidents.create", "cad.incidents.manage", "cad.units.manage", "cad.calls.manage"],
  account: anAccount({ id: AccountId.make("control"), displayName: "Control" })
})

const setPicture = (picture: Partial<TestPicture>) => TestGame.use((game) => Ref.update(game, (s) => ({ ...s, picture: { ...s.picture, ...picture } })))
const gameDown = TestGame.use((game) => Ref.update(game, (s) => ({ ...s, down: true })))

/** Jane (platform id 101, on the test server) is at 218 Park Street. */
const janeAtParkStreet = setPicture({ locations: { "101": { x: 10, z: -4, postalCode: "218", streetName: "Park Street", buildingNumber: "12" } } })

const started = (data: Partial<Extract<GameEvent, { event: "EmergencyCallStarted" }>["data"]> = {}, timestamp = 1_775_442_933): GameEvent => ({
  event: "EmergencyCallStarted",
  origin: "server",
  timestamp,
  data: {
    callNumber: 136,
    caller: 101,
    players: [],
    description: "help me",
    team: "Police",
    position: [2358.7, 1180.1],
    positionDescriptor: null,
    startedAt: 1_775_442_933,
    ...data
  }
})

const ended = (callNumber = 136, timestamp = 1_775_443_000): GameEvent => {
  const { data } = started({ callNumber }) as Extract<GameEvent, { event: "EmergencyCallStarted" }>
  return { event: "EmergencyCallEnded", origin: "server", timestamp, data }
}

const command = (origin: string, name: string, argument = "", timestamp = 1_775_518_795): GameEvent => ({
  event: "CustomCommand",
  origin,
  timestamp,
  data: { command: name, argument }
})

const handle = (event: GameEvent) => handleGameEvent(SERVER, event)

const waiting = Effect.map(listCalls("WAITING", PAGE), (page) => page.items)
const allCalls = Effect.map(
  Effect.all([listCalls("WAITING", PAGE), listCalls("ATTACHED", PAGE), listCalls("CLOSED", PAGE)]),
  (pages) => pages.flatMap((page) => page.items)
)
const history = Effect.map(listCadEvents({}, PAGE), (page) => page.items)
const types = Effect.map(history, (events) => events.map((event) => event.type))
const actions = Effect.map(auditEntries, (entries) => entries.map((entry) => entry.action))
const claims = Effect.flatMap(InMemoryDatabase, (db) => db.rows<{ readonly id: string }>(HANDLED_GAME_EVENTS_TABLE))

/** The role that lets staff act for their crew (the MDT's and the chat's `cad.unit.self`), stored so the rules read it. */
const CREW_ROLE: Role = { id: RoleId.make("crew"), name: "Crew", permissions: ["cad.unit.self"] }
const seedCrewRole = Effect.flatMap(
  Roles,
  (roles) => Effect.flatMap(roles.findById(CREW_ROLE.id), (found) => Option.isSome(found) ? Effect.void : roles.insert(CREW_ROLE))
)

/** An account linked to a platform id: active staff holding the crew role (or none: `roles: []`), or not, or no staff at all. */
const seedPlayer = (
  name: string,
  platformId: string,
  staff: "active" | "inactive" | "none" = "active",
  status: Account["status"] = "ACTIVE",
  roles: ReadonlyArray<Role> = [CREW_ROLE]
) =>
  Effect.gen(function*() {
    yield* seedCrewRole
    const account = anAccount({
      id: AccountId.make(`acc-${name}`),
      displayName: name,
      status,
      identity: { id: `idp-${name}`, username: name, avatar: null },
      platform: { id: platformId, username: name }
    })
    if (staff !== "none") return (yield* seedStaff({ permissions: [], account, active: staff === "active", roles })).account
    yield* Accounts.use((accounts) => accounts.insert(account))
    return account
  })

/** Jane, linked to platform id 101, crewing MP-1 (AVAILABLE). */
const janeCrewing = Effect.gen(function*() {
  const jane = yield* seedPlayer("jane", "101")
  const unit = yield* createUnit(control, { callsign: "MP-1", agencyCode: "MET", type: "RESPONSE" })
  const crewed = yield* addCrew(control, unit.id, { userId: jane.id, identifier: "1234" })
  return { jane, unit: crewed }
})

const unitNow = (id: UnitId) => Effect.map(Units.use((units) => units.findById(id)), Option.getOrThrow)
const incidentNow = (id: string) => Effect.map(Incidents.use((incidents) => incidents.findById(id as never)), Option.getOrThrow)
const callNow = (id: CallId) => Effect.map(Calls.use((calls) => calls.findById(id)), Option.getOrThrow)

describe("the game's emergency calls", () => {
  it.effect("a call started in the game becomes a WAITING CAD call from the game, recorded by the game with its team", () =>
    Effect.gen(function*() {
      yield* janeAtParkStreet
      yield* handle(started())
      const [call, ...others] = yield* waiting
      expect(others).toEqual([])
      expect(call).toMatchObject({
        status: "WAITING",
        source: "GAME",
        gameCallNumber: 136,
        callerName: "Jane_Doe",
        callerNumber: null,
        location: "Park Street, 218",
        description: "help me"
      })
      const [entry] = yield* history
      expect(entry).toMatchObject({ type: "CALL_RECEIVED", actor: { serviceId: "game" }, callId: call!.id })
      expect(entry!.data).toMatchObject({ team: "Police", gameCallNumber: 136, source: "GAME", callerName: "Jane_Doe" })
      const [audit] = yield* auditEntries
      expect(audit).toMatchObject({ action: "cad.call.received", actor: { type: "service", id: "game" }, targetType: "call", targetId: call!.id })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("the game's own place description wins over the caller's street; an empty description reads as the default", () =>
    Effect.gen(function*() {
      yield* janeAtParkStreet
      yield* handle(started({ positionDescriptor: "Near the fire station", description: "   " }))
      expect((yield* waiting)[0]).toMatchObject({ location: "Near the fire station", description: GAME_CALL_DESCRIPTION })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("an automated call, a caller the picture does not show, and a picture that cannot be read: an unknown caller at the map position", () =>
    Effect.gen(function*() {
      yield* handle(started({ caller: null, callNumber: 1, description: null }))
      yield* handle(started({ caller: 999, callNumber: 2 }))
      // Jane is on the server, but the game has not said where yet.
      yield* handle(started({ caller: 101, callNumber: 3 }))
      yield* gameDown
      // The picture read before answers until its refresh is due.
      yield* TestClock.adjust("4 seconds")
      yield* handle(started({ caller: 101, callNumber: 4, positionDescriptor: "Bank" }))
      const calls = yield* waiting
      expect(calls.map((call) => [call.gameCallNumber, call.callerName, call.location, call.description])).toEqual([
        [1, UNKNOWN_CALLER, "Map position 2359, 1180", GAME_CALL_DESCRIPTION],
        [2, UNKNOWN_CALLER, "Map position 2359, 1180", "help me"],
        [3, "Jane_Doe", "Map position 2359, 1180", "help me"],
        [4, UNKNOWN_CALLER, "Bank", "help me"]
      ])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("hostile text from the game is cleaned to the call's rules, never refused", () =>
    Effect.gen(function*() {
      yield* handle(started({
        description: `line one\r\nline two\u0000\u202e${"x".repeat(5000)}`,
        positionDescriptor: `\u200b\u2066 ${"Long Road ".repeat(40)}\n`
      }))
      const [call] = yield* waiting
      expect(call!.description.startsWith("line one line twoxxx")).toBe(true)
      expect(call!.description).toHaveLength(2000)
      expect(call!.location.length).toBeLessThanOrEqual(200)
      expect(call!.location.startsWith("Long Road Long Road")).toBe(true)
      expect(
        Schema.decodeUnknownExit(CallFields)({ callerName: call!.callerName, callerNumber: null, location: call!.location, description: call!.description })
          ._tag
      )
        .toBe("Success")
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("the same event delivered again, or twice at once, gives one call; another timestamp is another event", () =>
    Effect.gen(function*() {
      yield* handle(started())
      yield* handle(started())
      yield* Effect.all([handle(started({ callNumber: 7 })), handle(started({ callNumber: 7 })), handle(started({ callNumber: 7 }))], {
        concurrency: "unbounded"
      })
      expect((yield* waiting).map((call) => call.gameCallNumber)).toEqual([136, 7])
      expect(yield* types).toEqual(["CALL_RECEIVED", "CALL_RECEIVED"])
      expect(yield* actions).toEqual(["cad.call.received", "cad.call.received"])
      expect(yield* claims).toHaveLength(2)
      // Another server's event, or the same call at another time, is another event (claimed), but its call is waiting already.
      yield* handleGameEvent("another-server", started())
      yield* handle(started({}, 1_775_442_934))
      expect((yield* waiting).map((call) => call.gameCallNumber)).toEqual([136, 7])
      expect(yield* claims).toHaveLength(4)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a call's start sent again with a new timestamp while its CAD call waits makes no second call and records nothing", () =>
    Effect.gen(function*() {
      yield* handle(started())
      const [call] = yield* waiting
      const before = { history: (yield* history).length, audit: (yield* auditEntries).length }
      yield* handle(started({ description: "help me, again" }, 1_775_443_100))
      yield* Effect.all([handle(started({}, 1_775_443_200)), handle(started({}, 1_775_443_201)), handle(started({}, 1_775_443_202))], {
        concurrency: "unbounded"
      })
      expect(yield* waiting).toEqual([call])
      expect((yield* history).length).toBe(before.history)
      expect((yield* auditEntries).length).toBe(before.audit)
      // Its end still closes it, once.
      yield* handle(ended())
      expect(yield* callNow(call!.id)).toMatchObject({ status: "CLOSED", closeReason: ENDED_IN_THE_GAME })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a start for a number whose call was attached or closed is the game numbering again: a new call", () =>
    Effect.gen(function*() {
      yield* handle(started({ callNumber: 1 }))
      yield* handle(started({ callNumber: 2 }))
      const [first, second] = yield* waiting
      const incident = yield* createIncident(control, { type: "Assault", priority: "IMMEDIATE", location: "Park Street", description: "", controlNotes: "" })
      yield* attachCall(control, first!.id, incident.id)
      yield* handle(ended(2))
      yield* handle(started({ callNumber: 1 }, 1_775_450_000))
      yield* handle(started({ callNumber: 2 }, 1_775_450_000))
      const again = yield* waiting
      expect(again.map((call) => call.gameCallNumber)).toEqual([1, 2])
      expect(again.map((call) => call.id)).not.toContain(first!.id)
      expect(again.map((call) => call.id)).not.toContain(second!.id)
      // And that new call, waiting, is the one a start sent again meets.
      yield* handle(started({ callNumber: 1 }, 1_775_450_001))
      expect((yield* allCalls).filter((call) => call.gameCallNumber === 1)).toHaveLength(2)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("claims older than a day are forgotten, newer ones kept: a recent event delivered again still does nothing", () =>
    Effect.gen(function*() {
      yield* setNow("2026-03-01T09:00:00.000Z")
      yield* handle(started({ callNumber: 1 }))
      yield* advanceClock(Duration.subtract(GAME_EVENT_CLAIMS_KEPT, Duration.seconds(1)))
      yield* handle(started({ callNumber: 2 }))
      yield* advanceClock("2 seconds")
      expect(yield* forgetOldGameEventClaims()).toBe(1)
      expect(yield* forgetOldGameEventClaims()).toBe(0)
      expect(yield* claims).toHaveLength(1)
      yield* handle(ended(2))
      yield* handle(started({ callNumber: 2 }))
      expect((yield* allCalls).filter((call) => call.gameCallNumber === 2).map((call) => call.status)).toEqual(["CLOSED"])
      // Forgotten, the old event would be handled again: the webhook's window refuses its delivery long before.
      yield* handle(ended(1))
      yield* handle(started({ callNumber: 1 }))
      expect((yield* allCalls).filter((call) => call.gameCallNumber === 1).map((call) => call.status)).toEqual(["WAITING", "CLOSED"])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("an event's key is its server, name, origin, timestamp and data, whatever the order of the data's keys", () =>
    Effect.sync(() => {
      const event = started()
      const reordered = { ...event, data: Object.fromEntries(Object.entries(event.data).reverse()) } as GameEvent
      expect(gameEventKey(SERVER, reordered)).toBe(gameEventKey(SERVER, event))
      expect(gameEventKey(SERVER, started({ description: "help me!" }))).not.toBe(gameEventKey(SERVER, event))
      expect(gameEventKey(SERVER, { ...event, origin: "global" })).not.toBe(gameEventKey(SERVER, event))
      expect(gameEventKey(`${SERVER}x`, event)).not.toBe(gameEventKey(SERVER, event))
    }))

  it.effect("a call ended in the game closes its waiting CAD call once; an attached or closed call, or none, is left as it is", () =>
    Effect.gen(function*() {
      yield* handle(started({ callNumber: 1 }))
      yield* handle(started({ callNumber: 2 }))
      const [first, second] = yield* waiting
      const incident = yield* createIncident(control, { type: "Assault", priority: "IMMEDIATE", location: "Park Street", description: "", controlNotes: "" })
      yield* attachCall(control, second!.id, incident.id)
      yield* handle(ended(1))
      yield* handle(ended(1))
      yield* handle(ended(2))
      yield* handle(ended(99))
      expect(yield* callNow(first!.id)).toMatchObject({ status: "CLOSED", closeReason: ENDED_IN_THE_GAME })
      expect(yield* callNow(second!.id)).toMatchObject({ status: "ATTACHED", closeReason: null })
      const closings = (yield* history).filter((event) => event.type === "CALL_CLOSED")
      expect(closings).toHaveLength(1)
      expect(closings[0]).toMatchObject({ actor: { serviceId: "game" }, callId: first!.id, data: { reason: ENDED_IN_THE_GAME, from: "WAITING" } })
      expect((yield* actions).filter((action) => action === "cad.call.closed")).toHaveLength(1)
      // The game numbers calls again after a restart: the newest call of the number is the one that ends.
      yield* handle(started({ callNumber: 1 }, 1_775_450_000))
      yield* handle(ended(1, 1_775_450_100))
      expect((yield* allCalls).filter((call) => call.gameCallNumber === 1).map((call) => call.status)).toEqual(["CLOSED", "CLOSED"])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("an end handled before its start is remembered: the start makes its call closed at once; an end from before a start is another call's", () =>
    Effect.gen(function*() {
      yield* handle(ended(7))
      expect(yield* allCalls).toEqual([])
      yield* handle(started({ callNumber: 7 }))
      const [call] = (yield* allCalls).filter((c) => c.gameCallNumber === 7)
      expect(call).toMatchObject({ status: "CLOSED", closeReason: ENDED_IN_THE_GAME })
      expect((yield* history).filter((event) => event.callId === call!.id).map((event) => event.type).sort()).toEqual(["CALL_CLOSED", "CALL_RECEIVED"])
      // Taken back: the number's next call, started later, waits.
      yield* handle(started({ callNumber: 7, startedAt: 1_775_450_000 }, 1_775_450_000))
      expect((yield* waiting).filter((c) => c.gameCallNumber === 7)).toHaveLength(1)
      // An end remembered from before a start is another call of the number (the game numbering again).
      yield* handle(ended(8, 1_775_443_000))
      yield* handle(started({ callNumber: 8, startedAt: 1_775_450_000 }, 1_775_450_000))
      expect((yield* waiting).filter((c) => c.gameCallNumber === 8)).toHaveLength(1)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a call received through the API is from the API, with no game call number", () =>
    Effect.gen(function*() {
      const call: Call = yield* receiveCall(control, { callerName: "Bot", callerNumber: null, location: "A1", description: "Relayed" })
      expect(call).toMatchObject({ source: "API", gameCallNumber: null })
      expect((yield* waiting)[0]).toMatchObject({ source: "API", gameCallNumber: null })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a failure while handling never reaches the receiver, keeps nothing, and leaves the event to be handled again", () =>
    Effect.gen(function*() {
      yield* handle(started())
      expect(yield* allCalls).toEqual([])
      expect(yield* claims).toEqual([])
    }).pipe(accessNotChecked, Effect.provide(testPorts({ auditLog: { failingOn: ["cad.call.received"] } }))))

  it.effect("a probe does nothing", () =>
    Effect.gen(function*() {
      yield* handle({ event: "WebhookProbe", origin: "global", timestamp: 1_775_444_267, data: {} })
      expect(yield* types).toEqual([])
      expect(yield* auditEntries).toEqual([])
      expect(yield* claims).toEqual([])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})

describe(";panic from the game", () => {
  it.effect("raises an IMMEDIATE incident at the player's live place with their unit assigned, by the player, in one go", () =>
    Effect.gen(function*() {
      const { jane, unit } = yield* janeCrewing
      yield* janeAtParkStreet
      const before = (yield* history).length
      yield* handle(command("101", "PaNiC", "shots fired\nsend help"))
      const events = (yield* history).slice(before)
      expect(events.map((event) => event.type)).toEqual(["PANIC_RAISED", "INCIDENT_CREATED", "UNIT_ASSIGNED"])
      for (const event of events) expect(event.actor).toEqual({ id: jane.id, displayName: "jane" })
      const incidentId = events[0]!.incidentId!
      const incident: Incident = yield* incidentNow(incidentId)
      expect(incident).toMatchObject({
        status: "OPEN",
        priority: "IMMEDIATE",
        type: "Panic: MP-1",
        location: "Park Street, 218",
        description: "shots fired send help"
      })
      expect(events[0]).toMatchObject({ unitId: unit.id, data: { callsign: "MP-1", incidentNumber: incident.number, location: "Park Street, 218" } })
      expect(events[2]).toMatchObject({ unitId: unit.id, data: { from: "AVAILABLE", to: "ASSIGNED", incidentNumber: incident.number } })
      expect(yield* unitNow(unit.id)).toMatchObject({ status: "ASSIGNED", incidentId, version: unit.version + 1 })
      expect((yield* actions).slice(-3)).toEqual(["cad.panic", "cad.incident.created", "cad.unit.assigned"])
      // Delivered again: nothing more.
      yield* handle(command("101", "PaNiC", "shots fired\nsend help"))
      expect((yield* history).length).toBe(before + 3)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a unit on another incident is cleared from it and assigned to the panic; a player the picture does not place is at an unknown location", () =>
    Effect.gen(function*() {
      const { unit } = yield* janeCrewing
      const other = yield* createIncident(control, { type: "Burglary", priority: "PRIORITY", location: "High St", description: "", controlNotes: "" })
      const assigned = yield* assignUnit(control, other.id, unit.id, unit.version)
      yield* setUnitStatus(control, unit.id, "ON_SCENE", assigned.version)
      const before = (yield* history).length
      yield* handle(command("101", "panic"))
      const events = (yield* history).slice(before)
      expect(events.map((event) => event.type)).toEqual(["PANIC_RAISED", "INCIDENT_CREATED", "UNIT_CLEARED", "UNIT_ASSIGNED"])
      expect(events[2]).toMatchObject({ incidentId: other.id, data: { reason: "PANIC", from: "ON_SCENE", to: "AVAILABLE", incidentNumber: other.number } })
      expect(events[3]).toMatchObject({ data: { from: "AVAILABLE", to: "ASSIGNED" } })
      const panic = yield* incidentNow(events[0]!.incidentId!)
      expect(panic).toMatchObject({ location: UNKNOWN_LOCATION, description: "" })
      expect(yield* unitNow(unit.id)).toMatchObject({ status: "ASSIGNED", incidentId: panic.id })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("an unlinked player and one crewing no unit are ignored, one the MDT would refuse is forbidden, each audited with the reason", () =>
    Effect.gen(function*() {
      yield* seedPlayer("john", "102", "inactive")
      yield* seedPlayer("max", "103", "none")
      yield* seedPlayer("sue", "104", "active", "SUSPENDED")
      yield* seedPlayer("kim", "105", "active")
      yield* handle(command("999", "panic"))
      yield* handle(command("102", "panic"))
      yield* handle(command("103", "status", "BUSY"))
      yield* handle(command("104", "panic"))
      yield* handle(command("105", "panic"))
      expect(yield* types).toEqual([])
      const entries = yield* auditEntries
      // Inactive staff, no staff and a suspended account hold no `cad.unit.self`: the MDT's rule refuses them first, as the MDT does.
      expect(entries.map((entry) => [entry.action, entry.targetId, entry.data["reason"]])).toEqual([
        ["game.command.ignored", "999", "The player has no linked Bluelight account"],
        ["game.command.forbidden", "acc-john", "Missing permission cad.unit.self"],
        ["game.command.forbidden", "acc-max", "Missing permission cad.unit.self"],
        ["game.command.forbidden", "acc-sue", "Missing permission cad.unit.self"],
        ["game.command.ignored", "105", "The player is not crewing a unit"]
      ])
      for (const entry of [entries[0]!, entries[4]!]) expect(entry.actor).toEqual({ type: "service", id: "game" })
      expect(entries[1]!.actor).toEqual({ type: "user", id: "acc-john" })
      expect(entries[2]!.data).toMatchObject({ command: "status", platformId: "103", code: "FORBIDDEN", permission: "cad.unit.self" })
      // Delivered again: not audited twice.
      yield* handle(command("999", "panic"))
      expect(yield* auditEntries).toHaveLength(5)
      // An origin that is no platform id names nobody, and is recorded cleaned.
      yield* seedPlayer("odd", "1\u0000x")
      yield* handle(command("1\u0000x", "panic"))
      expect((yield* auditEntries).at(-1)).toMatchObject({ targetId: "1x", data: { platformId: "1x", reason: "The player has no linked Bluelight account" } })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("one open panic per unit: a panic again while the unit attends its panic adds to it, with the place as it is now; once it is over, the next is new", () =>
    Effect.gen(function*() {
      const { jane, unit } = yield* janeCrewing
      yield* handle(command("101", "panic", "first", 1))
      const [raised] = (yield* history).filter((event) => event.type === "PANIC_RAISED")
      const panic = yield* incidentNow(raised!.incidentId!)
      const unitAfterFirst = yield* unitNow(unit.id)
      // She has moved since: the picture read again (past its 3 s) shows her at Park Street.
      yield* janeAtParkStreet
      yield* TestClock.adjust(Duration.seconds(5))
      const before = { history: (yield* history).length, audit: (yield* actions).length }
      yield* handle(command("101", "PANIC", "still under fire", 2))
      const added = (yield* history).slice(before.history)
      expect(added.map((event) => event.type)).toEqual(["PANIC_RAISED"])
      expect(added[0]).toMatchObject({
        incidentId: panic.id,
        unitId: unit.id,
        actor: { id: jane.id },
        data: { incidentNumber: panic.number, location: "Park Street, 218", text: "still under fire", platformId: "101" }
      })
      expect((yield* actions).slice(before.audit)).toEqual(["cad.panic"])
      expect(yield* incidentNow(panic.id)).toEqual(panic)
      expect(yield* unitNow(unit.id)).toEqual(unitAfterFirst)
      expect((yield* listIncidents("OPEN", PAGE)).items.map((incident) => incident.id)).toEqual([panic.id])
      // Over: closed (its unit cleared), the next panic is another.
      yield* closeIncident(control, panic.id, panic.version)
      yield* handle(command("101", "panic", "again", 3))
      const open = (yield* listIncidents("OPEN", PAGE)).items
      expect(open).toHaveLength(1)
      expect(open[0]!.id).not.toBe(panic.id)
      expect((yield* unitNow(unit.id)).incidentId).toBe(open[0]!.id)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a unit on an incident a panic did not raise, or another unit's panic, raises its own", () =>
    Effect.gen(function*() {
      const { unit } = yield* janeCrewing
      const kim = yield* seedPlayer("kim", "105")
      const other = yield* createUnit(control, { callsign: "MP-2", agencyCode: "MET", type: "RESPONSE" })
      yield* addCrew(control, other.id, { userId: kim.id, identifier: "5678" })
      yield* handle(command("105", "panic", "", 1))
      const kimsPanic = (yield* listIncidents("OPEN", PAGE)).items[0]!
      // Jane's unit sent to Kim's panic: her own panic is a new one, not more of Kim's.
      yield* assignUnit(control, kimsPanic.id, unit.id, (yield* unitNow(unit.id)).version)
      yield* handle(command("101", "panic", "", 2))
      const open = (yield* listIncidents("OPEN", PAGE)).items
      expect(open).toHaveLength(2)
      expect((yield* unitNow(unit.id)).incidentId).not.toBe(kimsPanic.id)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("many panics at once from one crew raise one incident, each one recorded on it", () =>
    Effect.gen(function*() {
      const { unit } = yield* janeCrewing
      yield* Effect.all(Array.from({ length: 12 }, (_, i) => handle(command("101", "panic", `n${i}`, i))), { concurrency: "unbounded" })
      const open = (yield* listIncidents("OPEN", PAGE)).items
      expect(open).toHaveLength(1)
      const panics = (yield* history).filter((event) => event.type === "PANIC_RAISED")
      expect(panics).toHaveLength(12)
      for (const panic of panics) expect(panic.incidentId).toBe(open[0]!.id)
      expect((yield* unitNow(unit.id)).incidentId).toBe(open[0]!.id)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})

describe("the chat held to the MDT's rule", () => {
  /** Jane's staff roles all taken away (she stays active staff, linked and crewing). */
  const rolesRemoved = (jane: Account) =>
    Effect.flatMap(
      StaffProfiles,
      (profiles) => Effect.flatMap(profiles.findByAccountId(jane.id), (profile) => profiles.update({ ...Option.getOrThrow(profile), roleIds: [] }))
    )

  it.effect("a crew member without cad.unit.self neither moves the unit nor raises a panic; the refusal is audited by them with why", () =>
    Effect.gen(function*() {
      const { jane, unit } = yield* janeCrewing
      yield* rolesRemoved(jane)
      const before = { unit: yield* unitNow(unit.id), history: (yield* history).length, audit: (yield* auditEntries).length }
      yield* handle(command("101", "status", "BUSY", 1))
      yield* handle(command("101", "panic", "help", 2))
      expect(yield* unitNow(unit.id)).toEqual(before.unit)
      expect((yield* history).length).toBe(before.history)
      expect((yield* listIncidents("OPEN", PAGE)).items).toEqual([])
      const [entry, ...others] = (yield* auditEntries).slice(before.audit)
      // The panic right after is bounded with it (one entry per player a minute).
      expect(others).toEqual([])
      expect(entry).toMatchObject({
        action: "game.command.forbidden",
        actor: { type: "user", id: jane.id },
        targetType: "account",
        targetId: jane.id,
        data: { platformId: "101", command: "status", code: "FORBIDDEN", permission: "cad.unit.self", reason: "Missing permission cad.unit.self" }
      })
      // Given the role again, the same player's command is theirs again.
      yield* Effect.flatMap(
        StaffProfiles,
        (profiles) =>
          Effect.flatMap(profiles.findByAccountId(jane.id), (profile) => profiles.update({ ...Option.getOrThrow(profile), roleIds: [RoleId.make("crew")] }))
      )
      yield* handle(command("101", "status", "BUSY", 3))
      expect((yield* unitNow(unit.id)).status).toBe("BUSY")
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("cad.unit.self from the Member role is not enough without active staff: STAFF_REQUIRED, as the MDT answers", () =>
    Effect.gen(function*() {
      yield* Effect.flatMap(Roles, (roles) =>
        Effect.flatMap(roles.findById(MEMBER_ROLE_ID), (member) => roles.update({ ...Option.getOrThrow(member), permissions: ["cad.unit.self"] })))
      yield* seedPlayer("max", "103", "none")
      yield* handle(command("103", "panic"))
      expect(yield* types).toEqual([])
      expect((yield* auditEntries).at(-1)).toMatchObject({
        action: "game.command.forbidden",
        targetId: "acc-max",
        data: { code: "STAFF_REQUIRED", permission: null, reason: "Only active staff can act for a unit's crew (the MDT, the game's chat)" }
      })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})

describe("commands not carried out, audited within a bound", () => {
  it.effect("a flood from one unlinked player writes one entry a minute; another player, or the next minute, writes its own", () =>
    Effect.gen(function*() {
      yield* Effect.forEach(Array.from({ length: 60 }, (_, i) => i), (i) => handle(command("999", i % 2 === 0 ? "panic" : "status", "x", 1_000 + i)))
      yield* handle(command("998", "panic", "", 1))
      const ignoredBy = (platformId: string) =>
        Effect.map(auditEntries, (entries) => entries.filter((entry) => entry.action === "game.command.ignored" && entry.targetId === platformId))
      expect(yield* ignoredBy("999")).toHaveLength(1)
      expect(yield* ignoredBy("998")).toHaveLength(1)
      expect((yield* ignoredBy("999"))[0]!.data).toMatchObject({ command: "panic", auditedOncePer: "player and minute" })
      // Every one of them was still handled once: delivered again, none is recorded again.
      yield* TestClock.adjust(Duration.minutes(1))
      yield* handle(command("999", "panic", "x", 1_000))
      expect(yield* ignoredBy("999")).toHaveLength(1)
      yield* handle(command("999", "panic", "x", 2_000))
      expect(yield* ignoredBy("999")).toHaveLength(2)
    }).pipe(Effect.provide(testPorts())))

  it.effect("many at once from one player settle on one entry", () =>
    Effect.gen(function*() {
      yield* Effect.all(Array.from({ length: 20 }, (_, i) => handle(command("997", "panic", "", i))), { concurrency: "unbounded" })
      expect((yield* auditEntries).filter((entry) => entry.targetId === "997")).toHaveLength(1)
    }).pipe(Effect.provide(testPorts())))
})

describe(";status from the game", () => {
  it.effect("moves the player's unit by the MDT's rules, without a version, ignoring case", () =>
    Effect.gen(function*() {
      const { jane, unit } = yield* janeCrewing
      yield* handle(command("101", "STATUS", "busy"))
      expect(yield* unitNow(unit.id)).toMatchObject({ status: "BUSY", version: unit.version + 1 })
      const last = (yield* history).at(-1)
      expect(last).toMatchObject({ type: "UNIT_STATUS_CHANGED", actor: { id: jane.id }, data: { from: "AVAILABLE", to: "BUSY", by: "CREW", callsign: "MP-1" } })
      expect((yield* actions).at(-1)).toBe("cad.unit.status.changed")
      yield* handle(command("101", "status", " available ", 2))
      expect((yield* unitNow(unit.id)).status).toBe("AVAILABLE")
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a unit attending an incident moves between its attending statuses; `en route` reads as EN_ROUTE", () =>
    Effect.gen(function*() {
      const { unit } = yield* janeCrewing
      const incident = yield* createIncident(control, { type: "Burglary", priority: "PRIORITY", location: "High St", description: "", controlNotes: "" })
      yield* assignUnit(control, incident.id, unit.id, unit.version)
      yield* handle(command("101", "status", "en route"))
      expect((yield* unitNow(unit.id)).status).toBe("EN_ROUTE")
      yield* handle(command("101", "status", "On-Scene", 2))
      expect((yield* unitNow(unit.id)).status).toBe("ON_SCENE")
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a move the rules refuse, ASSIGNED, a status that is none, and the same status again are refused, audited with the rule's message", () =>
    Effect.gen(function*() {
      const { jane, unit } = yield* janeCrewing
      const before = yield* unitNow(unit.id)
      const historyBefore = (yield* history).length
      yield* handle(command("101", "status", "ON_SCENE", 1))
      yield* handle(command("101", "status", "ASSIGNED", 2))
      yield* handle(command("101", "status", "OFF_DUTY", 3))
      yield* handle(command("101", "status", "nonsense", 4))
      yield* handle(command("101", "status", "", 5))
      yield* handle(command("101", "status", "available", 6))
      expect(yield* unitNow(unit.id)).toEqual(before)
      expect((yield* history).length).toBe(historyBefore)
      const refusals = (yield* auditEntries).filter((entry) => entry.action === "game.command.refused")
      expect(refusals.map((entry) => entry.data["reason"])).toEqual([
        "Unit MP-1 is on no incident: it moves between AVAILABLE, BUSY, UNAVAILABLE",
        "ASSIGNED is not a status: the crew sets one of AVAILABLE, EN_ROUTE, ON_SCENE, BUSY, UNAVAILABLE",
        "OFF_DUTY is not a status: the crew sets one of AVAILABLE, EN_ROUTE, ON_SCENE, BUSY, UNAVAILABLE",
        "NONSENSE is not a status: the crew sets one of AVAILABLE, EN_ROUTE, ON_SCENE, BUSY, UNAVAILABLE",
        "No status given: the crew sets one of AVAILABLE, EN_ROUTE, ON_SCENE, BUSY, UNAVAILABLE",
        "Unit MP-1 is already AVAILABLE"
      ])
      for (const entry of refusals) expect(entry).toMatchObject({ actor: { type: "user", id: jane.id }, targetType: "unit", targetId: unit.id })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("the same status command twice at once moves the unit once", () =>
    Effect.gen(function*() {
      const { unit } = yield* janeCrewing
      const before = (yield* actions).length
      yield* Effect.all(Array.from({ length: 4 }, () => handle(command("101", "status", "UNAVAILABLE"))), { concurrency: "unbounded" })
      expect(yield* unitNow(unit.id)).toMatchObject({ status: "UNAVAILABLE", version: unit.version + 1 })
      expect((yield* actions).slice(before)).toEqual(["cad.unit.status.changed"])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})

describe("other commands", () => {
  it.effect("are ignored without a record, linked crew or not", () =>
    Effect.gen(function*() {
      yield* janeCrewing
      const before = { history: (yield* history).length, audit: (yield* auditEntries).length }
      yield* handle(command("101", "logging", "This is a custom command."))
      yield* handle(command("999", "panicked"))
      yield* handle(command("101", ""))
      expect((yield* history).length).toBe(before.history)
      expect((yield* auditEntries).length).toBe(before.audit)
      expect(yield* claims).toEqual([])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})

describe("webhook messages of the game's events", () => {
  it.effect("a panic sends cad.panic, cad.incident.created and cad.unit.assigned once; a panic again sends cad.panic alone; an emergency call sends cad.call.received", () =>
    Effect.gen(function*() {
      const admin = aPerson({ permissions: ["admin.manage"], displayName: "Admin" })
      yield* subscribe(admin, ["cad.panic", "cad.incident.created", "cad.unit.assigned", "cad.call.received"])
      const { unit } = yield* janeCrewing
      yield* janeAtParkStreet
      yield* handle(command("101", "panic", "shots fired", 1))
      // Delivered again: nothing more.
      yield* handle(command("101", "panic", "shots fired", 1))
      const first = yield* sentMessages
      expect(first.map((m) => m.type)).toEqual(["cad.panic", "cad.incident.created", "cad.unit.assigned"])
      const [raised] = (yield* history).filter((event) => event.type === "PANIC_RAISED")
      const incident = yield* incidentNow(raised!.incidentId!)
      expect(first[0]!.data).toEqual(Schema.encodeSync(Incident)(incident))
      expect(first[2]!.data).toMatchObject({ id: unit.id, status: "ASSIGNED", incident: { id: incident.id } })
      yield* handle(command("101", "panic", "still under fire", 2))
      expect((yield* sentMessages).slice(3).map((m) => [m.type, m.data.id])).toEqual([["cad.panic", incident.id]])
      yield* handle(started({ callNumber: 4242 }))
      const last = (yield* sentMessages).at(-1)!
      expect(last).toMatchObject({ type: "cad.call.received", data: { source: "GAME", gameCallNumber: 4242, status: "WAITING" } })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})
