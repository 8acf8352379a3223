/**
 * What an attacker found in the game's webhook (issue 30), each mended
 * (docs/decisions/game.md, "The event webhook"): a body that is not the
 * protocol (a number JSON cannot hold again, a call number past the
 * database's column) is refused `400` at the door, never kept to stall the
 * inbox; a row the worker cannot read is set aside with its reason while the
 * rows beside it are handled; a lone surrogate in the game's text is cleaned,
 * never costing its batch; and the inbox is bounded, answering `429` with
 * `Retry-After` past the bound.
 */
import type { GameServerSimulator } from "@bluelight/adapters-game"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { detailsOf } from "../harness/body.js"
import type { TestDatabase } from "../harness/database.js"
import { expectError } from "../harness/expectations.js"
import { startInstancesWithSimulator } from "../harness/game.js"
import type { Session } from "../harness/identity.js"
import { type RunningServer, startServer, UNLIMITED_RATES } from "../harness/server.js"
import { arrived, batchText, callsOf, deliver, emergencyEvent, gameCalls, nowSeconds, signed } from "./webhookSigning.js"

let simulator: GameServerSimulator
let database: TestDatabase
let a: RunningServer
let b: RunningServer
let admin: Session
let env: Record<string, string | undefined>
let stop: () => Promise<void>
beforeAll(async () => {
  ;({ simulator, database, a, b, admin, env, stop } = await startInstancesWithSimulator({
    admin: "webhook-attacks-admin",
    webhook: true,
    second: "always",
    env: UNLIMITED_RATES
  }))
})
afterAll(() => stop?.())

let nextCallNumber = 9500
const callNumber = () => ++nextCallNumber

/** The inbox's rows as the tests look at them, oldest first. */
const inboxRows = async () =>
  (await database.query<{ readonly id: string; readonly failed: boolean; readonly failure: string | null }>(
    "SELECT id::text AS id, failed_at IS NOT NULL AS failed, failure FROM game_event_inbox ORDER BY id"
  )).rows

describe("a body that is not the protocol", () => {
  it("is refused 400 INVALID_INPUT when a position is a number JSON cannot write again (1e400), nothing kept", async () => {
    const number = callNumber()
    // JSON.parse reads 1e400 as Infinity, which JSON writes as null: kept, it could never be read back.
    const text = batchText(simulator, [emergencyEvent(number)]).replace("[120.5,-340.25]", "[1e400,0]")
    expect(text).toContain("[1e400,0]")
    const problems = detailsOf(expectError(await deliver(a, signed(simulator, text)), 400, "INVALID_INPUT"))
    expect(problems.map((p) => p.path)).toEqual([["events", "0", "data", "position", "0"]])
    expect(await inboxRows()).toEqual([])
  })

  it("is refused 400 INVALID_INPUT when a call number is past what the database holds (32 bits) or negative; the bound itself is taken", async () => {
    for (const beyond of [2 ** 31, 2 ** 40, -1]) {
      const problems = detailsOf(expectError(await deliver(a, signed(simulator, batchText(simulator, [emergencyEvent(beyond)]))), 400, "INVALID_INPUT"))
      expect(problems.map((p) => p.path)).toEqual([["events", "0", "data", "callNumber"]])
    }
    expect(await inboxRows()).toEqual([])
    const largest = 2 ** 31 - 1
    expect((await deliver(a, signed(simulator, batchText(simulator, [emergencyEvent(largest)])))).status).toBe(204)
    expect(await arrived(a, admin, largest)).toHaveLength(1)
  })
})

describe("a row of the inbox the worker cannot read", () => {
  it("is set aside with its reason, never taken again, while the good batches beside it are handled", async () => {
    const before = callNumber()
    const after = callNumber()
    const poisonedNumber = callNumber()
    const poisoned = { ...emergencyEvent(poisonedNumber), data: { ...emergencyEvent(poisonedNumber).data, position: [null, 0] } }
    const put = (events: ReadonlyArray<unknown>) =>
      database.query("INSERT INTO game_event_inbox (server, events, request_id) VALUES ($1, $2::jsonb, NULL)", [
        simulator.webhookServerId,
        JSON.stringify(events)
      ])
    // Nine poisoned rows, as the attacker left them, between good ones.
    await put([emergencyEvent(before)])
    for (let i = 0; i < 9; i++) await put([poisoned])
    await put([emergencyEvent(after)])
    expect((await deliver(b, signed(simulator, batchText(simulator, [emergencyEvent(callNumber())])))).status).toBe(204)
    await arrived(a, admin, before)
    await arrived(b, admin, after)
    await expect.poll(async () => (await inboxRows()).map((row) => row.failed), { timeout: 30_000, interval: 100 })
      .toEqual(Array.from({ length: 9 }, () => true))
    for (const row of await inboxRows()) expect(row.failure).toContain("position")
    expect(await gameCalls(a, admin, poisonedNumber)).toEqual([])
    await database.query("DELETE FROM game_event_inbox")
  })
})

describe("a lone surrogate in the game's text", () => {
  it("is dropped before the batch is kept: 204, the valid call beside it reaches CAD, the text kept cleaned", async () => {
    const clean = callNumber()
    const dirty = callNumber()
    const events = [
      { event: "CustomCommand", origin: "100000999", timestamp: nowSeconds(), data: { command: "pa\ud800nic", argument: "help \udc00me" } },
      emergencyEvent(dirty, { description: "Fire\ud800 at the docks\u0007" }),
      emergencyEvent(clean)
    ]
    const text = batchText(simulator, events)
    // JSON writes a lone surrogate as an escape: the body is valid UTF-8, and the text it reads is not storable as it is.
    expect(text).toContain("\\ud800")
    expect((await deliver(a, signed(simulator, text))).status).toBe(204)
    expect(await arrived(a, admin, clean)).toHaveLength(1)
    expect((await arrived(a, admin, dirty)).map((call) => call.description)).toEqual(["Fire at the docks"])
  })
})

