import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { expectError } from "../harness/expectations.js"
import { bearer, cookieWrite, issueCredential, type Session, freshWindow, signIn } from "../harness/identity.js"
import type { Reply } from "../harness/server.js"
import { type RunningServer, startServer } from "../harness/server.js"

// The default budgets (no RATE_LIMIT_* settings): 180 reads and 60 other requests a minute per caller.
const POLICY = "\"read\";q=180;w=60, \"write\";q=60;w=60"

let server: RunningServer
/**
 * Servers of their own for sign-in starts, with small budgets: six a minute,
 * two per address. One believes one proxy's `X-Forwarded-For` (so that a test
 * can come from many addresses); the other, like a default server, does not.
 */
let proxiedServer: RunningServer
let directServer: RunningServer
let admin: Session
beforeAll(async () => {
  const signInBudgets = { RATE_LIMIT_SIGN_INS_PER_MINUTE: "6", RATE_LIMIT_SIGN_INS_PER_ADDRESS_PER_MINUTE: "2" }
  ;[server, proxiedServer, directServer] = await Promise.all([
    startServer({ env: { BLUELIGHT_ADMIN_IDENTITY_IDS: "rate-admin" } }),
    startServer({ env: { ...signInBudgets, TRUSTED_PROXY_HOPS: "1" } }),
    startServer({ env: signInBudgets })
  ])
  admin = await signIn(server, { id: "rate-admin" })
})
afterAll(() => Promise.all([server?.stop(), proxiedServer?.stop(), directServer?.stop()]))

const rateLimit = (reply: Reply) => {
  const match = /^"(read|write)";r=(\d+);t=(\d+)$/.exec(reply.headers.get("ratelimit") ?? "")
  expect(match, `RateLimit header: ${reply.headers.get("ratelimit")}`).not.toBeNull()
  return { budget: match![1], remaining: Number(match![2]), reset: Number(match![3]) }
}

const expectLimited = (reply: Reply, budget: "read" | "write") => {
  expectError(reply, 429, "RATE_LIMITED")
  const retryAfter = Number(reply.headers.get("retry-after"))
  expect(Number.isInteger(retryAfter)).toBe(true)
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  expect(retryAfter).toBeLessThanOrEqual(60)
  expect(rateLimit(reply)).toEqual({ budget, remaining: 0, reset: retryAfter })
  expect(reply.headers.get("ratelimit-policy")).toBe(POLICY)
}

/** Runs `count` requests, `batch` at a time; answers the replies in order. */
const repeat = async (count: number, request: () => Promise<Reply>, batch = 10) => {
  const replies: Array<Reply> = []
  while (replies.length < count) {
    replies.push(...(await Promise.all(Array.from({ length: Math.min(batch, count - replies.length) }, request))))
  }
  return replies
}

describe("per-caller budgets", () => {
  it("every response carries RateLimit-Policy, and RateLimit counts down", async () => {
    const session = await signIn(server, { id: "rate-headers" })
    await freshWindow(server)
    const first = await server.request("GET", "/api/me", { headers: { cookie: session.cookie } })
    expect(first.headers.get("ratelimit-policy")).toBe(POLICY)
    expect(rateLimit(first)).toMatchObject({ budget: "read", remaining: 179 })
    expect(rateLimit(await server.request("GET", "/api/me", { headers: { cookie: session.cookie } }))).toMatchObject({ remaining: 178 })
    const write = await server.request("POST", "/api/admin/roles", { headers: cookieWrite(server, session) })
    expect(rateLimit(write)).toMatchObject({ budget: "write", remaining: 59 })
    expect((await server.request("GET", "/api/health")).headers.get("ratelimit-policy")).toBe(POLICY)
  })

  it("the 61st write in a minute is 429 RATE_LIMITED with Retry-After; reads and other callers go on", async () => {
    const session = await signIn(server, { id: "rate-writer" })
    const bystander = await signIn(server, { id: "rate-bystander" })
    await freshWindow(server)
    // A member's POST /admin/roles is refused (403) but spends a write all the same.
    const writes = await repeat(60, () => server.request("POST", "/api/admin/roles", { headers: cookieWrite(server, session) }))
    for (const reply of writes) expectError(reply, 403, "FORBIDDEN")
    expect(writes.map((reply) => rateLimit(reply).remaining).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i))
    expectLimited(await server.request("POST", "/api/admin/roles", { headers: cookieWrite(server, session) }), "write")
    expectLimited(await server.request("DELETE", "/api/auth/developer", { headers: cookieWrite(server, session) }), "write")
    // Reads have their own budget.
    const read = await server.request("GET", "/api/me", { headers: { cookie: session.cookie } })
    expect(read.status).toBe(200)
    expect(rateLimit(read).budget).toBe("read")
    expect((await server.request("POST", "/api/admin/roles", { headers: cookieWrite(server, bystander) })).status).toBe(403)
  })

  it("signing out always works: with the write budget spent, POST /auth/logout still signs out, uncounted", async () => {
    const session = await signIn(server, { id: "rate-leaver" })
    await freshWindow(server)
    await repeat(60, () => server.request("POST", "/api/admin/roles", { headers: cookieWrite(server, session) }))
    expectLimited(await server.request("POST", "/api/admin/roles", { headers: cookieWrite(server, session) }), "write")
    const logout = await server.request("POST", "/api/auth/logout", { headers: cookieWrite(server, session) })
    expect(logout.status, logout.text).toBe(200)
    expect(logout.body).toEqual({ data: { signedOut: true } })
    expect(logout.headers.get("ratelimit")).toBeNull()
    expect(logout.headers.get("ratelimit-policy")).toBe(POLICY)
    expectError(await server.request("GET", "/api/me", { headers: { cookie: session.cookie } }), 401, "UNAUTHENTICATED")
  })

  it("the 181st read in a minute is 429 RATE_LIMITED with Retry-After; writes go on", async () => {
    const session = await signIn(server, { id: "rate-reader" })
    await freshWindow(server)
    const reads = await repeat(180, () => server.request("GET", "/api/me", { headers: { cookie: session.cookie } }))
    expect(reads.filter((reply) => reply.status !== 200).map((reply) => reply.text)).toEqual([])
    expectLimited(await server.request("GET", "/api/me", { headers: { cookie: session.cookie } }), "read")
    expectLimited(await server.request("GET", "/api/staff", { headers: { cookie: session.cookie } }), "read")
    expect((await server.request("POST", "/api/auth/logout", { headers: cookieWrite(server, session) })).status).toBe(200)
  })

  it("a credential has its own budget: its 61st write is 429", async () => {
    const { token } = await issueCredential(server, admin, { name: "Chatty bot", scopes: ["staff.view"] })
    await freshWindow(server)
    const writes = await repeat(60, () => server.request("POST", "/api/admin/roles", { headers: bearer(token) }))
    for (const reply of writes) expectError(reply, 403, "USER_REQUIRED")
    expectLimited(await server.request("POST", "/api/admin/roles", { headers: bearer(token) }), "write")
    expect((await server.request("GET", "/api/staff", { headers: bearer(token) })).status).toBe(200)
    // The person who issued it is unaffected.
    expect((await server.request("GET", "/api/admin/services", { headers: { cookie: admin.cookie } })).status).toBe(200)
  })
})

