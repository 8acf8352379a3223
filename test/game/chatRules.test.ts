/**
 * The game's chat commands held to Bluelight's own rules, against the real
 * server (two instances on one database) and deliveries signed with the
 * simulator's key: a crew member the MDT refuses moves nothing from the chat;
 * a flood of `;panic` from one unit, delivered in parallel to both instances,
 * gives one open incident; a flood from an unlinked player writes one audit
 * entry. The events are handled after the `204`: each test waits for a
 * marker call delivered after the events it checks (a batch is handled in
 * order; across deliveries it waits for every one), never for a time.
 */
import type { GameServerSimulator, SimulatedPlayer } from "@bluelight/adapters-game"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bodyOf, listOf } from "../harness/body.js"
import { asSession, type CadClient, type CadEventData, crewedUnit, crewMember } from "../harness/cad.js"
import { startInstancesWithSimulator } from "../harness/game.js"
import { advanceClock, linkPlatform, type Session, write } from "../harness/identity.js"
import type { RunningServer } from "../harness/server.js"
import { arrived, batchText, deliver, emergencyEvent, signed } from "./webhookSigning.js"

const PLAYERS: ReadonlyArray<SimulatedPlayer> = [
  { username: "Roleless_Ria", platformId: "310000001", team: "Police", location: { x: 10, z: 10 } },
  { username: "Panicky_Pete", platformId: "310000002", team: "Police", location: { x: 200, z: -40 } }
]
const RIA = "310000001"
const PETE = "310000002"

let simulator: GameServerSimulator
let a: RunningServer
let b: RunningServer
let admin: Session
let stop: () => Promise<void>
let control: CadClient
/** Hand-made call numbers, far from the simulator's own (from 101). */
let marker = 95_000
let stamp = 1_775_600_000

beforeAll(async () => {
  ;({ simulator, a, b, admin, stop } = await startInstancesWithSimulator({
    simulator: { players: PLAYERS },
    admin: "chat-rules-admin",
    webhook: true,
    second: "always"
  }))
  control = asSession(a, admin)
}, 120_000)
afterAll(() => stop?.())

const get = async (path: string) => {
  const reply = await a.request("GET", path, { headers: { cookie: admin.cookie } })
  expect(reply.status, reply.text).toBe(200)
  return reply
}
interface AuditData {
  readonly action: string
  readonly actor: { readonly type: string; readonly id: string }
  readonly targetType: string
  readonly targetId: string | null
  readonly data: Record<string, unknown>
}
const audited = async (action: string) => listOf<AuditData>(await get(`/api/audit?action=${action}&limit=100`)).data
const unitOf = async (id: string) => bodyOf(await get(`/api/cad/units/${id}`))["data"] as { status: string; incidentId: string | null; version: number }
const openIncidents = async () => listOf<{ id: string; type: string; priority: string }>(await get("/api/cad/incidents?status=OPEN&limit=100")).data
const historyOf = async (incidentId: string) => listOf<CadEventData>(await get(`/api/cad/events?incidentId=${incidentId}&limit=100`)).data

/** A chat command as the game sends it; each one another event (its own timestamp). */
const chat = (origin: string, command: string, argument = "") => ({ event: "CustomCommand", origin, timestamp: ++stamp, data: { command, argument } })

/** One signed delivery of `events` to `to`, answered `204`. */
const delivered = async (events: ReadonlyArray<unknown>, to: RunningServer = a) => {
  const reply = await deliver(to, signed(simulator, batchText(simulator, events)))
  expect(reply.status, reply.text).toBe(204)
}

/** Every delivery given, at once, to both instances in turn; then a marker after them on each instance, waited for. */
const deliverAllAndSettle = async (batches: ReadonlyArray<ReadonlyArray<unknown>>) => {
  await Promise.all(batches.map((events, i) => delivered(events, i % 2 === 0 ? a : b)))
  for (const to of [a, b]) {
    const number = ++marker
    await delivered([emergencyEvent(number, { caller: null })], to)
    await arrived(a, admin, number)
  }
}

