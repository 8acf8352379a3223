import fc from "fast-check"
import { request as httpRequest } from "node:http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { dataOf, detailsOf, listOf } from "./harness/body.js"
import { expectError } from "./harness/expectations.js"
import { cookieRead, createRole, createStaff, linkPlatform, meData, type RoleData, type Session, signIn, type StaffData, write } from "./harness/identity.js"
import { type Reply, type RunningServer, startServer } from "./harness/server.js"

/**
 * Input an attacker would send, against every body, query and path field that
 * exists: strings holding NUL or lone surrogates (with direction overrides,
 * quotes, emoji and great length around them), JSON nested thousands of
 * levels, thousands of wrong entries, chunked bodies past the limits, and
 * times the platform would read leniently. Every one is answered in the error
 * envelope, never `500`, and nothing is stored.
 */

let server: RunningServer
let admin: Session
let memberId: string
let role: RoleData
let staff: StaffData
beforeAll(async () => {
  server = await startServer({
    env: {
      BLUELIGHT_ADMIN_IDENTITY_IDS: "hostile-admin",
      // Hundreds of refused requests come from one person here; the budgets are not what is tested.
      RATE_LIMIT_READS_PER_MINUTE: "100000",
      RATE_LIMIT_WRITES_PER_MINUTE: "100000"
    }
  })
  admin = await signIn(server, { id: "hostile-admin" })
  const member = await signIn(server, { id: "hostile-member" })
  memberId = (await meData(server, member)).id
  role = await createRole(server, admin, "Hostile Base", ["cad.view"])
  staff = await createStaff(server, admin, memberId, [role.id])
})
afterAll(() => server?.stop())

// ---------------------------------------------------------------- generators

/** Characters that make text awkward without making it invalid on their own. */
const SPICE = ["\u202e", "\u202d", "\u2066", "\u200f", "🚓", "é", " ", "\t", "\n", "\\", "\"", "'", "<b>", "%00", "[", "{", "a", "Z", "0", "-", "_"]
/** What no stored text may hold: NUL and lone surrogates. */
const POISON = ["\u0000", "\ud800", "\udbff", "\udc00", "\udfff", "\udc00\ud800", "\u0000\u0000"]

const spice = fc.string({ unit: fc.constantFrom(...SPICE), maxLength: 8 })
const padding = fc.oneof(fc.constant(""), fc.integer({ min: 50, max: 3000 }).map((n) => "x".repeat(n)))

/** A string holding at least one NUL or lone surrogate, dressed up in `spice` and sometimes very long. */
const poisoned = (poison: ReadonlyArray<string>, withPadding = true) =>
  fc.tuple(spice, fc.constantFrom(...poison), spice, withPadding ? padding : fc.constant(""), fc.boolean()).map(
    ([before, bad, after, pad, padFirst]) => (padFirst ? pad + before + bad + after : before + bad + after + pad)
  )

/** For bodies: JSON carries lone surrogates as `\ud800` escapes. */
const hostileBodyText = poisoned(POISON)
/** For query strings and paths: a URL cannot carry a lone surrogate (bad UTF-8 decodes to U+FFFD), so NUL does. */
const hostileUrlText = poisoned(["\u0000", "\u0000\u0000"])
/** For path segments, kept short of the length rules of ids. */
const hostilePathText = poisoned(["\u0000"], false)

const RUNS = { numRuns: 3 } as const

// ---------------------------------------------------------------- requests

const read = (path: string) => server.request("GET", path, { headers: cookieRead(admin) })

/** An error envelope for bad input: `400 INVALID_INPUT`, with details. */
const expectRefused = (reply: Reply, what: string) => {
  expect(reply.status, `${what}: ${reply.text.slice(0, 300)}`).toBe(400)
  const error = expectError(reply, 400, "INVALID_INPUT")
  return { ...error, details: detailsOf(error) }
}

/** Everything a refused request could have changed: roles, credentials, staff, accounts and the audit log. */
const storedState = async () => {
  const lists = ["/api/admin/roles?limit=100", "/api/admin/services?limit=100", "/api/staff?limit=100", "/api/admin/accounts?limit=100", "/api/audit?limit=100"]
  const replies = await Promise.all(lists.map(read))
  for (const reply of replies) expect(reply.status, reply.text).toBe(200)
  return replies.map((reply) => dataOf<unknown>(reply))
}

