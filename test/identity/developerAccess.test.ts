import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freshDatabase, type TestDatabase } from "../harness/database.js"
import { dataOf, listOf } from "../harness/body.js"
import { expectError } from "../harness/expectations.js"
import {
  ALL_PERMISSIONS,
  bearer,
  cookieWrite,
  issueCredential,
  me,
  meData,
  MEMBER_PERMISSIONS,
  type Session,
  SESSION_COOKIE,
  sessionOf,
  setCookie,
  signIn
} from "../harness/identity.js"
import type { Reply } from "../harness/server.js"
import { type RunningServer, startServer } from "../harness/server.js"

const PASSWORD = "correct horse battery staple"

let database: TestDatabase
let server: RunningServer
let admin: Session
beforeAll(async () => {
  database = await freshDatabase()
  server = await startServer({ database, env: { BLUELIGHT_DEVELOPER_PASSWORD: PASSWORD, BLUELIGHT_ADMIN_IDENTITY_IDS: "dev-admin" } })
  admin = await signIn(server, { id: "dev-admin" })
})
afterAll(async () => {
  await server?.stop()
  await database?.dispose()
})

const attempt = (session: Session, body: unknown, headers: Record<string, string> = {}) =>
  server.request("POST", "/api/auth/developer", { headers: { ...cookieWrite(server, session), ...headers }, body })

/** The rotated session a successful switch set. */
const rotated = (reply: Reply, before: Session): Session => {
  expect(reply.status, reply.text).toBe(200)
  const cookie = setCookie(reply, SESSION_COOKIE)!
  expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43,}$/)
  expect(cookie.value).not.toBe(before.token)
  expect(cookie.attributes).toMatchObject({ httponly: true, samesite: "Lax", path: "/", "max-age": "604800" })
  return sessionOf(cookie.value)
}

const expectRefused = (reply: Reply) => {
  expectError(reply, 401, "AUTHENTICATION_FAILED")
  const cookie = setCookie(reply, SESSION_COOKIE)
  expect(cookie === undefined || cookie.value === "", "a refusal sets no new session").toBe(true)
  expect(reply.text).not.toContain(PASSWORD)
}

// Tokens kept for the "feature turned off" checks at the end (a second server on the same database).
let stillOn: Session

describe("turning Developer Access on", () => {
  it("the right password gives this session every permission and rotates its token", async () => {
    const session = await signIn(server, { id: "developer-1" })
    const before = await meData(server, session)
    const reply = await attempt(session, { password: PASSWORD })
    const next = rotated(reply, session)
    expect(reply.text).not.toContain(PASSWORD)
    expect(dataOf(reply)).toMatchObject({ id: before.id, developerAccess: true, permissions: ALL_PERMISSIONS, staff: null, roles: [] })

    expectError(await me(server, session), 401, "UNAUTHENTICATED")
    const after = await meData(server, next)
    expect(after).toMatchObject({ developerAccess: true, permissions: ALL_PERMISSIONS, staff: null, roles: [] })
    expect((await server.request("GET", "/api/admin/roles", { headers: { cookie: next.cookie } })).status).toBe(200)
    stillOn = next
  })

  it("changes no account, role or staff record", async () => {
    const session = await signIn(server, { id: "developer-records" })
    const accountId = (await meData(server, session)).id
    const accountBefore = dataOf(await server.request("GET", `/api/admin/accounts/${accountId}`, { headers: { cookie: admin.cookie } }))
    const rolesBefore = listOf(await server.request("GET", "/api/admin/roles?limit=100", { headers: { cookie: admin.cookie } })).data
    rotated(await attempt(session, { password: PASSWORD }), session)
    expect(dataOf(await server.request("GET", `/api/admin/accounts/${accountId}`, { headers: { cookie: admin.cookie } }))).toEqual(accountBefore)
    expect(listOf(await server.request("GET", "/api/admin/roles?limit=100", { headers: { cookie: admin.cookie } })).data).toEqual(rolesBefore)
    const staff = listOf<{ account: { id: string } }>(await server.request("GET", "/api/staff?limit=100", { headers: { cookie: admin.cookie } })).data
    expect(staff.map((profile) => profile.account.id)).not.toContain(accountId)
  })

  it("another session of the same person is unaffected", async () => {
    const laptop = await signIn(server, { id: "developer-two-browsers" })
    const phone = await signIn(server, { id: "developer-two-browsers" })
    const on = rotated(await attempt(laptop, { password: PASSWORD }), laptop)
    expect((await meData(server, on)).developerAccess).toBe(true)
    expect(await meData(server, phone)).toMatchObject({ developerAccess: false, permissions: [...MEMBER_PERMISSIONS] })
    expectError(await server.request("GET", "/api/admin/roles", { headers: { cookie: phone.cookie } }), 403, "FORBIDDEN")
  })

  it("DELETE turns it off and rotates the token again", async () => {
    const session = await signIn(server, { id: "developer-off" })
    const on = rotated(await attempt(session, { password: PASSWORD }), session)
    const reply = await server.request("DELETE", "/api/auth/developer", { headers: cookieWrite(server, on) })
    const off = rotated(reply, on)
    expect(dataOf(reply)).toMatchObject({ developerAccess: false, permissions: [...MEMBER_PERMISSIONS] })
    expectError(await me(server, on), 401, "UNAUTHENTICATED")
    expect(await meData(server, off)).toMatchObject({ developerAccess: false, permissions: [...MEMBER_PERMISSIONS] })
    expectError(await server.request("GET", "/api/admin/roles", { headers: { cookie: off.cookie } }), 403, "FORBIDDEN")
  })
})

