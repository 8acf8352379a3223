import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { dataOf } from "../harness/body.js"
import { freshDatabase, type TestDatabase } from "../harness/database.js"
import { expectError } from "../harness/expectations.js"
import { cookieWrite, freshWindow, type Session, signIn, testRedisUrl } from "../harness/identity.js"
import type { Reply } from "../harness/server.js"
import { freePort, type RunningServer, startServer } from "../harness/server.js"

/**
 * Two instances behind one load balancer: one database, and (when
 * `TEST_REDIS_URL` is set) one Redis for the rate counters. With Redis the
 * budget holds across the instances; without it, each instance counts alone,
 * and the scenario checks that instead, so it runs either way.
 */
const shared = testRedisUrl !== undefined
const WRITES = 10
const READS = 180
const BURST = 200
const PASSWORD = "shared developer password"

let database: TestDatabase
let a: RunningServer
let b: RunningServer
/** An instance whose Redis does not answer (nothing listens on the port). */
let redisDown: RunningServer
beforeAll(async () => {
  database = await freshDatabase()
  const env = {
    RATE_LIMIT_WRITES_PER_MINUTE: String(WRITES),
    RATE_LIMIT_READS_PER_MINUTE: String(READS),
    BLUELIGHT_DEVELOPER_PASSWORD: PASSWORD,
    ...(shared ? { REDIS_URL: testRedisUrl } : {})
  }
  const startPair = async () => {
    // One after the other: the second finds the database migrated.
    a = await startServer({ database, env })
    b = await startServer({ database, env })
  }
  const startRedisDown = async () => {
    redisDown = await startServer({
      env: { REDIS_URL: `redis://127.0.0.1:${await freePort()}`, RATE_LIMIT_WRITES_PER_MINUTE: "3", BLUELIGHT_DEVELOPER_PASSWORD: PASSWORD }
    })
  }
  await Promise.all([startPair(), startRedisDown()])
})
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop(), redisDown?.stop()])
  await database?.dispose()
})

const remaining = (reply: Reply) => Number(/;r=(\d+);/.exec(reply.headers.get("ratelimit") ?? "")?.[1])

/** A write that only spends budget: a member's POST /admin/roles is refused with 403 but counted. */
const spend = (server: RunningServer, session: Session) => server.request("POST", "/api/admin/roles", { headers: cookieWrite(server, session) })

