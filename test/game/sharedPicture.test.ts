/**
 * Two instances sharing one database and one Redis (`TEST_REDIS_URL`, as in
 * CI), in front of one game server: the live picture is read once per
 * refresh for every reader on both. More than one instance needs Redis;
 * without it (a newcomer's `npm test`) the same requests all go to one
 * instance, whose picture is in its memory, and the same holds.
 */
import { DEFAULT_SIMULATED_PLAYERS, type GameServerSimulator } from "@bluelight/adapters-game"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bodyOf } from "../harness/body.js"
import { startInstancesWithSimulator } from "../harness/game.js"
import { advanceClock, type Session, testRedisUrl } from "../harness/identity.js"
import type { RunningServer } from "../harness/server.js"

let simulator: GameServerSimulator
let a: RunningServer
let b: RunningServer
let admin: Session
let stop: () => Promise<void>
beforeAll(async () => {
  ;({ simulator, a, b, admin, stop } = await startInstancesWithSimulator({
    // Each read takes a while, so that every request on both instances arrives while it is in flight.
    simulator: { players: DEFAULT_SIMULATED_PLAYERS, latencyMs: 200 },
    admin: "shared-picture-admin",
    second: "with Redis"
  }))
})
afterAll(() => stop?.())

const PATHS = [
  "/api/server",
  "/api/server/players",
  "/api/server/join-logs",
  "/api/server/kill-logs",
  "/api/server/vehicles",
  "/api/server/queue",
  "/api/server/staff"
]

const burst = () =>
  Promise.all(Array.from({ length: 24 }, (_, i) => (i % 2 === 0 ? a : b).request("GET", PATHS[i % PATHS.length]!, { headers: { cookie: admin.cookie } })))

describe(testRedisUrl === undefined ? "one instance without Redis" : "two instances sharing Redis", () => {
  it("read the game server once for a burst of readers of every part of the picture (on both instances when there are two)", async () => {
    const replies = await burst()
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 200))
    expect(simulator.readsOf("/v2/server")).toBe(1)
    const observed = new Set(replies.flatMap((r) => {
      const meta = bodyOf(r)["meta"] as { observedAt?: string } | undefined
      return meta?.observedAt === undefined ? [] : [meta.observedAt]
    }))
    expect(observed.size).toBe(1)
    // Both instances' health tells of that one read.
    for (const server of [a, b]) {
      expect(bodyOf(await server.request("GET", "/api/health"))["game"]).toMatchObject({ answering: true, observedAt: [...observed][0] })
    }
    expect(simulator.readsOf("/v2/server")).toBe(1)
  })

  it("read it once more after the refresh, and a failure once for everyone", async () => {
    await Promise.all([...new Set([a, b])].map((server) => advanceClock(server, 4000)))
    await burst()
    expect(simulator.readsOf("/v2/server")).toBe(2)
    simulator.readsFail = true
    await Promise.all([...new Set([a, b])].map((server) => advanceClock(server, 4000)))
    const replies = await burst()
    expect(replies.every((r) => r.status === 503)).toBe(true)
    expect(simulator.readsOf("/v2/server")).toBe(3)
  })
})
