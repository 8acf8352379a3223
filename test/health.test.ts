import { describe, expect, it } from "vitest"
import { expectCommonHeaders } from "./harness/expectations.js"
import { startServer } from "./harness/server.js"

const redisUrl = process.env["TEST_REDIS_URL"]

/** The game server (the development default's simulator) answering, its snapshot just read. */
const GAME_UP = { answering: true, observedAt: expect.any(String), ageSeconds: expect.any(Number), problem: null }

describe("GET /api/health", () => {
  it("is 200 while the database answers and 503 once it cannot be reached", async () => {
    const server = await startServer()
    try {
      const up = await server.request("GET", "/api/health")
      expect(up.status).toBe(200)
      expect(up.body).toEqual({ status: "ok", database: "up", redis: "off", game: GAME_UP })
      await server.database!.makeUnreachable()
      const down = await server.request("GET", "/api/health")
      expect(down.status).toBe(503)
      expect(down.body).toEqual({ status: "unavailable", database: "down", redis: "off", game: GAME_UP })
      expectCommonHeaders(down)
    } finally {
      await server.stop()
    }
  })

  it("reports Redis down without failing the service, since rate limits fall back to memory", async () => {
    const server = await startServer({ env: { REDIS_URL: "redis://127.0.0.1:1" } })
    try {
      const reply = await server.request("GET", "/api/health")
      expect(reply.status).toBe(200)
      expect(reply.body).toEqual({ status: "ok", database: "up", redis: "down", game: GAME_UP })
      expect(JSON.stringify(reply.body)).not.toContain("127.0.0.1:1")
    } finally {
      await server.stop()
    }
  })

  // CI always sets TEST_REDIS_URL; without it there is no Redis to report up.
  it(`reports Redis ${redisUrl === undefined ? "off when none is configured" : "up when it answers"}`, async () => {
    const server = await startServer(redisUrl === undefined ? {} : { env: { REDIS_URL: redisUrl } })
    try {
      expect((await server.request("GET", "/api/health")).body).toEqual({
        status: "ok",
        database: "up",
        redis: redisUrl === undefined ? "off" : "up",
        game: GAME_UP
      })
    } finally {
      await server.stop()
    }
  })

  it("says the game server does not answer, and why, without failing the service", async () => {
    const server = await startServer({ env: { GAME_API_URL: "http://127.0.0.1:1", GAME_SERVER_KEY: "some-key" } })
    try {
      const reply = await server.request("GET", "/api/health")
      expect(reply.status).toBe(200)
      expect(reply.body).toEqual({
        status: "ok",
        database: "up",
        redis: "off",
        game: { answering: false, observedAt: null, ageSeconds: null, problem: "RequestError" }
      })
      expect(reply.text).not.toContain("some-key")
    } finally {
      await server.stop()
    }
  })
})
