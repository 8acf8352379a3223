import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { expectError } from "./harness/expectations.js"
import { cookieWrite, type Session, signIn } from "./harness/identity.js"
import { type RunningServer, startServer } from "./harness/server.js"

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
        expect(error.details.map((detail: { path: ReadonlyArray<string> }) => detail.path)).toEqual([["path", "id"]])
      }
    }
  })
})