interface BodyField {
  readonly name: string
  readonly method: "POST" | "PATCH"
  readonly path: () => string
  readonly body: (value: string) => unknown
}

const validEcho = { id: "abc", name: "Jane Doe", at: "2026-03-01T10:15:30Z", day: "2024-02-29", tags: ["a"] }

const BODY_FIELDS: ReadonlyArray<BodyField> = [
  { name: "role name", method: "POST", path: () => "/api/admin/roles", body: (v) => ({ name: v, permissions: [] }) },
  { name: "role permissions", method: "POST", path: () => "/api/admin/roles", body: (v) => ({ name: "Valid Name", permissions: [v] }) },
  { name: "PATCH role name", method: "PATCH", path: () => `/api/admin/roles/${role.id}`, body: (v) => ({ name: v }) },
  { name: "PATCH role permissions", method: "PATCH", path: () => `/api/admin/roles/${role.id}`, body: (v) => ({ permissions: ["cad.view", v] }) },
  { name: "credential name", method: "POST", path: () => "/api/admin/services", body: (v) => ({ name: v, scopes: ["cad.view"] }) },
  { name: "credential scopes", method: "POST", path: () => "/api/admin/services", body: (v) => ({ name: "Valid", scopes: [v] }) },
  {
    name: "credential lifetimeDays",
    method: "POST",
    path: () => "/api/admin/services",
    body: (v) => ({ name: "Valid", scopes: ["cad.view"], lifetimeDays: v })
  },
  { name: "staff accountId", method: "POST", path: () => "/api/staff", body: (v) => ({ accountId: v, roleIds: [] }) },
  { name: "staff roleIds", method: "POST", path: () => "/api/staff", body: (v) => ({ accountId: memberId, roleIds: [v] }) },
  { name: "PATCH staff roleIds", method: "PATCH", path: () => `/api/staff/${staff.id}`, body: (v) => ({ roleIds: [role.id, v] }) },
  { name: "PATCH staff active", method: "PATCH", path: () => `/api/staff/${staff.id}`, body: (v) => ({ active: v }) },
  { name: "account status", method: "PATCH", path: () => `/api/admin/accounts/${memberId}`, body: (v) => ({ status: v }) },
  { name: "echo id", method: "POST", path: () => "/api/__test/echo", body: (v) => ({ ...validEcho, id: v }) },
  { name: "echo name", method: "POST", path: () => "/api/__test/echo", body: (v) => ({ ...validEcho, name: v }) },
  { name: "echo at", method: "POST", path: () => "/api/__test/echo", body: (v) => ({ ...validEcho, at: v }) },
  { name: "echo day", method: "POST", path: () => "/api/__test/echo", body: (v) => ({ ...validEcho, day: v }) },
  { name: "echo tags", method: "POST", path: () => "/api/__test/echo", body: (v) => ({ ...validEcho, tags: [v] }) },
  { name: "audited action", method: "POST", path: () => "/api/__test/audit", body: (v) => ({ action: v }) },
  { name: "audited targetId", method: "POST", path: () => "/api/__test/audit", body: (v) => ({ action: "test.valid", targetId: v }) },
  { name: "unknown property", method: "POST", path: () => "/api/admin/roles", body: (v) => ({ name: "Valid Name", permissions: [], [v]: 1 }) }
]

/** Every query parameter of every endpoint, with the path it belongs to. */
const QUERY_FIELDS: ReadonlyArray<readonly [path: string, parameter: string]> = [
  ...["action", "actorId", "serviceId", "targetId", "from", "to", "limit", "offset"].map((p) => ["/api/audit", p] as const),
  ...["status", "search", "limit", "offset"].map((p) => ["/api/admin/accounts", p] as const),
  ...["limit", "offset"].map((p) => ["/api/admin/roles", p] as const),
  ...["limit", "offset"].map((p) => ["/api/admin/services", p] as const),
  ...["active", "limit", "offset"].map((p) => ["/api/staff", p] as const),
  ...["search", "limit", "offset"].map((p) => ["/api/__test/page", p] as const),
  ...["search", "limit", "offset"].map((p) => ["/api/__test/lenient", p] as const),
  ...["limit", "offset"].map((p) => ["/api/__test/audit", p] as const),
  ["/api/__test/slow", "ms"],
  ...["code", "state", "error"].map((p) => ["/api/auth/idp/callback", p] as const)
]

