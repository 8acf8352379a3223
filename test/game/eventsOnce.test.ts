/**
 * One CAD call per emergency call of the game, whatever the game sends: its
 * start sent again with a new timestamp (another event, by its key) while the
 * call waits in CAD makes no second call and records nothing, also when the
 * sendings reach two instances sharing one database at once; a start for a
 * number whose call was attached or closed is the game numbering calls again,
 * and makes a new one. An instance forgets the claims of events older than a
 * day as it starts. The events are handled after the `204`: a test waits
 * for a marker call sent after the ones it checks, never for a time.
 */
import type { GameServerSimulator } from "@bluelight/adapters-game"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { listOf } from "../harness/body.js"
import { asSession, type CadEventData, createIncident } from "../harness/cad.js"
import type { TestDatabase } from "../harness/database.js"
import { startInstancesWithSimulator } from "../harness/game.js"
import type { Session } from "../harness/identity.js"
import { type RunningServer, startServer, UNLIMITED_RATES } from "../harness/server.js"
import { arrived, batchText, deliver, emergencyEvent, gameCalls, signed } from "./webhookSigning.js"

let simulator: GameServerSimulator
let database: TestDatabase
let a: RunningServer
let b: RunningServer
let admin: Session
let env: Record<string, string | undefined>
let stop: (() => Promise<void>) | undefined
beforeAll(async () => {
  ;({ simulator, database, a, b, admin, env, stop } = await startInstancesWithSimulator({
    admin: "events-once-admin",
    second: "always",
    webhook: true,
    env: UNLIMITED_RATES
  }))
}, 120_000)
afterAll(() => stop?.())

let nextCallNumber = 20_000
const callNumber = () => ++nextCallNumber

/** The start of the game's call `number`, and that start as the game sends it again: the same call, stamped `later` seconds on. */
const startOf = (number: number) => {
  const start = emergencyEvent(number)
  return { start, again: (later: number) => ({ ...start, timestamp: start.timestamp + later }) }
}

/** Delivers `events` in one batch to `server`, signed now. */
const send = async (server: RunningServer, events: ReadonlyArray<unknown>) => {
  const reply = await deliver(server, signed(simulator, batchText(simulator, events)))
  expect(reply.status, reply.text).toBe(204)
}

/** A marker call delivered to each instance and seen in CAD: whatever either queued before it is handled. */
const settled = async () => {
  for (const server of [a, b]) {
    const marker = callNumber()
    await send(server, [emergencyEvent(marker)])
    await arrived(a, admin, marker)
  }
}

/** The `CALL_RECEIVED` entries of the game's call `number` in CAD history. */
const receivedFor = async (number: number) => {
  const all: Array<CadEventData> = []
  for (;;) {
    const reply = await a.request("GET", `/api/cad/events?limit=100&offset=${all.length}`, { headers: { cookie: admin.cookie } })
    expect(reply.status, reply.text).toBe(200)
    const page = listOf<CadEventData>(reply).data
    all.push(...page)
    if (page.length < 100) break
  }
  return all.filter((entry) => entry.type === "CALL_RECEIVED" && (entry.data as { gameCallNumber?: number }).gameCallNumber === number)
}

describe("the game's emergency call sent again with a new timestamp", () => {
  it("while its CAD call waits makes no second call and records nothing", async () => {
    const number = callNumber()
    const { again, start } = startOf(number)
    await send(a, [start])
    const [call] = await arrived(a, admin, number)
    await send(a, [again(1), { ...again(2), data: { ...start.data, description: "Still waiting" } }])
    await send(b, [again(3)])
    await settled()
    expect(await gameCalls(a, admin, number)).toEqual([call])
    expect(await receivedFor(number)).toHaveLength(1)
  })

  it("to two instances at once, many times, makes one call", async () => {
    const number = callNumber()
    const { again } = startOf(number)
    const sendings = Array.from({ length: 10 }, (_, i) => deliver(i % 2 === 0 ? a : b, signed(simulator, batchText(simulator, [again(i)]))))
    expect((await Promise.all(sendings)).map((reply) => reply.status)).toEqual(Array.from({ length: 10 }, () => 204))
    await arrived(a, admin, number)
    await settled()
    expect(await gameCalls(b, admin, number)).toHaveLength(1)
    expect(await receivedFor(number)).toHaveLength(1)
  })

  it("once its call was attached or closed is the game numbering calls again: a new call", async () => {
    const [attached, closed] = [startOf(callNumber()), startOf(callNumber())]
    await send(a, [attached.start, closed.start])
    const [first] = await arrived(a, admin, attached.start.data.callNumber)
    await arrived(a, admin, closed.start.data.callNumber)
    const control = asSession(a, admin)
    const incident = await createIncident(control)
    const attach = await control.call("POST", `/api/cad/calls/${first!.id}/attach`, { incidentId: incident.id })
    expect(attach.status, attach.text).toBe(200)
    await send(a, [{ ...closed.start, event: "EmergencyCallEnded" }])
    await settled()
    await send(b, [attached.again(5), closed.again(5)])
    await settled()
    expect((await gameCalls(a, admin, attached.start.data.callNumber)).map((call) => call.status).sort()).toEqual(["ATTACHED", "WAITING"])
    expect((await gameCalls(a, admin, closed.start.data.callNumber)).map((call) => call.status).sort()).toEqual(["CLOSED", "WAITING"])
  })
})

describe("the claims of the game's events", () => {
  it("older than a day are forgotten by an instance as it starts; newer ones are kept", async () => {
    await database.query(`
      INSERT INTO game_events_handled (digest, handled_at)
      VALUES ('events-once-old', now() - interval '25 hours'), ('events-once-recent', now() - interval '23 hours')`)
    const kept = async () =>
      (await database.query<{ digest: string }>(`SELECT digest FROM game_events_handled WHERE digest LIKE 'events-once-%'`)).rows.map((row) => row.digest)
    expect((await kept()).sort()).toEqual(["events-once-old", "events-once-recent"])
    const starting = await startServer({ database, env })
    try {
      await expect.poll(kept, { timeout: 30_000, interval: 100 }).toEqual(["events-once-recent"])
      // Logged once the deletion has committed.
      const logged = () => starting.logs.filter((line) => typeof line.message === "string" && line.message.includes("1 claim(s) older than a day forgotten"))
      await expect.poll(() => logged().length, { timeout: 30_000, interval: 100 }).toBe(1)
    } finally {
      await starting.stop()
    }
  })
})