describe(`two instances ${shared ? "sharing Redis" : "without Redis"}`, () => {
  it("a session made on one instance works on the other", async () => {
    const session = await signIn(a, { id: "two-instances" })
    expect((await b.request("GET", "/api/me", { headers: { cookie: session.cookie } })).status).toBe(200)
  })

  it(shared ? "the write budget is one budget across both instances" : "each instance counts the write budget alone", async () => {
    const session = await signIn(a, { id: "shared-budget" })
    await freshWindow(a, b)
    // Alternate between the instances: A, B, A, B, ... for the whole budget.
    const replies: Array<{ on: "a" | "b"; reply: Reply }> = []
    for (let i = 0; i < WRITES; i++) {
      const on = i % 2 === 0 ? "a" : "b"
      replies.push({ on, reply: await spend(on === "a" ? a : b, session) })
    }
    for (const { reply } of replies) expectError(reply, 403, "FORBIDDEN")
    if (shared) {
      expect(replies.map(({ reply }) => remaining(reply))).toEqual(Array.from({ length: WRITES }, (_, i) => WRITES - 1 - i))
      const onA = await spend(a, session)
      const onB = await spend(b, session)
      for (const reply of [onA, onB]) {
        expectError(reply, 429, "RATE_LIMITED")
        expect(Number(reply.headers.get("retry-after"))).toBeGreaterThanOrEqual(1)
      }
    } else {
      const half = WRITES / 2
      expect(replies.filter(({ on }) => on === "a").map(({ reply }) => remaining(reply))).toEqual(
        Array.from({ length: half }, (_, i) => WRITES - 1 - i)
      )
      // Each instance has spent half: B alone allows the other half, then refuses.
      for (let i = 0; i < half; i++) expectError(await spend(b, session), 403, "FORBIDDEN")
      expectError(await spend(b, session), 429, "RATE_LIMITED")
      expectError(await spend(a, session), 403, "FORBIDDEN")
    }
  })

  it("a budget spent in one window is whole again once the clocks move into the next", async () => {
    const session = await signIn(a, { id: "next-window" })
    await freshWindow(a, b)
    for (let i = 0; i < WRITES; i++) expectError(await spend(a, session), 403, "FORBIDDEN")
    expectError(await spend(a, session), 429, "RATE_LIMITED")
    // The counters of a window are named by its index, in Redis too: the next window's are new.
    await freshWindow(a, b)
    const next = await spend(a, session)
    expectError(next, 403, "FORBIDDEN")
    expect(remaining(next)).toBe(WRITES - 1)
    expect(remaining(await spend(b, session))).toBe(shared ? WRITES - 2 : WRITES - 1)
  })

  it(
    shared ? "a burst of 200 parallel reads on one instance is counted in Redis, none in memory: the budget holds across instances"
      : "a burst of 200 parallel reads on one instance keeps to the budget",
    async () => {
      const session = await signIn(a, { id: "burst-reader" })
      await freshWindow(a, b)
      const replies = await Promise.all(Array.from({ length: BURST }, () => a.request("GET", "/api/me", { headers: { cookie: session.cookie } })))
      // Exactly the budget is let through; a request counted in process memory instead of Redis would be one more (fail open).
      expect(replies.filter((reply) => reply.status === 200).length).toBe(READS)
      expect(replies.filter((reply) => reply.status === 429).length).toBe(BURST - READS)
      if (shared) {
        // The other instance sees the whole burst in Redis, and nothing fell back.
        expectError(await b.request("GET", "/api/me", { headers: { cookie: session.cookie } }), 429, "RATE_LIMITED")
        expect(a.logs.filter((line) => String(line.message).includes("Redis unavailable"))).toEqual([])
      }
    }
  )

  it(shared ? "Developer Access attempts are counted across both instances" : "Developer Access attempts are counted by each instance alone", async () => {
    const session = await signIn(a, { id: "shared-developer" })
    const attempt = (server: RunningServer) =>
      server.request("POST", "/api/auth/developer", { headers: cookieWrite(server, session), body: { password: "guess" } })
    for (const server of [a, b, a, b, a]) {
      const reply = await attempt(server)
      expectError(reply, 401, "AUTHENTICATION_FAILED")
      expect(reply.headers.get("retry-after")).toBeNull()
    }
    // The sixth attempt for the account, on the instance that has seen two.
    const sixth = await attempt(b)
    expectError(sixth, 401, "AUTHENTICATION_FAILED")
    expect(sixth.headers.get("retry-after") !== null).toBe(shared)
  })
})

describe("with Redis unreachable", () => {
  it("the general limits fall back to counting in the process (fail open), and a warning is logged", async () => {
    const session = await signIn(redisDown, { id: "redis-down-writer" })
    expect((await redisDown.request("GET", "/api/me", { headers: { cookie: session.cookie } })).status).toBe(200)
    await freshWindow(redisDown)
    for (let i = 0; i < 3; i++) expectError(await spend(redisDown, session), 403, "FORBIDDEN")
    expectError(await spend(redisDown, session), 429, "RATE_LIMITED")
    await expect.poll(() => redisDown.logs.some((line) => line.logLevel === "WARN" && String(line.message).includes("Redis unavailable"))).toBe(true)
  })

  it("Developer Access attempts fail closed: even the right password is 401 AUTHENTICATION_FAILED, saying the counter is unavailable", async () => {
    const session = await signIn(redisDown, { id: "redis-down-developer" })
    const reply = await redisDown.request("POST", "/api/auth/developer", { headers: cookieWrite(redisDown, session), body: { password: PASSWORD } })
    const error = expectError(reply, 401, "AUTHENTICATION_FAILED")
    expect(error.message).toMatch(/cannot be counted/)
    expect(error.message).not.toMatch(/too many/i)
    // No window to wait for: nobody knows when the counter will be back.
    expect(reply.headers.get("retry-after")).toBeNull()
    expect(dataOf(await redisDown.request("GET", "/api/me", { headers: { cookie: session.cookie } }))["developerAccess"]).toBe(false)
  })
})