const PATH_FIELDS: ReadonlyArray<readonly [method: string, path: (id: string) => string]> = [
  ["GET", (id) => `/api/staff/${id}`],
  ["PATCH", (id) => `/api/staff/${id}`],
  ["GET", (id) => `/api/admin/accounts/${id}`],
  ["PATCH", (id) => `/api/admin/roles/${id}`],
  ["DELETE", (id) => `/api/admin/services/${id}`]
]

// ---------------------------------------------------------------- strings

describe("strings holding NUL or lone surrogates", () => {
  it("are refused in every body field, with the envelope, and nothing is stored; other text is never a 500", async () => {
    const before = await storedState()
    for (const field of BODY_FIELDS) {
      await fc.assert(
        fc.asyncProperty(hostileBodyText, async (value) => {
          const reply = await write(server, admin, field.method, field.path(), field.body(value))
          expectRefused(reply, field.name)
        }),
        RUNS
      )
    }
    expect(await storedState()).toEqual(before)
    // Text without them is never a 500 either: refused in the envelope, or taken exactly (trimmed). A name is
    // one line: direction controls, marks and line breaks or tabs left inside after trimming refuse it.
    const awkward = fc.string({ unit: fc.constantFrom(...SPICE, "x".repeat(20)), maxLength: 10 })
    await fc.assert(
      fc.asyncProperty(awkward, async (name) => {
        const reply = await server.request("POST", "/api/__test/echo", { body: { ...validEcho, name } })
        const trimmed = name.trim()
        if (trimmed.length >= 2 && trimmed.length <= 60 && !/[\u202d\u202e\u2066\u200f\t\n]/.test(trimmed)) {
          expect(reply.status, reply.text).toBe(200)
          expect(dataOf(reply)["name"]).toBe(trimmed)
        } else {
          expectRefused(reply, "echo name")
        }
      }),
      { numRuns: 40 }
    )
  })

  it("are refused in every query parameter and path id, and nothing is stored", async () => {
    const before = await storedState()
    for (const [path, parameter] of QUERY_FIELDS) {
      await fc.assert(
        fc.asyncProperty(hostileUrlText, async (value) => {
          const reply = await read(`${path}?${parameter}=${encodeURIComponent(value)}`)
          const error = expectRefused(reply, `${path} ${parameter}`)
          expect(error.details.some((d) => d.path[0] === "query" && d.path[1] === parameter), reply.text).toBe(true)
        }),
        RUNS
      )
    }
    for (const [method, path] of PATH_FIELDS) {
      await fc.assert(
        fc.asyncProperty(hostilePathText, async (value) => {
          const reply = await write(server, admin, method, path(encodeURIComponent(value)), method === "PATCH" ? {} : undefined)
          const error = expectRefused(reply, `${method} ${path(":id")}`)
          expect(error.details[0]?.path.slice(0, 2), reply.text).toEqual(["path", "id"])
        }),
        RUNS
      )
    }
    expect(await storedState()).toEqual(before)
  })

  it("the findings as reported: a role name, a credential name and ?action=%00", async () => {
    const before = await storedState()
    const roleName = expectRefused(await write(server, admin, "POST", "/api/admin/roles", { name: "Bad\u0000Role", permissions: [] }), "role")
    expect(roleName.details).toEqual([{ path: ["name"], message: "must not contain NUL characters or unpaired surrogates" }])
    expectRefused(await write(server, admin, "POST", "/api/admin/roles", { name: "Bad\ud800Role", permissions: [] }), "role")
    expectRefused(await write(server, admin, "POST", "/api/admin/services", { name: "Bad\u0000Key", scopes: ["cad.view"] }), "credential")
    const action = expectRefused(await read("/api/audit?action=%00"), "audit action")
    expect(action.details).toEqual([{ path: ["query", "action"], message: "must not contain NUL characters or unpaired surrogates" }])
    expect(await storedState()).toEqual(before)
  })
})

// ---------------------------------------------------------------- shapes

