import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RunningServer, startServer } from "./harness/server.js"

let server: RunningServer
beforeAll(async () => {
  server = await startServer({ testHooks: false })
})
afterAll(() => server?.stop())

describe("the API description", () => {
  it("is OpenAPI 3.1 labelled version 0.1.0", async () => {
    const reply = await server.request("GET", "/api/openapi.json")
    expect(reply.status).toBe(200)
    expect(reply.headers.get("content-type")).toContain("application/json")
    expect(reply.body.openapi).toMatch(/^3\.1\./)
    expect(reply.body.info.version).toBe("0.1.0")
  })

  it("declares access and permissions on every operation", async () => {
    const { body } = await server.request("GET", "/api/openapi.json")
    const operations = Object.values(body.paths as Record<string, Record<string, any>>).flatMap((item) => Object.values(item))
    expect(operations.length).toBeGreaterThan(0)
    for (const operation of operations) {
      expect(["public", "session", "session-or-credential"]).toContain(operation["x-bluelight-access"])
      expect(Array.isArray(operation["x-bluelight-permissions"])).toBe(true)
    }
    expect(body.paths["/api/health"].get["x-bluelight-access"]).toBe("public")
  })

  it("does not describe the test hooks when they are off", async () => {
    const { body } = await server.request("GET", "/api/openapi.json")
    expect(Object.keys(body.paths).some((path) => path.includes("__test"))).toBe(false)
    expect((await server.request("GET", "/api/__test/defect")).status).toBe(404)
  })

  it("is browsable at /api/docs", async () => {
    const reply = await server.request("GET", "/api/docs")
    expect(reply.status).toBe(200)
    expect(reply.headers.get("content-type")).toContain("text/html")
    expect(reply.text).toContain("Bluelight API")
  })
})