/**
 * Both instances' clocks moved on together to a second past the next whole
 * minute (the bound's window is the minute of the application's clock), so a
 * test that counts one entry a minute has the rest of that minute.
 */
const startOfAMinute = async () => {
  const now = await advanceClock(a, 0)
  const step = 60_000 - (now % 60_000) + 1_000
  await Promise.all([a, b].filter((server, i) => i === 0 || server !== a).map((server) => advanceClock(server, step)))
}

/** A staff member with `cad.unit.self` (their own role), linked to the platform id, crewing a new unit. */
const linkedCrew = async (id: string, platformId: string, username: string) => {
  const member = await crewMember(a, admin, id)
  expect((await linkPlatform(a, member.session, { id: platformId, username })).status).toBe(302)
  const unit = await crewedUnit(control, member.accountId)
  return { ...member, unit }
}

describe("the game's chat is the crew's own hand: the MDT's rule", () => {
  it("a crew member whose roles were all removed moves nothing and raises nothing from the chat, as the MDT refuses them; the refusal is audited with why", async () => {
    const ria = await linkedCrew("chat-ria", RIA, "Roleless_Ria")
    const removed = await write(a, admin, "PATCH", `/api/staff/${ria.staff.id}`, { roleIds: [] })
    expect(removed.status, removed.text).toBe(200)
    // The MDT answers the same person 403.
    const mdt = await write(a, ria.session, "POST", "/api/mdt/status", { status: "BUSY", version: ria.unit.version })
    expect(mdt.status, mdt.text).toBe(403)
    const before = await unitOf(ria.unit.id)
    const incidentsBefore = await openIncidents()
    await startOfAMinute()
    await deliverAllAndSettle([[chat(RIA, "status", "BUSY"), chat(RIA, "panic", "help")]])
    expect(await unitOf(ria.unit.id)).toEqual(before)
    expect(await openIncidents()).toEqual(incidentsBefore)
    const refusals = (await audited("game.command.forbidden")).filter((entry) => entry.data["platformId"] === RIA)
    // The panic right after is within the same minute's bound: one entry for the two.
    expect(refusals).toHaveLength(1)
    expect(refusals[0]).toMatchObject({
      actor: { type: "user", id: ria.accountId },
      targetType: "account",
      targetId: ria.accountId,
      data: { command: "status", code: "FORBIDDEN", permission: "cad.unit.self", reason: "Missing permission cad.unit.self" }
    })
    expect((await audited("cad.unit.status.changed")).filter((entry) => entry.actor.id === ria.accountId)).toEqual([])
  })
})

describe("one open panic per unit", () => {
  it("many panics from one crew member, delivered in parallel to two instances, give one open incident, each panic on it", async () => {
    const pete = await linkedCrew("chat-pete", PETE, "Panicky_Pete")
    const batches = Array.from({ length: 8 }, () => Array.from({ length: 5 }, () => chat(PETE, "panic", "officer down")))
    await deliverAllAndSettle(batches)
    const panics = (await openIncidents()).filter((incident) => incident.type === `Panic: ${pete.unit.callsign}`)
    expect(panics).toHaveLength(1)
    const unit = await unitOf(pete.unit.id)
    expect(unit).toMatchObject({ status: "ASSIGNED", incidentId: panics[0]!.id })
    const raised = (await historyOf(panics[0]!.id)).filter((event) => event.type === "PANIC_RAISED")
    expect(raised).toHaveLength(40)
    for (const event of raised) expect(event).toMatchObject({ unitId: pete.unit.id, actor: { id: pete.accountId } })
  })
})

describe("commands not carried out are audited within a bound", () => {
  it("a flood of commands from one unlinked player, in one delivery and several at once, writes one audit entry", async () => {
    const flood = "310000099"
    await startOfAMinute()
    const batches = Array.from({ length: 4 }, () => Array.from({ length: 130 }, (_, i) => chat(flood, i % 2 === 0 ? "panic" : "status", "BUSY")))
    await deliverAllAndSettle(batches)
    const entries = (await audited("game.command.ignored")).filter((entry) => entry.data["platformId"] === flood)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ actor: { type: "service", id: "game" }, data: { reason: "The player has no linked Bluelight account" } })
  })
})
