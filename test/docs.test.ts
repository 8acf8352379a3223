import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bodyAs } from "./harness/body.js"
import { type Reply, type RunningServer, startServer } from "./harness/server.js"

/** What these tests read of the OpenAPI document. */
type OpenApiDocument = {
  readonly openapi: string
  readonly info: { readonly version: string }
  readonly paths: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, unknown>>>>>>
}
const documentOf = (reply: Reply) => bodyAs<OpenApiDocument>(reply)

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
    expect(documentOf(reply).openapi).toMatch(/^3\.1\./)
    expect(documentOf(reply).info.version).toBe("0.1.0")
  })

  it("declares access and permissions on every operation", async () => {
    const { paths } = documentOf(await server.request("GET", "/api/openapi.json"))
    const operations = Object.values(paths).flatMap((item) => Object.values(item))
    expect(operations.length).toBeGreaterThan(0)
    for (const operation of operations) {
      expect(["public", "session", "session-or-credential"]).toContain(operation["x-bluelight-access"])
      expect(Array.isArray(operation["x-bluelight-permissions"])).toBe(true)
    }
    expect(paths["/api/health"]?.["get"]?.["x-bluelight-access"]).toBe("public")
  })

  it("does not describe the test hooks when they are off", async () => {
    const { paths } = documentOf(await server.request("GET", "/api/openapi.json"))
    expect(Object.keys(paths).some((path) => path.includes("__test"))).toBe(false)
    expect((await server.request("GET", "/api/__test/defect")).status).toBe(404)
  })

  it("is browsable at /api/docs", async () => {
    const reply = await server.request("GET", "/api/docs")
    expect(reply.status).toBe(200)
    expect(reply.headers.get("content-type")).toContain("text/html")
    expect(reply.text).toContain("Bluelight API")
  })
})
