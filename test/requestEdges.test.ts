import { request as httpRequest } from "node:http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { detailsOf } from "./harness/body.js"
import { expectError } from "./harness/expectations.js"
import { cookieWrite, type Session, signIn } from "./harness/identity.js"
import { type RunningServer, startServer } from "./harness/server.js"
import { until } from "./harness/until.js"

let server: RunningServer
let admin: Session
beforeAll(async () => {
  server = await startServer({ env: { BLUELIGHT_ADMIN_IDENTITY_IDS: "edges-admin" } })
  admin = await signIn(server, { id: "edges-admin" })
})
afterAll(() => server?.stop())

describe("path ids of any length", () => {
  const routes: ReadonlyArray<readonly [method: string, path: string, body?: unknown]> = [
    ["GET", "/api/admin/accounts/"],
    ["PATCH", "/api/admin/accounts/", { status: "ACTIVE" }],
    ["PATCH", "/api/admin/roles/", { name: "Renamed" }],
    ["DELETE", "/api/admin/services/"],
    ["GET", "/api/staff/"],
    ["PATCH", "/api/staff/", { active: true }]
  ]

  it("reach the Id rule: 64 characters are looked up (404), 65, 128 and 1000 are 400 INVALID_INPUT, never 405", async () => {
    for (const [method, prefix, body] of routes) {
      const at = (length: number) =>
        server.request(method, `${prefix}${"a".repeat(length)}`, { headers: cookieWrite(server, admin), ...(body === undefined ? {} : { body }) })
      expectError(await at(64), 404, "NOT_FOUND")
      for (const length of [65, 128, 1000]) {
        const error = expectError(await at(length), 400, "INVALID_INPUT")
        expect(detailsOf(error).map((detail) => detail.path)).toEqual([["path", "id"]])
      }
    }
  })
})

/**
 * Sends a request and closes the connection before any answer, once the server is inside it: for a
 * request without a body, once `inside` holds (a log line of the handler); for one with a body, once
 * the server starts reading it (it answers `Expect: 100-continue` then), after a part of it is sent.
 */
const abandon = (
  method: string,
  path: string,
  options: { headers?: Record<string, string>; partialBody?: string; inside?: () => boolean } = {}
) =>
  new Promise<void>((resolve, reject) => {
    const { partialBody, inside } = options
    const headers = partialBody === undefined ? options.headers : { ...options.headers, expect: "100-continue" }
    const request = httpRequest(`${server.url}${path}`, { method, headers })
    request.on("error", () => {})
    request.on("response", () => reject(new Error(`${path} answered before the client left`)))
    const leave = () => {
      request.destroy()
      resolve()
    }
    if (partialBody === undefined) {
      if (inside === undefined) throw new Error("a request without a body needs `inside`: how the test sees the server in it")
      request.end()
      until(`${path} in its handler`, inside).then(leave, reject)
    } else {
      let reading = false
      request.on("continue", () => (reading = true))
      request.flushHeaders()
      until(`${path} reading the body (100 Continue)`, () => reading).then(() => request.write(partialBody, leave), reject)
    }
  })

const requestLine = (route: string) =>
  server.logs.find((line) => line.message === "request" && line.annotations?.["route"] === route && line.annotations?.["status"] === 499)

describe("a client that goes away mid-request", () => {
  it("is logged as 499 in the request line, with no ERROR", async () => {
    // The slow hook logs as it enters its handler.
    await abandon("GET", "/api/__test/slow?ms=5000", { inside: () => server.logs.some((line) => line.message === "test hooks: sleeping 5000 ms") })
    await expect.poll(() => requestLine("/api/__test/slow"), { timeout: 10_000 }).toBeDefined()

    const body = JSON.stringify({ id: "abc", name: "Jane Doe", at: "2026-03-01T10:15:30Z", day: "2024-02-29", tags: [] })
    await abandon("POST", "/api/__test/echo", {
      headers: { "content-type": "application/json", "content-length": String(body.length + 1000) },
      partialBody: body
    })
    await expect.poll(() => requestLine("/api/__test/echo"), { timeout: 10_000 }).toBeDefined()

    expect(server.logs.filter((line) => line.logLevel === "ERROR")).toEqual([])
    expect((await server.request("GET", "/api/health")).status).toBe(200)
  })
})
