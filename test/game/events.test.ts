/**
 * What the game's events do, against the real server and the simulator
 * delivering signed events to its webhook: emergency calls into CAD and out
 * again, `;panic` and `;status` from a crew member's chat, every refusal and
 * every ignored player, and the same event delivered twice (and to two
 * instances at once, when Redis lets two share a database) giving one effect.
 * The events are handled after the `204`: a test waits for a marker event
 * sent after the one it checks (the events of a batch are handled in order),
 * never for a time.
 */
import type { GameServerSimulator, SimulatedPlayer } from "@bluelight/adapters-game"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bodyOf, listOf } from "../harness/body.js"
import { asSession, assign, type CadClient, type CadEventData, createIncident, crewedUnit, crewMember, openStream } from "../harness/cad.js"
import { startInstancesWithSimulator, WEBHOOK_PATH } from "../harness/game.js"
import { linkPlatform, meData, type Session, signIn } from "../harness/identity.js"
import type { RunningServer } from "../harness/server.js"
import { arrived, callsOf, emergencyEvent, gameCalls } from "./webhookSigning.js"

const PLAYERS: ReadonlyArray<SimulatedPlayer> = [
  { username: "Officer_Ann", platformId: "300000001", callsign: "1A-11", team: "Police", location: { x: 100, z: 100 } },
  { username: "Walker_Bob", platformId: "300000002", team: "Civilian", location: { x: -500, z: 700 } },
  { username: "Staff_NoUnit", platformId: "300000003", team: "Police" },
  { username: "Plain_Member", platformId: "300000004", team: "Civilian" },
  { username: "Refused_Rita", platformId: "300000005", team: "Police", location: { x: 900, z: -900 } }
]
const ANN = "300000001"

let simulator: GameServerSimulator
let a: RunningServer
let b: RunningServer
let admin: Session
let stop: () => Promise<void>
let control: CadClient
/** Hand-made call numbers, far from the simulator's own (from 101). */
let marker = 90_000

beforeAll(async () => {
  ;({ simulator, a, b, admin, stop } = await startInstancesWithSimulator({
    simulator: { players: PLAYERS },
    admin: "events-admin",
    webhook: true,
    second: "with Redis"
  }))
  control = asSession(a, admin)
}, 120_000)
afterAll(() => stop?.())

const get = async (path: string) => {
  const reply = await a.request("GET", path, { headers: { cookie: admin.cookie } })
  expect(reply.status, reply.text).toBe(200)
  return reply
}
const history = async (): Promise<Array<CadEventData>> => {
  const all: Array<CadEventData> = []
  for (;;) {
    const page = listOf<CadEventData>(await get(`/api/cad/events?limit=100&offset=${all.length}`))
    all.push(...page.data)
    if (page.data.length < 100) return all
  }
}
/** The audit entries of one action, newest first. */
const audited = async (action: string) => listOf<{ action: string; data: Record<string, unknown> }>(await get(`/api/audit?action=${action}&limit=100`)).data
const unitOf = async (id: string) => bodyOf(await get(`/api/cad/units/${id}`))["data"] as { status: string; incidentId: string | null; version: number }

/** Delivers `events` then a marker emergency call, and waits until the marker is in CAD: every event before it is handled. */
const deliverAndSettle = async (events: ReadonlyArray<unknown>, to: RunningServer = a) => {
  const number = ++marker
  const status = await simulator.sendEvents([...events, emergencyEvent(number)] as never, { to: `${to.url}${WEBHOOK_PATH}` })
  expect(status).toBe(204)
  await arrived(a, admin, number)
}

const chat = (origin: string, command: string, argument = "", timestamp = simulator.nowSeconds) => ({
  event: "CustomCommand",
  origin,
  timestamp,
  data: { command, argument }
})

/** A staff member with `cad.unit.self`, linked to the platform id, crewing a new unit; answers their account and unit. */
const linkedCrew = async (id: string, platformId: string, username: string) => {
  const member = await crewMember(a, admin, id)
  expect((await linkPlatform(a, member.session, { id: platformId, username })).status).toBe(302)
  const unit = await crewedUnit(control, member.accountId)
  return { accountId: member.accountId, unit }
}