describe("the inbox's bound (GAME_EVENT_INBOX_MAX_EVENTS)", () => {
  it("takes a delivery while fewer events wait than the bound, and answers 429 with Retry-After once it is reached", async () => {
    const bounded = await startServer({ database, env: { ...env, GAME_EVENT_INBOX_MAX_EVENTS: "3" } })
    // Events another instance holds under a lease that does not end within the test: waiting, not handled.
    const hold = (count: number) =>
      database.query(
        `INSERT INTO game_event_inbox (server, events, request_id, taken_by, taken_until) VALUES ($1, $2::jsonb, NULL, 'busy instance', now() + interval '1 hour')`,
        [simulator.webhookServerId, JSON.stringify(Array.from({ length: count }, () => ({ event: "WebhookProbe", origin: "global", timestamp: 1, data: {} })))]
      )
    try {
      await hold(2)
      // Two wait, one below the bound of three: taken.
      const taken = callNumber()
      expect((await deliver(bounded, signed(simulator, batchText(simulator, [emergencyEvent(taken)])))).status).toBe(204)
      await arrived(bounded, admin, taken)
      // Three wait: the bound; the next delivery is refused with the envelope, and kept nowhere.
      await hold(1)
      const refused = callNumber()
      const delivery = signed(simulator, batchText(simulator, [emergencyEvent(refused)]))
      const reply = await deliver(bounded, delivery)
      expectError(reply, 429, "RATE_LIMITED")
      expect(Number(reply.headers.get("retry-after"))).toBeGreaterThan(0)
      // Room again: a delivery after it is handled, and it was not (had it been kept, it would have been handled first).
      await database.query("DELETE FROM game_event_inbox WHERE taken_by = 'busy instance'")
      const sentinel = callNumber()
      expect((await deliver(bounded, signed(simulator, batchText(simulator, [emergencyEvent(sentinel)])))).status).toBe(204)
      await arrived(a, admin, sentinel)
      expect(await gameCalls(a, admin, refused)).toEqual([])
      // The same delivery sent again is taken: its signature was forgotten with the refusal.
      expect((await deliver(bounded, delivery)).status).toBe(204)
      expect(await arrived(a, admin, refused)).toHaveLength(1)
    } finally {
      await database.query("DELETE FROM game_event_inbox WHERE taken_by = 'busy instance'")
      await bounded.stop()
    }
  })
})

describe("an emergency call's end handled before its start", () => {
  // One call's start and end carry the same `startedAt`: the start is made first and the end from it, so that a
  // slow machine's second passing between them does not make the start a later call of that number.
  const ended = (start: ReturnType<typeof emergencyEvent>) => ({ ...start, event: "EmergencyCallEnded" })
  const statusesOf = async (number: number) => (await gameCalls(a, admin, number)).map((call) => call.status)

  it("is remembered, and the start handled after it on the other instance makes its call closed, not waiting for ever", async () => {
    const number = callNumber()
    const start = emergencyEvent(number)
    expect((await deliver(a, signed(simulator, batchText(simulator, [ended(start)])))).status).toBe(204)
    await expect.poll(
      async () => (await database.query<{ readonly n: number }>("SELECT count(*)::int AS n FROM game_call_ends WHERE call_number = $1", [number])).rows[0]!.n,
      {
        timeout: 30_000,
        interval: 100
      }
    ).toBe(1)
    expect((await deliver(b, signed(simulator, batchText(simulator, [start])))).status).toBe(204)
    await expect.poll(() => statusesOf(number), { timeout: 30_000, interval: 100 }).toEqual(["CLOSED"])
    // Taken back by the start that used it.
    expect((await database.query("SELECT 1 FROM game_call_ends WHERE call_number = $1", [number])).rows).toEqual([])
  })

  it("racing its start across two instances, leaves one closed call for every call, whichever is handled first", async () => {
    const numbers = Array.from({ length: 10 }, () => callNumber())
    const replies = await Promise.all(numbers.flatMap((number, i) => {
      const start = emergencyEvent(number)
      return [
        deliver(i % 2 === 0 ? a : b, signed(simulator, batchText(simulator, [ended(start)]))),
        deliver(i % 2 === 0 ? b : a, signed(simulator, batchText(simulator, [start])))
      ]
    }))
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 204))
    await expect.poll(async () => {
      const calls = await callsOf(a, admin)
      return numbers.map((number) => calls.filter((call) => call.gameCallNumber === number).map((call) => call.status))
    }, { timeout: 30_000, interval: 200 }).toEqual(numbers.map(() => ["CLOSED"]))
  })

  it("of another call of that number, from before this start, does not close it: the game numbering again", async () => {
    const number = callNumber()
    const earlier = emergencyEvent(number)
    const old = { ...ended(earlier), timestamp: nowSeconds() - 120, data: { ...earlier.data, startedAt: nowSeconds() - 180 } }
    expect((await deliver(a, signed(simulator, batchText(simulator, [old])))).status).toBe(204)
    await expect.poll(async () => (await database.query("SELECT 1 FROM game_call_ends WHERE call_number = $1", [number])).rows.length, {
      timeout: 30_000,
      interval: 100
    }).toBe(1)
    expect((await deliver(b, signed(simulator, batchText(simulator, [emergencyEvent(number)])))).status).toBe(204)
    expect(await arrived(a, admin, number)).toMatchObject([{ status: "WAITING" }])
  })
})