describe("bodies out of proportion", () => {
  it("JSON nested 5000 levels is refused before decoding, anywhere in the body", async () => {
    const before = await storedState()
    const deep = "[".repeat(5000) + "]".repeat(5000)
    for (const body of [deep, `{"name":${deep},"permissions":[]}`, `{"name":"ok","permissions":[${deep}]}`]) {
      const error = expectRefused(await write(server, admin, "POST", "/api/admin/roles", body), "deep JSON")
      expect(error.message).toBe("The request body nests arrays and objects deeper than 32 levels")
      expect(error.details).toEqual([{ path: [], message: "must nest at most 32 levels deep" }])
    }
    expect((await server.request("GET", "/api/health")).status).toBe(200)
    expect(await storedState()).toEqual(before)
  })

  it("32 levels are decoded as usual; brackets inside strings do not count", async () => {
    const nested = (levels: number) => "[".repeat(levels) + "]".repeat(levels)
    const at32 = expectRefused(await write(server, admin, "POST", "/api/admin/roles", `{"name":${nested(31)},"permissions":[]}`), "32 levels")
    expect(at32.details[0]?.path).toEqual(["name"])
    const at33 = expectRefused(await write(server, admin, "POST", "/api/admin/roles", `{"name":${nested(32)},"permissions":[]}`), "33 levels")
    expect(at33.details).toEqual([{ path: [], message: "must nest at most 32 levels deep" }])
    const inString = { ...validEcho, name: `A "quoted" \\ ${"[{".repeat(2000)}` }
    const reply = await server.request("POST", "/api/__test/echo", { body: inString })
    expect(expectRefused(reply, "brackets in a string").details).toEqual([{ path: ["name"], message: "must be at most 60 characters" }])
  })

  it("7000 wrong permission entries: a small answer, 20 details and how many more", async () => {
    const before = await storedState()
    const body = JSON.stringify({ name: "Seven Thousand", permissions: Array.from({ length: 7000 }, () => 1) })
    expect(Buffer.byteLength(body)).toBeLessThan(16 * 1024)
    const reply = await write(server, admin, "POST", "/api/admin/roles", body)
    const error = expectRefused(reply, "7000 entries")
    expect(reply.text.length).toBeLessThan(20_000)
    expect(error.details).toHaveLength(21)
    expect(error.details.slice(0, 20).map((d) => d.path)).toEqual(
      Array.from({ length: 20 }, (_, i) => ["permissions", String(i)])
    )
    // 7000 wrong entries. The list's own limit of 32 is checked once its entries are valid (Effect 4
    // checks a list's rules after its items; Effect 3 counted both, "and 6981 more problems").
    expect(error.details[20]).toEqual({ path: [], message: "and 6980 more problems" })
    expect(await storedState()).toEqual(before)
  })

  it("one wrong permission is one detail naming the allowed keys", async () => {
    const error = expectRefused(await write(server, admin, "POST", "/api/admin/roles", { name: "One Wrong", permissions: ["cad.view", "nope"] }), "one wrong")
    expect(error.details).toHaveLength(1)
    expect(error.details[0]?.path).toEqual(["permissions", "1"])
    expect(error.details[0]?.message).toMatch(/^must be one of: /)
    expect(error.details[0]?.message.split(": ")[1]?.split(", ").sort()).toEqual((await meData(server, admin)).permissions)
    const status = expectRefused(await write(server, admin, "PATCH", `/api/admin/accounts/${memberId}`, { status: "active" }), "status")
    expect(status.details).toEqual([{ path: ["status"], message: "must be one of: ACTIVE, SUSPENDED, DISABLED" }])
    const active = expectRefused(await read("/api/staff?active=yes"), "active")
    expect(active.details).toEqual([{ path: ["query", "active"], message: "must be one of: true, false" }])
  })
})

// ---------------------------------------------------------------- chunked bodies

interface RawReply {
  readonly status?: number
  readonly body?: string
  readonly error?: string
}

/** A POST with `Transfer-Encoding: chunked` (no Content-Length), written in the pieces given. */
const postChunked = (path: string, pieces: ReadonlyArray<string | Buffer>) =>
  new Promise<RawReply>((resolve) => {
    const req = httpRequest(
      `${server.url}${path}`,
      { method: "POST", headers: { "content-type": "application/json", "transfer-encoding": "chunked" } },
      (res) => {
        let body = ""
        res.setEncoding("utf8").on("data", (chunk: string) => (body += chunk)).on("end", () => resolve({ status: res.statusCode!, body }))
      }
    )
    req.on("error", (error) => resolve({ error: error.message }))
    const writeFrom = (index: number) => {
      if (index === pieces.length) return req.end()
      if (req.write(pieces[index]!)) writeFrom(index + 1)
      else req.once("drain", () => writeFrom(index + 1))
    }
    writeFrom(0)
  })

