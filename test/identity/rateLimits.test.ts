import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { expectError } from "../harness/expectations.js"
import {
  bearer,
  cookieWrite,
  issueCredential,
  type Session,
  signIn,
  waitForWindow
} from "../harness/identity.js"
import type { Reply } from "../harness/server.js"
import { type RunningServer, startServer } from "../harness/server.js"

// The default budgets (no RATE_LIMIT_* settings): 180 reads and 60 other requests a minute per caller.
const POLICY = "\"read\";q=180;w=60, \"write\";q=60;w=60"

let server: RunningServer
/** A server of its own for sign-in starts: spending that budget blocks every sign-in on the server for the rest of the minute. */
let signInServer: RunningServer
let admin: Session
beforeAll(async () => {
  ;[server, signInServer] = await Promise.all([startServer({ env: { BLUELIGHT_ADMIN_IDENTITY_IDS: "rate-admin" } }), startServer()])
  admin = await signIn(server, { id: "rate-admin" })
})
afterAll(() => Promise.all([server?.stop(), signInServer?.stop()]))

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
    await waitForWindow(5)
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
    await waitForWindow(10)
    // A member's POST /admin/roles is refused (403) but spends a write all the same.
    const writes = await repeat(60, () => server.request("POST", "/api/admin/roles", { headers: cookieWrite(server, session) }))
    for (const reply of writes) expectError(reply, 403, "FORBIDDEN")
    expect(writes.map((reply) => rateLimit(reply).remaining).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i))
    expectLimited(await server.request("POST", "/api/admin/roles", { headers: cookieWrite(server, session) }), "write")
    expectLimited(await server.request("POST", "/api/auth/logout", { headers: cookieWrite(server, session) }), "write")
    // Still signed in: the refused logout did nothing, and reads have their own budget.
    const read = await server.request("GET", "/api/me", { headers: { cookie: session.cookie } })
    expect(read.status).toBe(200)
    expect(rateLimit(read).budget).toBe("read")
    expect((await server.request("POST", "/api/admin/roles", { headers: cookieWrite(server, bystander) })).status).toBe(403)
  })

  it("the 181st read in a minute is 429 RATE_LIMITED with Retry-After; writes go on", async () => {
    const session = await signIn(server, { id: "rate-reader" })
    await waitForWindow(12)
    const reads = await repeat(180, () => server.request("GET", "/api/me", { headers: { cookie: session.cookie } }))
    expect(reads.filter((reply) => reply.status !== 200).map((reply) => reply.text)).toEqual([])
    expectLimited(await server.request("GET", "/api/me", { headers: { cookie: session.cookie } }), "read")
    expectLimited(await server.request("GET", "/api/staff", { headers: { cookie: session.cookie } }), "read")
    expect((await server.request("POST", "/api/auth/logout", { headers: cookieWrite(server, session) })).status).toBe(200)
  })

  it("a credential has its own budget: its 61st write is 429", async () => {
    const { token } = await issueCredential(server, admin, { name: "Chatty bot", scopes: ["staff.view"] })
    await waitForWindow(8)
    const writes = await repeat(60, () => server.request("POST", "/api/auth/logout", { headers: bearer(token) }))
    for (const reply of writes) expectError(reply, 403, "USER_REQUIRED")
    expectLimited(await server.request("POST", "/api/auth/logout", { headers: bearer(token) }), "write")
    expect((await server.request("GET", "/api/staff", { headers: bearer(token) })).status).toBe(200)
    // The person who issued it is unaffected.
    expect((await server.request("GET", "/api/admin/services", { headers: { cookie: admin.cookie } })).status).toBe(200)
  })
})

describe("sign-in starts", () => {
  it("are shared by all callers: the 121st start in a minute is 429 with Retry-After; the platform's budget is separate", async () => {
    await waitForWindow(10)
    // One full sign-in (one start), then 119 more starts from anyone: 120 in all.
    const session = await signIn(signInServer, { id: "early-bird" })
    const starts = await repeat(119, () => signInServer.request("GET", "/api/auth/idp"))
    expect(starts.filter((reply) => reply.status !== 302).map((reply) => reply.text)).toEqual([])
    const refused = await signInServer.request("GET", "/api/auth/idp")
    expectError(refused, 429, "RATE_LIMITED")
    const retryAfter = Number(refused.headers.get("retry-after"))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    // The budget is per provider: linking a game-platform account still starts.
    expect((await signInServer.request("GET", "/api/auth/platform", { headers: { cookie: session.cookie } })).status).toBe(302)
  })
})
