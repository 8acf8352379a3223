import { createHash } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { listOf } from "../harness/body.js"
import { expectError } from "../harness/expectations.js"
import {
  approve,
  bearer,
  callback,
  clearsCookie,
  cookieWrite,
  issueCredential,
  me,
  meData,
  type Session,
  SESSION_COOKIE,
  setAccountStatus,
  setCookie,
  signIn,
  startSignIn,
  STATE_COOKIE,
  write
} from "../harness/identity.js"
import { type RunningServer, startServer } from "../harness/server.js"

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex")

let server: RunningServer
let admin: Session
let adminId: string
let credentialToken: string
beforeAll(async () => {
  server = await startServer({ env: { BLUELIGHT_ADMIN_IDENTITY_IDS: "sessions-admin" } })
  admin = await signIn(server, { id: "sessions-admin" })
  adminId = (await meData(server, admin)).id
  credentialToken = (await issueCredential(server, admin, { name: "Sessions bot", scopes: ["staff.view"] })).token
})
afterAll(() => server?.stop())

describe("who is calling", () => {
  it("no cookie and no credential is 401 UNAUTHENTICATED", async () => {
    expectError(await server.request("GET", "/api/me"), 401, "UNAUTHENTICATED")
    expectError(await server.request("POST", "/api/auth/logout", { headers: { origin: server.url } }), 401, "UNAUTHENTICATED")
  })

  it("an unknown session token is 401 and the cookie is cleared", async () => {
    const reply = await server.request("GET", "/api/me", { headers: { cookie: `${SESSION_COOKIE}=not-a-real-session-token` } })
    expectError(reply, 401, "UNAUTHENTICATED")
    expect(clearsCookie(setCookie(reply, SESSION_COOKIE))).toBe(true)
  })

  it("a valid cookie with an invalid bearer token is 401: the Authorization header decides alone", async () => {
    for (const authorization of ["Bearer bluelight_nope", "Bearer " + "x".repeat(60), "Basic dXNlcjpwYXNz", "Bearer", "bearer-ish"]) {
      expectError(
        await server.request("GET", "/api/me", { headers: { cookie: admin.cookie, authorization } }),
        401,
        "UNAUTHENTICATED"
      )
      expectError(
        await server.request("GET", "/api/admin/roles", { headers: { cookie: admin.cookie, authorization } }),
        401,
        "UNAUTHENTICATED"
      )
    }
    // The cookie itself is fine.
    expect((await me(server, admin)).status).toBe(200)
  })

  it("a valid cookie with a valid bearer token acts as the credential, never as the person", async () => {
    const reply = await server.request("GET", "/api/admin/roles", { headers: { cookie: admin.cookie, ...bearer(credentialToken) } })
    expectError(reply, 403, "USER_REQUIRED")
  })
})

describe("expired and revoked sessions", () => {
  it("an expired session is 401 and the cookie is cleared (expiry moved into the past in the database)", async () => {
    // Sessions last seven days; rather than wait, the stored expiry is moved.
    const session = await signIn(server, { id: "expiring" })
    await server.database!.query("UPDATE sessions SET expires_at = now() + interval '1 minute' WHERE token_hash = $1", [sha256(session.token)])
    expect((await me(server, session)).status).toBe(200)
    await server.database!.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [sha256(session.token)])
    const reply = await me(server, session)
    expectError(reply, 401, "UNAUTHENTICATED")
    expect(clearsCookie(setCookie(reply, SESSION_COOKIE))).toBe(true)
    expectError(await write(server, session, "POST", "/api/auth/logout"), 401, "UNAUTHENTICATED")
  })

  it("a session revoked by signing out is 401 on reads and writes", async () => {
    const session = await signIn(server, { id: "revoked-by-logout" })
    expect((await write(server, session, "POST", "/api/auth/logout")).status).toBe(200)
    expectError(await me(server, session), 401, "UNAUTHENTICATED")
    expectError(await write(server, session, "DELETE", "/api/auth/developer"), 401, "UNAUTHENTICATED")
  })
})