describe("chunked bodies", () => {
  it("1 MiB + 1 byte is read to its end and answered 413 in the envelope, not a reset; past 10 MiB the client is cut off", async () => {
    const piece = Buffer.alloc(64 * 1024, 0x20)
    const reply = await postChunked("/api/__test/echo", [...Array.from({ length: 16 }, () => piece), " "])
    expect(reply.error).toBeUndefined()
    expect(reply.status).toBe(413)
    expect(JSON.parse(reply.body!).error.code).toBe("PAYLOAD_TOO_LARGE")
    // The draining is bounded: a client still sending past 10 MiB is cut off.
    const big = Buffer.alloc(256 * 1024, 0x20)
    const endless = await postChunked("/api/__test/echo", Array.from({ length: 48 }, () => big))
    expect(endless.status).toBeUndefined()
    expect(endless.error).toBeDefined()
    expect((await server.request("GET", "/api/health")).status).toBe(200)
  })

  it("a body that fits is decoded as usual, however finely it is cut", async () => {
    const text = JSON.stringify({ ...validEcho, name: "Chunked Jane" })
    const reply = await postChunked("/api/__test/echo", text.split(""))
    expect(reply.status, reply.body).toBe(200)
    expect(JSON.parse(reply.body!).data.name).toBe("Chunked Jane")
    const refused = await postChunked("/api/__test/echo", [JSON.stringify({ ...validEcho, name: "Bad\u0000" })])
    expect(refused.status).toBe(400)
    expect(JSON.parse(refused.body!).error.details).toEqual([{ path: ["name"], message: "must not contain NUL characters or unpaired surrogates" }])
  })
})

// ---------------------------------------------------------------- times

describe("dates and times are the API document's formats only", () => {
  it("from=1 and from=hello 5 are refused; ISO 8601 date-times with an offset are read", async () => {
    for (
      const query of ["from=1", "from=hello%205", "to=2026-01-31", "to=2026-01-31%2009:30:00Z", "from=2026-02-30T00:00:00Z", "from=%2B010000-01-01T00:00:00Z"]
    ) {
      const error = expectRefused(await read(`/api/audit?${query}`), query)
      expect(error.details).toEqual([
        { path: ["query", query.slice(0, query.indexOf("="))], message: "must be an ISO 8601 date-time such as 2026-01-31T09:30:00.000Z" }
      ])
    }
    for (const query of ["from=2000-01-01T00:00:00Z", "to=2099-01-01T00:00:00.000%2B01:00", "from=2000-01-01T00:00:00.123456-05:30"]) {
      expect((await read(`/api/audit?${query}`)).status, query).toBe(200)
    }
    // A calendar date is YYYY-MM-DD and nothing else.
    for (const day of ["1", "2026-1-1", "2026-02-30", "2026-01-01T00:00:00Z"]) {
      const error = expectRefused(await server.request("POST", "/api/__test/echo", { body: { ...validEcho, day } }), day)
      expect(error.details).toEqual([{ path: ["day"], message: "must be a calendar date in the form YYYY-MM-DD" }])
    }
  })
})

// ---------------------------------------------------------------- provider profiles

describe("provider profiles", () => {
  it("a display name holding a NUL signs in, and what is stored is clean", async () => {
    const session = await signIn(server, { id: "nul-name", username: "nul\u0000user", displayName: "Nul\u0000 Person\u202e" })
    const me = await meData(server, session)
    expect(me.displayName).toBe("Nul Person")
    expect(me.identity.username).toBe("nuluser")
    const accounts = await read(`/api/admin/accounts?search=${encodeURIComponent("Nul Person")}`)
    expect(listOf<{ displayName: string }>(accounts).data.map((a) => a.displayName)).toEqual(["Nul Person"])
    // Signing in again with the same profile changes nothing and still works.
    expect((await meData(server, await signIn(server, { id: "nul-name", username: "nul\u0000user", displayName: "Nul\u0000 Person\u202e" }))).displayName).toBe(
      "Nul Person"
    )
  })

  it("a game-platform username holding a NUL links, stored clean", async () => {
    const session = await signIn(server, { id: "nul-linker" })
    const reply = await linkPlatform(server, session, { id: "424242", username: "Play\u0000er\u202e" })
    expect(reply.status, reply.text).toBe(302)
    expect((await meData(server, session)).platform).toEqual({ id: "424242", username: "Player" })
  })
})
