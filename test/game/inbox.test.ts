/**
 * The game's events survive a crash: a verified batch is kept in the
 * database's inbox (`game_event_inbox`) before the webhook answers `204`,
 * and removed once handled. What a crashed instance left is handled by the
 * next to start (and by any instance polling); the same batch taken twice
 * makes one CAD call; a batch the inbox cannot keep is refused with a `500`,
 * so the game's delivery log shows it.
 */
import type { GameServerSimulator } from "@bluelight/adapters-game"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freshDatabase, type TestDatabase } from "../harness/database.js"
import { expectError } from "../harness/expectations.js"
import { startInstancesWithSimulator } from "../harness/game.js"
import { type Session, signIn } from "../harness/identity.js"
import { type RunningServer, startServer, UNLIMITED_RATES } from "../harness/server.js"
import { arrived, batchText, deliver, emergencyEvent, gameCalls, signed } from "./webhookSigning.js"

const ADMIN = "inbox-admin"

let simulator: GameServerSimulator
let database: TestDatabase
let a: RunningServer
let b: RunningServer
let admin: Session
let env: Record<string, string | undefined>
let stop: () => Promise<void>
beforeAll(async () => {
  ;({ simulator, database, a, b, admin, env, stop } = await startInstancesWithSimulator({
    admin: ADMIN,
    webhook: true,
    second: "always",
    env: UNLIMITED_RATES
  }))
})
afterAll(() => stop?.())

let nextCallNumber = 9100
const callNumber = () => ++nextCallNumber

/** How many batches `on`'s inbox holds. */
const inboxSize = async (on: TestDatabase) => (await on.query<{ readonly n: number }>("SELECT count(*)::int AS n FROM game_event_inbox")).rows[0]!.n

/** Waits until `on`'s inbox is empty: every batch in it handled and removed. */
const emptied = (on: TestDatabase) => expect.poll(() => inboxSize(on), { timeout: 30_000, interval: 100 }).toBe(0)

/** A batch put straight into the inbox, as an instance that crashed before handling it left it; `takenSecondsAgo`: its lease ended that long ago. */
const leftInInbox = (on: TestDatabase, events: ReadonlyArray<unknown>, takenSecondsAgo?: number) =>
  takenSecondsAgo === undefined
    ? on.query("INSERT INTO game_event_inbox (server, events, request_id) VALUES ($1, $2::jsonb, NULL)", [simulator.webhookServerId, JSON.stringify(events)])
    : on.query(
      `INSERT INTO game_event_inbox (server, events, request_id, taken_by, taken_until)
       VALUES ($1, $2::jsonb, NULL, 'crashed instance', now() - make_interval(secs => $3))`,
      [simulator.webhookServerId, JSON.stringify(events), takenSecondsAgo]
    )

describe("a delivery", () => {
  it("answered 204 is handled, and its batch removed from the inbox", async () => {
    const number = callNumber()
    expect((await deliver(a, signed(simulator, batchText(simulator, [emergencyEvent(number)])))).status).toBe(204)
    expect(await arrived(a, admin, number)).toHaveLength(1)
    await emptied(database)
  })

  it("the inbox cannot keep is answered 500 and does nothing, and the same delivery sent again is taken", async () => {
    await database.query("ALTER TABLE game_event_inbox ADD CONSTRAINT inbox_test_refuses CHECK (false) NOT VALID")
    const number = callNumber()
    const delivery = signed(simulator, batchText(simulator, [emergencyEvent(number)]))
    try {
      expectError(await deliver(b, delivery), 500, "INTERNAL_ERROR")
    } finally {
      await database.query("ALTER TABLE game_event_inbox DROP CONSTRAINT inbox_test_refuses")
    }
    // A delivery after it is handled: had the refused one been kept, it would have been handled before.
    const after = callNumber()
    expect((await deliver(b, signed(simulator, batchText(simulator, [emergencyEvent(after)])))).status).toBe(204)
    await arrived(a, admin, after)
    expect(await gameCalls(a, admin, number)).toEqual([])
    // Its signature was forgotten with the failed write (in Redis, or the instance's memory): sent again, it is no replay.
    expect((await deliver(b, delivery)).status).toBe(204)
    await arrived(a, admin, number)
    expect(await gameCalls(b, admin, number)).toHaveLength(1)
  })
})

describe("the inbox", () => {
  it("holds a batch twice, taken by either instance: one CAD call", async () => {
    const number = callNumber()
    const events = [emergencyEvent(number)]
    await leftInInbox(database, events)
    await leftInInbox(database, events)
    await arrived(a, admin, number)
    await emptied(database)
    expect(await gameCalls(b, admin, number)).toHaveLength(1)
  })

  it("gives a crashed taker's batch to a running instance once its lease ended", async () => {
    const number = callNumber()
    await leftInInbox(database, [emergencyEvent(number)], 60)
    expect(await arrived(b, admin, number)).toHaveLength(1)
    await emptied(database)
  })

  it("left by an instance killed outright is handled by the next to start on the database, at its start", async () => {
    const own = await freshDatabase()
    try {
      const crashed = await startServer({ process: true, database: own, env })
      expect(await crashed.stop("SIGKILL")).toBeNull()
      const untaken = callNumber()
      const taken = callNumber()
      await leftInInbox(own, [emergencyEvent(untaken, { caller: null, description: "Left untaken" })])
      await leftInInbox(own, [emergencyEvent(taken, { description: "Left taken" })], 1)
      expect(await inboxSize(own)).toBe(2)
      const next = await startServer({ database: own, env })
      try {
        const nextAdmin = await signIn(next, { id: ADMIN })
        expect((await arrived(next, nextAdmin, untaken)).map((call) => call.description)).toEqual(["Left untaken"])
        expect((await arrived(next, nextAdmin, taken)).map((call) => call.description)).toEqual(["Left taken"])
        await emptied(own)
      } finally {
        await next.stop()
      }
    } finally {
      await own.dispose()
    }
  })
})