describe("the Origin check on cookie writes", () => {
  const foreign = "https://evil.example"

  it("a cookie write without Origin is 403 INVALID_ORIGIN, and nothing happens", async () => {
    const session = await signIn(server, { id: "origin-missing" })
    expectError(await server.request("POST", "/api/auth/logout", { headers: { cookie: session.cookie } }), 403, "INVALID_ORIGIN")
    expect((await me(server, session)).status).toBe(200)
  })

  it("Origin: null is 403 INVALID_ORIGIN", async () => {
    const session = await signIn(server, { id: "origin-null" })
    expectError(await server.request("POST", "/api/auth/logout", { headers: { cookie: session.cookie, origin: "null" } }), 403, "INVALID_ORIGIN")
    expect((await me(server, session)).status).toBe(200)
  })

  it("a foreign Origin is 403 INVALID_ORIGIN on every kind of write", async () => {
    const headers = { cookie: admin.cookie, origin: foreign }
    expectError(await server.request("POST", "/api/admin/roles", { headers, body: { name: "Cross site", permissions: [] } }), 403, "INVALID_ORIGIN")
    expectError(await server.request("PATCH", `/api/admin/accounts/${adminId}`, { headers, body: { status: "ACTIVE" } }), 403, "INVALID_ORIGIN")
    expectError(await server.request("DELETE", "/api/admin/services/nothing", { headers }), 403, "INVALID_ORIGIN")
    // The role was not created.
    const roles = await server.request("GET", "/api/admin/roles?limit=100", { headers: { cookie: admin.cookie } })
    expect(listOf<{ name: string }>(roles).data.map((role) => role.name)).not.toContain("Cross site")
  })

  it("an Origin differing only by port or scheme is foreign", async () => {
    const url = new URL(server.url)
    for (const origin of [`http://${url.hostname}:${Number(url.port) + 1}`, `https://${url.host}`, `http://localhost:${url.port}`]) {
      expectError(await server.request("DELETE", "/api/auth/developer", { headers: { cookie: admin.cookie, origin } }), 403, "INVALID_ORIGIN")
    }
  })

  it("the right Origin from a cross-site fetch (Sec-Fetch-Site: cross-site) is refused", async () => {
    expectError(
      await server.request("DELETE", "/api/auth/developer", { headers: { ...cookieWrite(server, admin), "sec-fetch-site": "cross-site" } }),
      403,
      "INVALID_ORIGIN"
    )
  })

  it("the application's own Origin is accepted, and reads need no Origin", async () => {
    const session = await signIn(server, { id: "origin-own" })
    expect((await me(server, session)).status).toBe(200)
    expect((await write(server, session, "POST", "/api/auth/logout")).status).toBe(200)
  })

  it("a bearer write needs no Origin and is never origin-checked", async () => {
    // No write is open to credentials yet, so the access rule answers: never INVALID_ORIGIN.
    for (const headers of [bearer(credentialToken), { ...bearer(credentialToken), origin: foreign }, { ...bearer(credentialToken), origin: "null" }]) {
      expectError(await server.request("POST", "/api/auth/logout", { headers }), 403, "USER_REQUIRED")
      expectError(await server.request("POST", "/api/admin/roles", { headers, body: { name: "Bot role", permissions: [] } }), 403, "USER_REQUIRED")
    }
  })
})

describe("suspension mid-session", () => {
  it("the next request is 403 ACCOUNT_DISABLED, reinstatement leaves the old cookie at 401, and signing in while suspended creates no session", async () => {
    const laptop = await signIn(server, { id: "suspended-member" })
    const phone = await signIn(server, { id: "suspended-member" })
    const accountId = (await meData(server, laptop)).id

    await setAccountStatus(server, admin, accountId, "SUSPENDED")
    const refused = await me(server, laptop)
    expectError(refused, 403, "ACCOUNT_DISABLED")
    expect(clearsCookie(setCookie(refused, SESSION_COOKIE))).toBe(true)
    expectError(await me(server, phone), 403, "ACCOUNT_DISABLED")
    expectError(await write(server, laptop, "POST", "/api/auth/logout"), 403, "ACCOUNT_DISABLED")

    // Signing in again while suspended: refused, no session made.
    const count = async () => Number((await server.database!.query("SELECT count(*)::int AS n FROM sessions WHERE account_id = $1", [accountId])).rows[0]!["n"])
    const sessionsBefore = await count()
    const started = await startSignIn(server)
    const { callbackPath } = await approve(server, started.authorizeUrl, { id: "suspended-member" })
    const again = await callback(server, callbackPath, { [STATE_COOKIE]: started.stateCookie })
    expectError(again, 403, "ACCOUNT_DISABLED")
    const sessionCookie = setCookie(again, SESSION_COOKIE)
    expect(sessionCookie === undefined || sessionCookie.value === "").toBe(true)
    expect(await count()).toBe(sessionsBefore)
    const live = await server.database!.query("SELECT id FROM sessions WHERE account_id = $1 AND revoked_at IS NULL", [accountId])
    expect(live.rows).toHaveLength(0)

    await setAccountStatus(server, admin, accountId, "ACTIVE")
    expectError(await me(server, laptop), 401, "UNAUTHENTICATED")
    expectError(await me(server, phone), 401, "UNAUTHENTICATED")

    // After reinstatement, signing in works again.
    const fresh = await signIn(server, { id: "suspended-member" })
    expect((await meData(server, fresh)).status).toBe("ACTIVE")
  })

  it("a session signed out before the suspension stays 401 UNAUTHENTICATED: an old cookie never reveals the account's status", async () => {
    const old = await signIn(server, { id: "signed-out-then-suspended" })
    const current = await signIn(server, { id: "signed-out-then-suspended" })
    const accountId = (await meData(server, current)).id
    expect((await write(server, old, "POST", "/api/auth/logout")).status).toBe(200)
    await setAccountStatus(server, admin, accountId, "SUSPENDED")
    const refused = await me(server, old)
    expectError(refused, 401, "UNAUTHENTICATED")
    expect(clearsCookie(setCookie(refused, SESSION_COOKIE))).toBe(true)
    expectError(await write(server, old, "POST", "/api/auth/logout"), 401, "UNAUTHENTICATED")
    // The session the suspension ended still says so.
    expectError(await me(server, current), 403, "ACCOUNT_DISABLED")
    await setAccountStatus(server, admin, accountId, "DISABLED")
    expectError(await me(server, old), 401, "UNAUTHENTICATED")
    expectError(await me(server, current), 403, "ACCOUNT_DISABLED")
  })

  it("a disabled account is refused the same way", async () => {
    const session = await signIn(server, { id: "disabled-member" })
    const accountId = (await meData(server, session)).id
    await setAccountStatus(server, admin, accountId, "DISABLED")
    expectError(await me(server, session), 403, "ACCOUNT_DISABLED")
    await setAccountStatus(server, admin, accountId, "ACTIVE")
    expectError(await me(server, session), 401, "UNAUTHENTICATED")
  })

  it("an administrator cannot suspend their own account", async () => {
    expectError(await write(server, admin, "PATCH", `/api/admin/accounts/${adminId}`, { status: "SUSPENDED" }), 409, "INVALID_STATE")
    expect((await me(server, admin)).status).toBe(200)
  })
})