describe("the game's emergency calls in CAD", () => {
  it("a call started in the game arrives WAITING from the game, named for its caller, at the caller's street, on the live feed; it closes when the game's ends", async () => {
    const stream = await openStream(a, "/api/cad/events/stream", { cookie: admin.cookie })
    expect(stream.status).toBe(200)
    await stream.opening()
    const started = await simulator.startEmergencyCall({ caller: ANN, description: "shots fired", team: "Police", positionDescriptor: null })
    expect(started.status).toBe(204)
    const fed = await stream.nextEvent()
    stream.close()
    expect(fed).toMatchObject({ type: "CALL_RECEIVED", actor: { serviceId: "game" }, data: { gameCallNumber: started.callNumber, source: "GAME" } })
    const [call, ...others] = await arrived(a, admin, started.callNumber)
    expect(others).toEqual([])
    const place = simulator.locationOf(ANN)!
    expect(call).toMatchObject({
      status: "WAITING",
      source: "GAME",
      gameCallNumber: started.callNumber,
      callerName: "Officer_Ann",
      location: `${place.StreetName}, ${place.PostalCode}`,
      description: "shots fired"
    })
    const received = (await history()).find((event) => event.type === "CALL_RECEIVED" && event.callId === call!.id)
    expect(received).toMatchObject({ actor: { serviceId: "game" }, data: { team: "Police", gameCallNumber: started.callNumber } })
    expect((await audited("cad.call.received")).some((entry) => entry.data["callId"] === call!.id)).toBe(true)
    // The live read links the game's call to the CAD call it became.
    const live = listOf<{ callNumber: number; cadCallId: string | null }>(await get("/api/server/emergency-calls")).data
    expect(live.find((c) => c.callNumber === started.callNumber)?.cadCallId).toBe(call!.id)

    expect(await simulator.endEmergencyCall(started.callNumber)).toBe(204)
    await expect.poll(async () => (await gameCalls(a, admin, started.callNumber))[0]?.status, { timeout: 30_000, interval: 100 }).toBe("CLOSED")
    const closed = (await gameCalls(a, admin, started.callNumber))[0] as unknown as { closeReason: string }
    expect(closed.closeReason).toBe("Ended in the game")
  })

  it("an automated call is from an unknown caller at the game's place description; an attached call stays attached when the game's ends", async () => {
    const started = await simulator.startEmergencyCall({ caller: null, description: "", positionDescriptor: "Outside the bank", team: "Fire" })
    const [call] = await arrived(a, admin, started.callNumber)
    expect(call).toMatchObject({ callerName: "Unknown caller", location: "Outside the bank", description: "Emergency call from the game" })
    const incident = await createIncident(control)
    const attach = await control.call("POST", `/api/cad/calls/${call!.id}/attach`, { incidentId: incident.id })
    expect(attach.status, attach.text).toBe(200)
    await simulator.endEmergencyCall(started.callNumber)
    await deliverAndSettle([])
    expect((await gameCalls(a, admin, started.callNumber)).map((c) => c.status)).toEqual(["ATTACHED"])
  })

  it("the same event delivered again (another delivery, a batch of its own) and to two instances at once gives one call", async () => {
    const number = ++marker
    const event = emergencyEvent(number, { caller: null })
    await deliverAndSettle([event])
    await deliverAndSettle([event, event])
    await Promise.all([deliverAndSettle([event], a), deliverAndSettle([event], b), deliverAndSettle([event], b)])
    expect(await gameCalls(a, admin, number)).toHaveLength(1)
    const received = (await history()).filter((entry) => entry.type === "CALL_RECEIVED" && entry.data["gameCallNumber"] === number)
    expect(received).toHaveLength(1)
  })

  it("a call made through the API is from the API, with no game call number", async () => {
    const reply = await control.call("POST", "/api/cad/calls", { callerName: "Relay bot", callerNumber: null, location: "A1", description: "Relayed" })
    expect(reply.status, reply.text).toBe(201)
    expect(bodyOf(reply)["data"]).toMatchObject({ source: "API", gameCallNumber: null })
    const listed = (await callsOf(a, admin, ["WAITING"])).find((call) => call.id === (bodyOf(reply)["data"] as { id: string }).id)
    expect(listed).toMatchObject({ source: "API", gameCallNumber: null })
  })
})

