/**
 * Two instances sharing one database and one Redis (`TEST_REDIS_URL`, as in
 * CI), in front of one game server: the game-command slot is one slot, so
 * there are never two commands in flight, and parallel requests with one key
 * still make one action and one command. More than one instance needs Redis;
 * without it (a newcomer's `npm test`) the same requests all go to one
 * instance, whose slot is in its memory, and the same holds.
 */
import type { GameServerSimulator } from "@bluelight/adapters-game"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { listOf } from "../harness/body.js"
import { startInstancesWithSimulator } from "../harness/game.js"
import { type Session, testRedisUrl } from "../harness/identity.js"
import { type ActionData, commandsOf, expectGameError, moderate, newKey, PLAYERS } from "../harness/moderation.js"
import type { RunningServer } from "../harness/server.js"
import { until } from "../harness/until.js"

let simulator: GameServerSimulator
let a: RunningServer
let b: RunningServer
let admin: Session
let stop: () => Promise<void>
beforeAll(async () => {
  ;({ simulator, a, b, admin, stop } = await startInstancesWithSimulator({
    // Every command stays in flight a while, so that requests on both instances overlap it.
    simulator: { latencyMs: 300 },
    admin: "shared-slot-admin",
    second: "with Redis",
    env: {
      // The shortest cooldown, so that the second test waits a second at most for the slot.
      GAME_COMMAND_COOLDOWN_SECONDS: "1",
      // A hanging command holds the slot this long: every request of the first test arrives meanwhile.
      GAME_COMMAND_TIMEOUT_MS: "4000"
    }
  }))
})
afterAll(() => stop?.())

const on = (server: RunningServer) => ({ server, as: { session: admin } as const })

describe(testRedisUrl === undefined ? "one instance without Redis" : "two instances sharing Redis", () => {
  it("never have two commands in flight: of many actions at once (across both instances when there are two), one is sent and the others are GAME_THROTTLED", async () => {
    simulator.nextCommand({ _tag: "Hang" })
    const requests = Array.from({ length: 8 }, (_, i) => {
      const { server, as } = on(i % 2 === 0 ? a : b)
      // Never SpeedyDriver (100000003): the next test counts the actions against that player.
      const target = PLAYERS[i % 2]!
      return moderate(server, as, "warnings", newKey(), { targetPlatformId: target.platformId, reason: `Warning ${i}` })
    })
    const replies = await Promise.all(requests)
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1)
    for (const reply of replies.filter((r) => r.status !== 201)) expectGameError(reply, "GAME_THROTTLED")
    expect(simulator.commands).toHaveLength(1)
    expect(simulator.mostConcurrentCommands).toBe(1)
  })

  it("makes one action and one command of parallel requests with one key (on both instances when there are two)", async () => {
    const key = newKey()
    const sent = simulator.commands.length
    const body = { targetPlatformId: "100000003", reason: "Same key everywhere" }
    // The slot is held by the test before's hanging command, then cools down: sent until it is no longer 503 (Redis
    // expires the slot; the servers' clocks do not move it). Every 250 ms: each ask is a write on the admin's budget.
    let first = await moderate(a, { session: admin }, "kicks", key, body)
    await until("the slot free after the test before", async () => {
      if (first.status !== 503) return true
      first = await moderate(a, { session: admin }, "kicks", key, body)
      return first.status !== 503
    }, { every: 250 })
    expect(first.status, first.text).toBe(201)
    const replies = await Promise.all(Array.from({ length: 6 }, (_, i) => moderate(i % 2 === 0 ? a : b, { session: admin }, "kicks", key, body)))
    expect(replies.map((r) => r.status)).toEqual(Array.from({ length: 6 }, () => 200))
    expect(commandsOf(simulator).slice(sent)).toEqual([":kick SpeedyDriver Same key everywhere"])
    const stored = listOf<ActionData>(await b.request("GET", "/api/moderation/actions?targetPlatformId=100000003", { headers: { cookie: admin.cookie } })).data
    expect(stored).toHaveLength(1)
    expect(simulator.mostConcurrentCommands).toBe(1)
  })
})
