import { describe, expect, it } from "vitest"
import { expectCommonHeaders } from "./harness/expectations.js"
import { startServer } from "./harness/server.js"

describe("GET /api/health", () => {
  it("is 200 while the database answers and 503 once it cannot be reached", async () => {
    const server = await startServer()
    try {
      const up = await server.request("GET", "/api/health")
      expect(up.status).toBe(200)
      expect(up.body).toEqual({ status: "ok", database: "up" })
      await server.database!.makeUnreachable()
      const down = await server.request("GET", "/api/health")
      expect(down.status).toBe(503)
      expect(down.body).toEqual({ status: "unavailable", database: "down" })
      expectCommonHeaders(down)
    } finally {
      await server.stop()
    }
  })
})