describe("sign-in starts", () => {
  const signInLimit = (reply: Reply) => {
    const match = /^"sign-in";r=(\d+);t=(\d+)$/.exec(reply.headers.get("ratelimit") ?? "")
    expect(match, `RateLimit header: ${reply.headers.get("ratelimit")}`).not.toBeNull()
    return { remaining: Number(match![1]), reset: Number(match![2]) }
  }

  const expectStartRefused = (reply: Reply, by: RegExp) => {
    const error = expectError(reply, 429, "RATE_LIMITED")
    expect(error.message).toMatch(by)
    const retryAfter = Number(reply.headers.get("retry-after"))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(signInLimit(reply)).toEqual({ remaining: 0, reset: retryAfter })
    expect(reply.headers.get("ratelimit-policy")).toBe(POLICY)
  }

  const startFrom = (address: string) => proxiedServer.request("GET", "/api/auth/idp", { headers: { "x-forwarded-for": address } })

  it("count per client address, under the shared ceiling: one address cannot lock everyone out, and its refused starts cost others nothing", async () => {
    await freshWindow(proxiedServer)
    const first = await startFrom("198.51.100.1")
    expect(first.status).toBe(302)
    expect(signInLimit(first).remaining).toBe(1)
    expect(signInLimit(await startFrom("198.51.100.1")).remaining).toBe(0)
    // Its third and later starts are refused for its address, and spend none of the shared six.
    for (const reply of await repeat(20, () => startFrom("198.51.100.1"))) expectStartRefused(reply, /from your address/)
    // Anything the client itself writes further left in the header changes nothing.
    expectStartRefused(await startFrom("203.0.113.50, 198.51.100.1"), /from your address/)
    for (const address of ["198.51.100.2", "198.51.100.2", "2001:db8:1:2::7", "2001:db8:1:2::8"]) {
      expect((await startFrom(address)).status).toBe(302)
    }
    // An IPv6 client counts by its /64 network: another of its addresses is the same client.
    expectStartRefused(await startFrom("2001:db8:1:2:ffff::9"), /from your address/)
    // Six started: the shared ceiling refuses a fresh address.
    expectStartRefused(await startFrom("198.51.100.3"), /^Too many sign-ins are starting;/)
  })

  it("trust no X-Forwarded-For by default: the socket's address counts, and each provider has its own budgets", async () => {
    await freshWindow(directServer)
    const session = await signIn(directServer, { id: "early-bird" })
    expect((await directServer.request("GET", "/api/auth/idp", { headers: { "x-forwarded-for": "198.51.100.9" } })).status).toBe(302)
    expectStartRefused(
      await directServer.request("GET", "/api/auth/idp", { headers: { "x-forwarded-for": "198.51.100.10" } }),
      /from your address/
    )
    // Linking a game-platform account still starts.
    const link = await directServer.request("GET", "/api/auth/platform", { headers: { cookie: session.cookie } })
    expect(link.status).toBe(302)
    expect(signInLimit(link).remaining).toBe(1)
  })
})