describe("refusals are all 401 AUTHENTICATION_FAILED", () => {
  it("a wrong password, a malformed body, an unknown property, a missing body or a non-string password", async () => {
    const session = await signIn(server, { id: "developer-refused" })
    expectRefused(await attempt(session, { password: "wrong password" }))
    expectRefused(await attempt(session, "{\"password\": "))
    expectRefused(await attempt(session, { password: PASSWORD, extra: true }))
    expectRefused(await server.request("POST", "/api/auth/developer", { headers: cookieWrite(server, session) }))
    expectRefused(await attempt(session, { password: 12345 }))
    // Every one of those five counted as an attempt: the right password is now refused.
    const sixth = await attempt(session, { password: PASSWORD })
    expectRefused(sixth)
    expect(sixth.headers.get("retry-after")).not.toBeNull()
    expect((await meData(server, session)).developerAccess).toBe(false)
  })

  it("a body that is not JSON by its content type is refused, even when it carries the right password", async () => {
    for (const contentType of ["text/plain", "application/x-www-form-urlencoded"]) {
      const session = await signIn(server, { id: `developer-content-type-${contentType.length}` })
      const reply = await server.request("POST", "/api/auth/developer", {
        headers: { ...cookieWrite(server, session), "content-type": contentType },
        body: JSON.stringify({ password: PASSWORD })
      })
      expectRefused(reply)
      expect((await meData(server, session)).developerAccess).toBe(false)
    }
  })

  it("a password differing only in case or spacing is wrong", async () => {
    const session = await signIn(server, { id: "developer-near-miss" })
    expectRefused(await attempt(session, { password: PASSWORD.toUpperCase() }))
    expectRefused(await attempt(session, { password: ` ${PASSWORD}` }))
    expectRefused(await attempt(session, { Password: PASSWORD }))
    expect((await meData(server, session)).developerAccess).toBe(false)
  })

  it("the sixth attempt in 15 minutes is refused with Retry-After, even with the right password, across the person's sessions", async () => {
    const laptop = await signIn(server, { id: "developer-sixth" })
    const phone = await signIn(server, { id: "developer-sixth" })
    for (const session of [laptop, laptop, laptop, phone, phone]) {
      const reply = await attempt(session, { password: "guess" })
      expectRefused(reply)
      expect(reply.headers.get("retry-after")).toBeNull()
    }
    const sixth = await attempt(laptop, { password: PASSWORD })
    expectRefused(sixth)
    const retryAfter = Number(sixth.headers.get("retry-after"))
    expect(Number.isInteger(retryAfter)).toBe(true)
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)
    expectRefused(await attempt(phone, { password: PASSWORD }))
    expect((await meData(server, laptop)).developerAccess).toBe(false)
    expect((await meData(server, phone)).developerAccess).toBe(false)
  })

  it("every refusal is audited as auth.developer_access.refused with its reason, never the password", async () => {
    const session = await signIn(server, { id: "developer-audited" })
    const accountId = (await meData(server, session)).id
    expectRefused(await attempt(session, { password: `${PASSWORD}!` }))
    expectRefused(await attempt(session, "not json"))
    for (let i = 0; i < 3; i++) expectRefused(await attempt(session, { password: "guess" }))
    expectRefused(await attempt(session, { password: PASSWORD }))
    const reply = await server.request("GET", `/api/audit?action=auth.developer_access.refused&actorId=${accountId}&limit=100`, {
      headers: { cookie: admin.cookie }
    })
    expect(reply.status, reply.text).toBe(200)
    const entries = listOf<{ actor: { id: string }; targetType: string; data: { reason: string } }>(reply).data
    // Newest first.
    expect(entries.map((entry) => entry.data)).toEqual([
      { reason: "too-many-attempts" },
      ...Array(3).fill({ reason: "wrong-password" }),
      { reason: "malformed-body" },
      { reason: "wrong-password" }
    ])
    expect(entries.every((entry) => entry.actor.id === accountId && entry.targetType === "session")).toBe(true)
    expect(reply.text).not.toContain(PASSWORD)
  })

  it("the limit is per account: someone else still gets in", async () => {
    const other = await signIn(server, { id: "developer-unlimited" })
    rotated(await attempt(other, { password: PASSWORD }), other)
  })

  it("a service credential is refused with 403 USER_REQUIRED", async () => {
    const { token } = await issueCredential(server, admin, { name: "Developer bot", scopes: ["staff.view"] })
    expectError(
      await server.request("POST", "/api/auth/developer", { headers: bearer(token), body: { password: PASSWORD } }),
      403,
      "USER_REQUIRED"
    )
    expectError(await server.request("DELETE", "/api/auth/developer", { headers: bearer(token) }), 403, "USER_REQUIRED")
  })

  it("without a session it is refused with 401", async () => {
    const reply = await server.request("POST", "/api/auth/developer", { body: { password: PASSWORD } })
    expect(reply.status).toBe(401)
    expect(setCookie(reply, SESSION_COOKIE)?.value ?? "").toBe("")
  })
})

describe("with the password setting removed (a restart on the same database)", () => {
  let off: RunningServer
  beforeAll(async () => {
    await server.stop()
    off = await startServer({ database, env: { BLUELIGHT_ADMIN_IDENTITY_IDS: "dev-admin" } })
  })
  afterAll(() => off?.stop())

  it("sessions that had Developer Access lose it", async () => {
    const data = await meData(off, stillOn)
    expect(data).toMatchObject({ developerAccess: false, permissions: [...MEMBER_PERMISSIONS] })
    expectError(await off.request("GET", "/api/admin/roles", { headers: { cookie: stillOn.cookie } }), 403, "FORBIDDEN")
  })

  it("the feature is off: even the old password is 401 AUTHENTICATION_FAILED", async () => {
    const session = await signIn(off, { id: "developer-feature-off" })
    for (const body of [{ password: PASSWORD }, { password: "" }, {}]) {
      const reply = await off.request("POST", "/api/auth/developer", { headers: cookieWrite(off, session), body })
      expectError(reply, 401, "AUTHENTICATION_FAILED")
      expect(setCookie(reply, SESSION_COOKIE)?.value ?? "").toBe("")
    }
    expect((await meData(off, session)).developerAccess).toBe(false)
  })
})
