/**
 * Redis stopped, or hanging, and restarted under traffic (issue 19). Two
 * servers share one database and one Redis, reached through a proxy
 * (`tcpProxy`) that can stop, hang and listen again, so the machine's shared
 * Redis is never touched. While a few callers keep reading, Redis goes away
 * and comes back; proven, as docs/decisions/http-contract.md ("Rate limits") says:
 * - no request waits past the server's own deadline (`REDIS_DEADLINE`): every
 *   request is bounded by an abort at a generous multiple of it, and none fires;
 * - `GET /api/health` says Redis is down once the connection is gone, and up
 *   again after the restart;
 * - during the outage the general limits are counted by each process (fail
 *   open: each still refuses past the budget), and Developer Access attempts
 *   fail closed (`401 AUTHENTICATION_FAILED`, even with the right password);
 *   the game-command slot, shared through Redis, cannot be taken, so a
 *   warning is `503 GAME_THROTTLED`, stored nowhere and sent nowhere (as
 *   packages/adapters-game/src/slot/RedisGameCommandSlot.ts decides: two
 *   commands in flight at once would be worse);
 * - after the restart the two servers enforce one shared budget again,
 *   Developer Access works, and the same warning is a new action, sent at once
 *   (after a hang too: commands unanswered when the connection went are not
 *   sent again, so no late take holds the slot).
 * Declared only when `TEST_REDIS_URL` is set; the proxy's own test (the
 * faults it makes are the ones above) runs always. A Redis absent from the
 * start is covered by test/health.test.ts and test/identity/rateLimitsShared.test.ts.
 */
import type { GameServerSimulator } from "@bluelight/adapters-game"
import { REDIS_DEADLINE } from "@bluelight/adapters-redis"
import { Duration } from "effect"
import { once } from "node:events"
import { createConnection, createServer, type Socket } from "node:net"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { dataOf, isJsonObject, parsedJson } from "../harness/body.js"
import { expectError } from "../harness/expectations.js"
import { startInstancesWithSimulator } from "../harness/game.js"
import { cookieRead, cookieWrite, freshWindow, type Session, signIn, testRedisUrl } from "../harness/identity.js"
import { actionOf, commandsOf, expectGameError, newKey } from "../harness/moderation.js"
import type { Reply, RunningServer } from "../harness/server.js"
import { reportCoverage } from "./coverage.js"
import { tcpProxy } from "./tcpProxy.js"

/** Every request's bound: six times the longest the server waits for Redis. Past it, the request is aborted and the test fails. */
const BOUND_MS = 6 * Duration.toMillis(REDIS_DEADLINE)
const WRITES = 4
const PASSWORD = "redis faults developer password"
const CALLERS = 3

const covered: Array<string> = []
afterAll(() => {
  reportCoverage("redis faults", covered.join("; "))
})

/** A request aborted after `BOUND_MS`; an abort fails the test that waits for it. */
const bounded = async (server: RunningServer, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Reply> => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
    signal: AbortSignal.timeout(BOUND_MS),
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  const text = await response.text()
  return { status: response.status, headers: response.headers, text, body: parsedJson(text) }
}

describe("the proxy the Redis faults are made with", () => {
  it("stops (every connection closed, the port refused), listens again on the same port, and hangs (connections held, nothing carried)", async () => {
    const received: Array<string> = []
    const echo = createServer((socket) => {
      socket.on("error", () => {})
      socket.on("data", (chunk: Buffer) => {
        received.push(chunk.toString())
        socket.write(chunk)
      })
    })
    await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve))
    const address = echo.address()
    if (typeof address !== "object" || address === null) throw new Error("no port")
    const proxy = await tcpProxy(`tcp://127.0.0.1:${address.port}`)
    const connect = async () => {
      const socket = createConnection(proxy.port, "127.0.0.1")
      await once(socket, "connect")
      // Ended by the proxy, a connection may close with a reset: only its closing is awaited.
      socket.on("error", () => {})
      return socket
    }
    // Not `once(socket, "close")`: that rejects on the reset a proxy's close may bring first.
    const closing = (socket: Socket) => new Promise<void>((resolve) => socket.once("close", () => resolve()))
    const roundTrip = async (socket: Socket, text: string) => {
      socket.write(text)
      const [chunk] = (await once(socket, "data")) as [Buffer]
      return chunk.toString()
    }
    try {
      const first = await connect()
      expect(await roundTrip(first, "before")).toBe("before")
      const closed = closing(first)
      await proxy.stop()
      await closed
      const refused = createConnection(proxy.port, "127.0.0.1")
      expect((await once(refused, "error"))[0]).toMatchObject({ code: "ECONNREFUSED" })

      await proxy.start()
      const second = await connect()
      expect(await roundTrip(second, "after")).toBe("after")
      proxy.hang()
      // Held: a new connection is accepted and stays open, and nothing sent on either reaches the service.
      const held = await connect()
      second.write("lost")
      held.write("lost too")
      const bothClosed = Promise.all([closing(second), closing(held)])
      await proxy.stop()
      await bothClosed
      expect(received).toEqual(["before", "after"])
      covered.push("the proxy stops, restarts on its port and hangs")
    } finally {
      await proxy.stop()
      await new Promise<void>((resolve) => echo.close(() => resolve()))
    }
  })
})