describe("commands typed in the game's chat", () => {
  it("`;panic` from a linked crew member raises an IMMEDIATE incident at their live street with their unit assigned; `;status` moves it", async () => {
    const { accountId, unit } = await linkedCrew("events-ann", ANN, "Officer_Ann")
    expect(await simulator.chat(ANN, ";PANIC taking fire, send help")).toBe(204)
    await expect.poll(async () => (await unitOf(unit.id)).status, { timeout: 30_000, interval: 100 }).toBe("ASSIGNED")
    const events = await history()
    const panic = events.find((event) => event.type === "PANIC_RAISED" && event.unitId === unit.id)!
    expect(panic.actor).toMatchObject({ id: accountId })
    const after = events.slice(events.indexOf(panic)).filter((event) => event.incidentId === panic.incidentId).map((event) => event.type)
    expect(after).toEqual(["PANIC_RAISED", "INCIDENT_CREATED", "UNIT_ASSIGNED"])
    const incident = bodyOf(await get(`/api/cad/incidents/${panic.incidentId}`))["data"] as Record<string, unknown>
    const place = simulator.locationOf(ANN)!
    expect(incident).toMatchObject({
      priority: "IMMEDIATE",
      type: `Panic: ${unit.callsign}`,
      location: `${place.StreetName}, ${place.PostalCode}`,
      description: "taking fire, send help",
      status: "OPEN"
    })
    expect((await unitOf(unit.id)).incidentId).toBe(panic.incidentId)
    expect((await audited("cad.panic")).map((entry) => entry.data["incidentId"])).toContain(panic.incidentId)

    await deliverAndSettle([chat(ANN, "status", "en_route")])
    expect((await unitOf(unit.id)).status).toBe("EN_ROUTE")
  })

  it("a refused `;status` changes nothing and is audited with the rule's message", async () => {
    const { unit } = await linkedCrew("events-rita", "300000005", "Refused_Rita")
    const before = await unitOf(unit.id)
    await deliverAndSettle([chat("300000005", "status", "ON_SCENE"), chat("300000005", "Status", "assigned")])
    expect(await unitOf(unit.id)).toEqual(before)
    const refusals = (await audited("game.command.refused")).filter((entry) => entry.data["platformId"] === "300000005")
    expect(refusals.map((entry) => entry.data["reason"]).sort()).toEqual([
      "ASSIGNED is not a status: the crew sets one of AVAILABLE, EN_ROUTE, ON_SCENE, BUSY, UNAVAILABLE",
      `Unit ${unit.callsign} is on no incident: it moves between AVAILABLE, BUSY, UNAVAILABLE`
    ])
    // On an incident the same move is allowed.
    await assign(control, (await createIncident(control)).id, { id: unit.id, version: before.version })
    await deliverAndSettle([chat("300000005", "status", "on scene")])
    expect((await unitOf(unit.id)).status).toBe("ON_SCENE")
  })

  it("an unlinked player and staff crewing no unit are ignored, a linked player who is not staff is forbidden, each audited; other commands leave no trace", async () => {
    const staff = await crewMember(a, admin, "events-nounit")
    expect((await linkPlatform(a, staff.session, { id: "300000003", username: "Staff_NoUnit" })).status).toBe(302)
    const plain = await signIn(a, { id: "events-plain", displayName: "Plain" })
    expect((await linkPlatform(a, plain, { id: "300000004", username: "Plain_Member" })).status).toBe(302)
    await meData(a, plain)
    const historyBefore = (await history()).length
    await deliverAndSettle([
      chat("300000002", "panic", "help"),
      chat("300000004", "panic"),
      chat("300000003", "status", "BUSY"),
      chat("300000003", "logging", "This is a custom command."),
      chat(ANN, "911", "anything")
    ])
    const ignored = await audited("game.command.ignored")
    expect(ignored.map((entry) => [entry.data["platformId"], entry.data["command"], entry.data["reason"]]).reverse()).toEqual([
      ["300000002", "panic", "The player has no linked Bluelight account"],
      ["300000003", "status", "The player is not crewing a unit"]
    ])
    // A member the MDT would refuse (no `cad.unit.self`) is forbidden, by them (chatRules.test.ts has the rest).
    const forbidden = await audited("game.command.forbidden")
    expect(forbidden.map((entry) => [entry.data["platformId"], entry.data["command"], entry.data["code"]])).toEqual([["300000004", "panic", "FORBIDDEN"]])
    // Only the marker call reached CAD; the other commands were not even refused.
    expect((await history()).slice(historyBefore).map((event) => event.type)).toEqual(["CALL_RECEIVED"])
    expect((await audited("game.command.refused")).filter((entry) => ["300000003", ANN].includes(String(entry.data["platformId"])))).toEqual([])
  })

  it("hostile text from the game is cleaned, never refused nor a failure: NUL and direction controls in a call, an origin that is no platform id (the receiver refuses NUL in the envelope itself)", async () => {
    const number = ++marker
    const hostile = {
      ...emergencyEvent(number, { caller: null, description: `fire\u0000 in the\r\nkitchen\u202e ${"!".repeat(3000)}` }),
      origin: "server\u202e"
    }
    ;(hostile.data as { positionDescriptor: string }).positionDescriptor = "\u0000\u2066Old Mill\u2069 Road\n"
    await deliverAndSettle([hostile, chat("1 x\u202e", "panic", "\u0000"), chat("9".repeat(5000), "status", "busy")])
    const [call] = await gameCalls(a, admin, number)
    expect(call).toMatchObject({ location: "Old Mill Road", status: "WAITING" })
    expect(call!.description.startsWith("fire in the kitchen !!!")).toBe(true)
    expect(call!.description).toHaveLength(2000)
    const ignored = (await audited("game.command.ignored")).slice(0, 2).map((entry) => entry.data["platformId"])
    expect(ignored).toEqual([expect.stringMatching(/^9{64}$/), "1 x"])
  })
})
