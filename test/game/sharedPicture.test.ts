/**
 * Two instances sharing one database and one Redis (`TEST_REDIS_URL`, as in
 * CI), in front of one game server: the live picture is read once per
 * refresh for every reader on both. More than one instance needs Redis;
 * without it (a newcomer's `npm test`) the same requests all go to one
 * instance, whose picture is in its memory, and the same holds.
 */
import { type GameServerSimulator, startGameServerSimulator } from "@bluelight/adapters-game"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bodyOf } from "../harness/body.js"
import { freshDatabase, type TestDatabase } from "../harness/database.js"
import { advanceClock, meData, type Session, signIn, testRedisUrl } from "../harness/identity.js"
import { type RunningServer, startServer } from "../harness/server.js"

let simulator: GameServerSimulator
let database: TestDatabase
let a: RunningServer
let b: RunningServer
let admin: Session
beforeAll(async () => {
  simulator = await startGameServerSimulator()
  // Each read takes a while, so that every request on both instances arrives while it is in flight.
  simulator.latencyMs = 200
  database = await freshDatabase()
  const env = {
    GAME_API_URL: simulator.url,
    GAME_SERVER_KEY: simulator.serverKey,
    REDIS_URL: testRedisUrl,
    BLUELIGHT_ADMIN_IDENTITY_IDS: "shared-picture-admin"
  }
  a = await startServer({ database, env })
  b = testRedisUrl === undefined ? a : await startServer({ database, env })
  admin = await signIn(a, { id: "shared-picture-admin" })
  await meData(b, admin)
})
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
  await database?.dispose()
  await simulator?.close()
})

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