const redisUrls = testRedisUrl === undefined ? [] : [testRedisUrl]
for (const redisUrl of redisUrls) {
  describe("two servers sharing a Redis that stops or hangs and restarts, under traffic", () => {
    let proxy: Awaited<ReturnType<typeof tcpProxy>>
    let a: RunningServer
    let b: RunningServer
    let callers: Array<Session>
    let simulator: GameServerSimulator
    let moderator: Session
    let stop: () => Promise<void>
    beforeAll(async () => {
      proxy = await tcpProxy(redisUrl)
      ;({ simulator, a, b, admin: moderator, stop } = await startInstancesWithSimulator({
        admin: "redis-faults-moderator",
        second: "always",
        env: {
          // The slot's cooldown lives in Redis, which the servers' clocks do not move: the shortest.
          GAME_COMMAND_COOLDOWN_SECONDS: "1",
          REDIS_URL: proxy.url,
          RATE_LIMIT_WRITES_PER_MINUTE: String(WRITES),
          // The traffic reads as fast as it is answered: a budget it never spends (the limiter still counts every read).
          RATE_LIMIT_READS_PER_MINUTE: "1000000",
          BLUELIGHT_DEVELOPER_PASSWORD: PASSWORD
        }
      }))
      callers = await Promise.all(Array.from({ length: CALLERS }, (_, i) => signIn(a, { id: `redis-traffic-${i}` })))
    })
    afterAll(async () => {
      await stop?.()
      await proxy?.stop()
    })
    // Each test starts with Redis answering, whatever the one before left.
    afterEach(async () => {
      await proxy.stop()
      await proxy.start()
    })

    /**
     * A few callers reading `GET /api/me` one request after another, on both
     * servers in turn, each request bounded, for as long as `body` runs (they
     * stop however it ends). `round()` resolves once every caller has had one
     * more answer. Nothing may go wrong with the traffic (an abort, an error,
     * a status other than 200); answers how many reads were answered.
     */
    const underTraffic = async (body: (traffic: { readonly round: () => Promise<void> }) => Promise<void>) => {
      let running = true
      const problems: Array<string> = []
      const answered = callers.map(() => 0)
      let wake: Array<() => void> = []
      const loops = callers.map(async (session, i) => {
        for (let turn = 0; running; turn++) {
          const server = (i + turn) % 2 === 0 ? a : b
          try {
            const reply = await bounded(server, "GET", "/api/me", cookieRead(session))
            if (reply.status !== 200) problems.push(`${reply.status} ${reply.text}`)
          } catch (error) {
            problems.push(String(error))
          }
          answered[i]!++
          for (const resolve of wake) resolve()
          wake = []
        }
      })
      const round = async () => {
        const before = [...answered]
        while (answered.some((count, i) => count <= before[i]!)) await new Promise<void>((resolve) => wake.push(resolve))
      }
      try {
        await body({ round })
      } finally {
        running = false
        await Promise.all(loops)
      }
      expect(problems).toEqual([])
      return answered.reduce((sum, count) => sum + count, 0)
    }

    const health = async (server: RunningServer) => {
      const reply = await bounded(server, "GET", "/api/health", {})
      expect(reply.status, reply.text).toBe(200)
      return reply.body
    }
    const redisState = async (server: RunningServer) => {
      const body = await health(server)
      return isJsonObject(body) ? body["redis"] : undefined
    }
    const healthSays = async (state: "up" | "down") => {
      for (const server of [a, b]) await expect.poll(() => redisState(server), { timeout: BOUND_MS, interval: 100 }).toBe(state)
    }

    /** A write that only spends budget: a member's POST /admin/roles is refused with 403 but counted. */
    const spend = (server: RunningServer, session: Session) => bounded(server, "POST", "/api/admin/roles", cookieWrite(server, session))
    const remaining = (reply: Reply) => Number(/;r=(\d+);/.exec(reply.headers.get("ratelimit") ?? "")?.[1])

    /** Redis down: each server lets the whole budget through and refuses past it (in parallel: a hanging Redis costs each request its deadline). */
    const expectBudgetPerProcess = async (session: Session) => {
      await freshWindow(a, b)
      for (const server of [a, b]) {
        const replies = await Promise.all(Array.from({ length: WRITES + 1 }, () => spend(server, session)))
        expect(replies.filter((reply) => reply.status === 403)).toHaveLength(WRITES)
        for (const reply of replies.filter((reply) => reply.status !== 403)) expectError(reply, 429, "RATE_LIMITED")
      }
    }
    /** Redis back: one budget across both servers, A, B, A, B, ... then refused on both. */
    const expectSharedBudget = async (session: Session) => {
      await freshWindow(a, b)
      const replies: Array<Reply> = []
      for (let i = 0; i < WRITES; i++) replies.push(await spend(i % 2 === 0 ? a : b, session))
      for (const reply of replies) expectError(reply, 403, "FORBIDDEN")
      expect(replies.map(remaining)).toEqual(Array.from({ length: WRITES }, (_, i) => WRITES - 1 - i))
      for (const server of [a, b]) expectError(await spend(server, session), 429, "RATE_LIMITED")
    }
    const developerAccess = (server: RunningServer, session: Session) =>
      bounded(server, "POST", "/api/auth/developer", cookieWrite(server, session), { password: PASSWORD })
    const expectDeveloperAccessRefused = async (session: Session) => {
      for (const server of [a, b]) {
        const error = expectError(await developerAccess(server, session), 401, "AUTHENTICATION_FAILED")
        expect(error.message).toMatch(/cannot be counted/)
      }
    }
    const expectDeveloperAccessGranted = async (session: Session) => {
      const reply = await developerAccess(b, session)
      expect(reply.status, reply.text).toBe(200)
      expect(dataOf(reply)["developerAccess"]).toBe(true)
    }
    /** A warning to JohnSmith with this key. */
    const warn = (server: RunningServer, key: string) =>
      bounded(server, "POST", "/api/moderation/warnings", { ...cookieWrite(server, moderator), "idempotency-key": key }, {
        targetPlatformId: "100000002",
        reason: `Warning ${key}`
      })
    /** Redis down: the game-command slot cannot be taken, so nothing is sent or stored (`GAME_THROTTLED`), on either server. */
    const expectSlotClosed = async (key: string) => {
      const sent = simulator.commands.length
      for (const server of [a, b]) expectGameError(await warn(server, key), "GAME_THROTTLED")
      expect(simulator.commands.length).toBe(sent)
    }
    /**
     * Redis back: the same key is a new action (nothing was stored), sent once, at once. A take of
     * the slot that timed out while Redis hung is never sent again when the client reconnects
     * (packages/server/src/redis.ts), so nothing holds the slot with nobody to release it.
     */
    const expectSlotWorks = async (key: string) => {
      const sent = simulator.commands.length
      expect(actionOf(await warn(b, key), 201).delivery).toBe("SUCCEEDED")
      expect(commandsOf(simulator).slice(sent)).toEqual([`:pm JohnSmith Warning ${key}`])
    }
    const warned = (server: RunningServer) => server.logs.some((line) => line.logLevel === "WARN" && String(line.message).includes("Redis unavailable"))

    it("stopped (connections closed, port refused): answered throughout, health down then up, limits per process, Developer Access and the game slot closed, then one shared budget again", async () => {
      const writer = await signIn(a, { id: "redis-stopped-writer" })
      const developer = await signIn(a, { id: "redis-stopped-developer" })
      const answers = await underTraffic(async (traffic) => {
        await traffic.round()
        await healthSays("up")
        await expectSharedBudget(writer)

        await proxy.stop()
        await healthSays("down")
        await traffic.round()
        await expectBudgetPerProcess(writer)
        await expectDeveloperAccessRefused(developer)
        const key = newKey()
        await expectSlotClosed(key)
        expect([warned(a), warned(b)]).toEqual([true, true])

        await proxy.start()
        await healthSays("up")
        await traffic.round()
        await expectSharedBudget(writer)
        await expectDeveloperAccessGranted(developer)
        await expectSlotWorks(key)
      })
      covered.push(`Redis stopped and restarted under ${answers} reads from ${CALLERS} callers`)
    })

    it("hanging (connections open, nothing answered): answered within the deadline, limits per process, Developer Access and the game slot closed; restarted, one shared budget again", async () => {
      const writer = await signIn(a, { id: "redis-hanging-writer" })
      const developer = await signIn(a, { id: "redis-hanging-developer" })
      const answers = await underTraffic(async (traffic) => {
        await traffic.round()
        await healthSays("up")

        proxy.hang()
        // Every counted request now waits out REDIS_DEADLINE and is counted in memory; none waits longer (BOUND_MS).
        await traffic.round()
        await expectBudgetPerProcess(writer)
        await expectDeveloperAccessRefused(developer)
        const key = newKey()
        await expectSlotClosed(key)
        // The connection is still open, so health, which reads its state without a command (packages/server/src/redis.ts), still says up.
        expect([await redisState(a), await redisState(b)]).toEqual(["up", "up"])

        // Restarted: the hung connections are closed, the port answers again, the servers reconnect.
        await proxy.stop()
        await healthSays("down")
        await proxy.start()
        await healthSays("up")
        await traffic.round()
        await expectSharedBudget(writer)
        await expectDeveloperAccessGranted(developer)
        await expectSlotWorks(key)
      })
      covered.push(`Redis hanging and restarted under ${answers} reads from ${CALLERS} callers`)
    })
  })
}
