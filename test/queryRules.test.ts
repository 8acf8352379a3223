/**
 * The query rule each list states in its description (issue 30): unknown
 * parameters are refused on every list but the crew picker, which ignores
 * them as the API document says of it (`GET /cad/units/eligible-crew`:
 * "Unknown query parameters are ignored"; the PNC searches: "rejected with
 * 400"). An impossible date where a time is a parameter is `400` at
 * `query.from`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { detailsOf, listOf } from "./harness/body.js"
import { expectError } from "./harness/expectations.js"
import { cookieRead, type Session, signIn } from "./harness/identity.js"
import { type RunningServer, startServer } from "./harness/server.js"

const ADMIN = "query-rules-admin"
let server: RunningServer
let admin: Session

beforeAll(async () => {
  server = await startServer({ env: { BLUELIGHT_ADMIN_IDENTITY_IDS: ADMIN } })
  admin = await signIn(server, { id: ADMIN })
})
afterAll(() => server?.stop())

const get = (path: string) => server.request("GET", path, { headers: cookieRead(admin) })

describe("unknown query parameters", () => {
  it("are ignored by the crew picker, as the API document says of it", async () => {
    const plain = await get("/api/cad/units/eligible-crew?limit=5")
    expect(plain.status, plain.text).toBe(200)
    expect(listOf(plain).meta.limit).toBe(5)
    for (const extra of ["unknown=1", "from=2026-02-30", "sort=name&limit=5"]) {
      const reply = await get(`/api/cad/units/eligible-crew?${extra}`)
      expect(reply.status, `${extra}: ${reply.text}`).toBe(200)
      expect(listOf(reply).data).toEqual(listOf(plain).data)
    }
  })

  it("are refused by every other list, the PNC searches among them, at query.<name>", async () => {
    for (const path of ["/api/pnc/civilians", "/api/pnc/vehicles", "/api/cad/units", "/api/audit", "/api/shifts/summary"]) {
      const error = expectError(await get(`${path}?unknown=1`), 400, "INVALID_INPUT")
      expect(detailsOf(error).map((detail) => detail.path), path).toContainEqual(["query", "unknown"])
    }
  })
})

describe("an impossible date as a query parameter", () => {
  it("is 400 INVALID_INPUT at query.from, while a real one is taken", async () => {
    for (const from of ["2026-02-30", "2026-02-30T00:00:00.000Z"]) {
      const error = expectError(await get(`/api/audit?from=${from}`), 400, "INVALID_INPUT")
      expect(detailsOf(error).map((detail) => detail.path), from).toEqual([["query", "from"]])
    }
    const taken = await get("/api/audit?from=2026-02-28T00:00:00.000Z")
    expect(taken.status, taken.text).toBe(200)
  })
})
