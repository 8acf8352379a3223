import { createHash } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { listOf } from "../harness/body.js"
import { expectCommonHeaders, expectError } from "../harness/expectations.js"
import {
  ALL_PERMISSIONS,
  approve,
  callback,
  clearsCookie,
  linkPlatform,
  me,
  meData,
  MEMBER_PERMISSIONS,
  type Session,
  SESSION_COOKIE,
  sessionFromReply,
  setCookie,
  signIn,
  startFlow,
  startSignIn,
  STATE_COOKIE,
  write
} from "../harness/identity.js"
import { type RunningServer, startServer } from "../harness/server.js"

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex")

let server: RunningServer
let admin: Session
beforeAll(async () => {
  server = await startServer({ env: { BLUELIGHT_ADMIN_IDENTITY_IDS: "signin-admin" } })
  admin = await signIn(server, { id: "signin-admin", username: "the.admin" })
})
afterAll(() => server?.stop())

/** Only a failed callback's cookies: no session set, and the state cookie cleared. */
const expectNoSessionSet = (reply: Awaited<ReturnType<RunningServer["request"]>>) => {
  const session = setCookie(reply, SESSION_COOKIE)
  expect(session === undefined || session.value === "", "no session cookie is set").toBe(true)
}

describe("starting sign-in", () => {
  it("redirects to the provider asking for identify, with a state bound to the browser by a short-lived cookie", async () => {
    const reply = await server.request("GET", "/api/auth/idp")
    expect(reply.status).toBe(302)
    const location = new URL(reply.headers.get("location")!)
    expect(`${location.origin}${location.pathname}`).toBe(`${server.url}/dev/idp/authorize`)
    expect(location.searchParams.get("response_type")).toBe("code")
    expect(location.searchParams.get("scope")).toBe("identify")
    expect(location.searchParams.get("redirect_uri")).toBe(`${server.url}/api/auth/idp/callback`)
    const state = location.searchParams.get("state")!
    expect(state).toMatch(/^[A-Za-z0-9_-]{43,}$/)
    // Redirects keep the request id and stay uncacheable, like every response.
    expectCommonHeaders(reply)
    const cookie = setCookie(reply, STATE_COOKIE)!
    expect(cookie.value).toBe(state)
    expect(cookie.attributes).toMatchObject({ httponly: true, samesite: "Lax", path: "/", "max-age": "600" })
    expect(cookie.attributes["secure"]).toBeUndefined()
  })

  it("stores only the hash of the state", async () => {
    const { state } = await startSignIn(server)
    const rows = await server.database!.query("SELECT * FROM sign_in_states")
    const dump = JSON.stringify(rows.rows)
    expect(dump).not.toContain(state)
    expect(rows.rows.some((row) => row["state_hash"] === sha256(state))).toBe(true)
  })

  it("every start gets its own state", async () => {
    const [a, b] = await Promise.all([startSignIn(server), startSignIn(server)])
    expect(a.state).not.toBe(b.state)
  })
})

describe("completing sign-in", () => {
  it("creates the account from the profile, grants no role, and GET /me has the documented shape", async () => {
    const session = await signIn(server, { id: "new-person-1", username: "new.person", displayName: "New Person" })
    const data = await meData(server, session)
    expect(Object.keys(data).sort()).toEqual(
      ["createdAt", "developerAccess", "displayName", "id", "identity", "permissions", "platform", "roles", "staff", "status"].sort()
    )
    expect(data).toMatchObject({
      displayName: "New Person",
      status: "ACTIVE",
      identity: { id: "new-person-1", username: "new.person", avatar: null },
      platform: null,
      staff: null,
      roles: [],
      permissions: [...MEMBER_PERMISSIONS],
      developerAccess: false
    })
    expect(data.id).toMatch(/^[a-zA-Z0-9_-]{1,64}$/)
    expect(data.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    // No staff profile was made for them either.
    const staff = await server.request("GET", "/api/staff", { headers: { cookie: admin.cookie } })
    expect(staff.status).toBe(200)
    expect(listOf<{ account: { id: string } }>(staff).data.map((profile) => profile.account.id)).not.toContain(data.id)
  })

  it("without a display name, the username stands in", async () => {
    const session = await signIn(server, { id: "no-display-name", username: "only.username" })
    expect((await meData(server, session)).displayName).toBe("only.username")
  })

  it("signing in again updates the same account from the new profile", async () => {
    const first = await signIn(server, { id: "renamed-1", username: "before", displayName: "Before" })
    const before = await meData(server, first)
    const second = await signIn(server, { id: "renamed-1", username: "after", displayName: "After" })
    const after = await meData(server, second)
    expect(after.id).toBe(before.id)
    expect(after).toMatchObject({ displayName: "After", identity: { id: "renamed-1", username: "after" } })
  })

  it("sets an HttpOnly, SameSite=Lax, Path=/ session cookie for seven days (no Secure outside production), redirects to the root and clears the state cookie", async () => {
    const started = await startSignIn(server)
    const { callbackPath } = await approve(server, started.authorizeUrl, { id: "cookie-check" })
    const reply = await callback(server, callbackPath, { [STATE_COOKIE]: started.stateCookie })
    expect(reply.status).toBe(302)
    expect(reply.headers.get("location")).toBe(`${server.url}/`)
    expectCommonHeaders(reply)
    const session = setCookie(reply, SESSION_COOKIE)!
    expect(session.value).toMatch(/^[A-Za-z0-9_-]{43,}$/)
    expect(session.attributes).toMatchObject({ httponly: true, samesite: "Lax", path: "/", "max-age": "604800" })
    expect(session.attributes["secure"]).toBeUndefined()
    expect(session.attributes["domain"]).toBeUndefined()
    expect(clearsCookie(setCookie(reply, STATE_COOKIE))).toBe(true)
  })

  it("stores only the SHA-256 of the session token, for seven days", async () => {
    const session = await signIn(server, { id: "hash-check" })
    const { rows } = await server.database!.query("SELECT * FROM sessions WHERE token_hash = $1", [sha256(session.token)])
    expect(rows).toHaveLength(1)
    const all = await server.database!.query("SELECT * FROM sessions")
    expect(JSON.stringify(all.rows)).not.toContain(session.token)
    const row = rows[0]!
    const lifetime = new Date(row["expires_at"]).getTime() - new Date(row["created_at"]).getTime()
    expect(lifetime).toBe(7 * 24 * 60 * 60 * 1000)
  })

  it("an administrator identity gets every permission of the catalogue", async () => {
    const data = await meData(server, admin)
    expect(data.permissions).toEqual(ALL_PERMISSIONS)
    expect(data.staff).toBeNull()
  })
})

describe("one session per browser", () => {
  it("signing in again in the same browser replaces the earlier session", async () => {
    const first = await signIn(server, { id: "same-browser" })
    const second = await signIn(server, { id: "same-browser" }, first)
    expectError(await me(server, first), 401, "UNAUTHENTICATED")
    expect((await me(server, second)).status).toBe(200)
  })

  it("signing in as someone else in the same browser also ends the earlier session", async () => {
    const first = await signIn(server, { id: "browser-owner-a" })
    const second = await signIn(server, { id: "browser-owner-b" }, first)
    expectError(await me(server, first), 401, "UNAUTHENTICATED")
    expect((await meData(server, second)).identity.id).toBe("browser-owner-b")
  })

  it("a sign-in in another browser leaves the first session working", async () => {
    const laptop = await signIn(server, { id: "two-browsers" })
    const phone = await signIn(server, { id: "two-browsers" })
    expect((await me(server, laptop)).status).toBe(200)
    expect((await me(server, phone)).status).toBe(200)
  })
})

describe("bad input and attacks on the callback", () => {
  it("a forged state (not the one bound to the browser) is refused, no session is set and the state cookie is cleared", async () => {
    const started = await startSignIn(server)
    const { callbackPath } = await approve(server, started.authorizeUrl, { id: "forged-state" })
    const forgedPath = callbackPath.replace(`state=${encodeURIComponent(started.state)}`, "state=forged-state-value")
    expect(forgedPath).not.toBe(callbackPath)
    const reply = await callback(server, forgedPath, { [STATE_COOKIE]: started.stateCookie })
    expectError(reply, 401, "UNAUTHENTICATED")
    expectNoSessionSet(reply)
    expect(clearsCookie(setCookie(reply, STATE_COOKIE))).toBe(true)
  })

  it("a forged state matched by a forged cookie is refused (the server never issued it)", async () => {
    const started = await startSignIn(server)
    const { callbackPath } = await approve(server, started.authorizeUrl, { id: "forged-both" })
    const forged = "A".repeat(43)
    const reply = await callback(server, callbackPath.replace(`state=${encodeURIComponent(started.state)}`, `state=${forged}`), {
      [STATE_COOKIE]: forged
    })
    expectError(reply, 401, "UNAUTHENTICATED")
    expectNoSessionSet(reply)
  })

  it("a replayed callback (state already used) is refused", async () => {
    const started = await startSignIn(server)
    const { callbackPath } = await approve(server, started.authorizeUrl, { id: "replayed" })
    sessionFromReply(await callback(server, callbackPath, { [STATE_COOKIE]: started.stateCookie }))
    const replay = await callback(server, callbackPath, { [STATE_COOKIE]: started.stateCookie })
    expectError(replay, 401, "UNAUTHENTICATED")
    expectNoSessionSet(replay)
  })

  it("a used state cannot be paired with a fresh code either", async () => {
    const started = await startSignIn(server)
    const first = await approve(server, started.authorizeUrl, { id: "replayed-state" })
    sessionFromReply(await callback(server, first.callbackPath, { [STATE_COOKIE]: started.stateCookie }))
    const second = await approve(server, started.authorizeUrl, { id: "replayed-state" })
    expectError(await callback(server, second.callbackPath, { [STATE_COOKIE]: started.stateCookie }), 401, "UNAUTHENTICATED")
  })

  it("a callback in another browser (no state cookie) is refused, and the real browser can still finish", async () => {
    const started = await startSignIn(server)
    const { callbackPath } = await approve(server, started.authorizeUrl, { id: "other-browser" })
    const elsewhere = await callback(server, callbackPath, {})
    expectError(elsewhere, 401, "UNAUTHENTICATED")
    expectNoSessionSet(elsewhere)
    const session = sessionFromReply(await callback(server, callbackPath, { [STATE_COOKIE]: started.stateCookie }))
    expect((await me(server, session)).status).toBe(200)
  })

  it("a callback in another browser with its own, different state cookie is refused", async () => {
    const victim = await startSignIn(server)
    const attacker = await startSignIn(server)
    const { callbackPath } = await approve(server, victim.authorizeUrl, { id: "login-csrf" })
    const reply = await callback(server, callbackPath, { [STATE_COOKIE]: attacker.stateCookie })
    expectError(reply, 401, "UNAUTHENTICATED")
    expectNoSessionSet(reply)
  })

  it("an expired state is refused (its expiry moved into the past in the database)", async () => {
    const started = await startSignIn(server)
    const { callbackPath } = await approve(server, started.authorizeUrl, { id: "expired-state" })
    const { rows } = await server.database!.query<{ created_at: Date; expires_at: Date }>(
      "SELECT created_at, expires_at FROM sign_in_states WHERE state_hash = $1",
      [sha256(started.state)]
    )
    expect(rows[0]!.expires_at.getTime() - rows[0]!.created_at.getTime()).toBe(10 * 60 * 1000)
    await server.database!.query("UPDATE sign_in_states SET expires_at = now() - interval '1 second' WHERE state_hash = $1", [sha256(started.state)])
    expectError(await callback(server, callbackPath, { [STATE_COOKIE]: started.stateCookie }), 401, "UNAUTHENTICATED")
  })

  it("a state issued for platform linking does not complete a sign-in", async () => {
    const member = await signIn(server, { id: "purpose-mixer" })
    const linking = await startFlow(server, "/api/auth/platform", member.cookie)
    const idp = await startSignIn(server)
    const { callbackPath } = await approve(server, idp.authorizeUrl, { id: "purpose-mixer" })
    const mixed = callbackPath.replace(`state=${encodeURIComponent(idp.state)}`, `state=${encodeURIComponent(linking.state)}`)
    expectError(await callback(server, mixed, { [STATE_COOKIE]: linking.stateCookie }), 401, "UNAUTHENTICATED")
  })

  it("a provider error or a missing code is refused", async () => {
    const started = await startSignIn(server)
    expectError(
      await callback(server, `/api/auth/idp/callback?error=access_denied&state=${started.state}`, { [STATE_COOKIE]: started.stateCookie }),
      401,
      "UNAUTHENTICATED"
    )
    expectError(await callback(server, `/api/auth/idp/callback?state=${started.state}`, { [STATE_COOKIE]: started.stateCookie }), 401, "UNAUTHENTICATED")
  })

  it("a made-up code is refused", async () => {
    const started = await startSignIn(server)
    const reply = await callback(server, `/api/auth/idp/callback?code=made-up&state=${started.state}`, { [STATE_COOKIE]: started.stateCookie })
    expectError(reply, 401, "UNAUTHENTICATED")
    expectNoSessionSet(reply)
  })

  it("two parallel callbacks with the same code and state create one session at most", async () => {
    const started = await startSignIn(server)
    const { callbackPath } = await approve(server, started.authorizeUrl, { id: "parallel-callbacks" })
    const replies = await Promise.all([
      callback(server, callbackPath, { [STATE_COOKIE]: started.stateCookie }),
      callback(server, callbackPath, { [STATE_COOKIE]: started.stateCookie })
    ])
    const succeeded = replies.filter((reply) => reply.status === 302)
    expect(succeeded.length).toBeLessThanOrEqual(1)
    for (const reply of replies.filter((r) => r.status !== 302)) expectError(reply, 401, "UNAUTHENTICATED")
    const { rows } = await server.database!.query(
      "SELECT s.id FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE a.identity_id = $1",
      ["parallel-callbacks"]
    )
    expect(rows.length).toBe(succeeded.length)
  })
})

describe("the development providers send codes only to this server", () => {
  it("a foreign redirect_uri gets the provider's error page, never a redirect carrying a code", async () => {
    const { authorizeUrl } = await startSignIn(server)
    const session = await signIn(server, { id: "link-redirect" })
    const { authorizeUrl: platformUrl } = await startFlow(server, "/api/auth/platform", session.cookie)
    const foreign = [
      "https://evil.example/api/auth/idp/callback",
      `${server.url}/elsewhere`,
      `${server.url}/api/auth/idp/callback?then=https://evil.example`,
      `${server.url}/api/auth/platform/callback`
    ]
    for (const redirectUri of foreign) {
      for (const page of ["authorize", "approve"]) {
        const params = new URLSearchParams(authorizeUrl.searchParams)
        params.set("redirect_uri", redirectUri)
        if (page === "approve") {
          params.set("id", "victim")
          params.set("username", "victim")
        }
        const reply = await server.request("GET", `/dev/idp/${page}?${params}`)
        expect(reply.status, `${page} with ${redirectUri}`).toBe(400)
        expect(reply.headers.get("location")).toBeNull()
        expect(reply.text).toMatch(/^Bad request: redirect_uri must be this server's callback/)
      }
    }
    // The platform's provider takes only the platform's callback.
    const params = new URLSearchParams(platformUrl.searchParams)
    params.set("redirect_uri", `${server.url}/api/auth/idp/callback`)
    expect((await server.request("GET", `/dev/platform/authorize?${params}`)).status).toBe(400)
    // The server's own callbacks still work.
    expect((await server.request("GET", `${authorizeUrl.pathname}${authorizeUrl.search}`)).status).toBe(200)
    expect((await server.request("GET", `${platformUrl.pathname}${platformUrl.search}`)).status).toBe(200)
  })
})

describe("simultaneous sign-ins", () => {
  it("two first sign-ins of the same new identity at once (two tabs) both succeed, onto one account", async () => {
    const flows = await Promise.all([0, 1].map(async () => {
      const started = await startSignIn(server)
      const { callbackPath } = await approve(server, started.authorizeUrl, { id: "double-first-sign-in", username: "double.first" })
      return { started, callbackPath }
    }))
    const replies = await Promise.all(flows.map(({ started, callbackPath }) => callback(server, callbackPath, { [STATE_COOKIE]: started.stateCookie })))
    expect(replies.map((reply) => reply.status), replies.map((reply) => reply.text).join("\n")).toEqual([302, 302])
    const [a, b] = await Promise.all(replies.map((reply) => meData(server, sessionFromReply(reply))))
    expect(a!.id).toBe(b!.id)
  })
})

describe("linking a game-platform account", () => {
  it("links the platform account shown by /me", async () => {
    const session = await signIn(server, { id: "linker-1" })
    const reply = await linkPlatform(server, session, { id: "7001", username: "LinkerOne" })
    expect(reply.status, reply.text).toBe(302)
    expect(reply.headers.get("location")).toBe(`${server.url}/`)
    expect((await meData(server, session)).platform).toEqual({ id: "7001", username: "LinkerOne" })
  })

  it("starting a link needs a signed-in person", async () => {
    expectError(await server.request("GET", "/api/auth/platform"), 401, "UNAUTHENTICATED")
  })

  it("the callback must arrive in the session that started it", async () => {
    const starter = await signIn(server, { id: "linker-starter" })
    const other = await signIn(server, { id: "linker-other" })
    const reply = await linkPlatform(server, starter, { id: "7002", username: "Hijacked" }, other)
    expectError(reply, 401, "UNAUTHENTICATED")
    expect((await meData(server, starter)).platform).toBeNull()
    expect((await meData(server, other)).platform).toBeNull()
  })

  it("the callback without the state cookie is refused", async () => {
    const session = await signIn(server, { id: "linker-no-cookie" })
    const started = await startFlow(server, "/api/auth/platform", session.cookie)
    const { callbackPath } = await approve(server, started.authorizeUrl, { id: "7003", username: "NoCookie" })
    expectError(await callback(server, callbackPath, { [SESSION_COOKIE]: session.token }), 401, "UNAUTHENTICATED")
    expect((await meData(server, session)).platform).toBeNull()
  })

  it("a callback the platform did not complete (no code or state, or its error) is the link failure it is, 400, not UNAUTHENTICATED", async () => {
    const session = await signIn(server, { id: "linker-incomplete" })
    const started = await startFlow(server, "/api/auth/platform", session.cookie)
    const cookies = { [STATE_COOKIE]: started.stateCookie, [SESSION_COOKIE]: session.token }
    const state = started.authorizeUrl.searchParams.get("state")!
    for (
      const [query, paths] of [
        ["", [["query", "code"], ["query", "state"]]],
        [`?state=${state}`, [["query", "code"]]],
        ["?code=abc", [["query", "state"]]],
        [`?error=access_denied&state=${state}`, [["query", "error"]]],
        [`?error=access_denied&code=abc&state=${state}`, [["query", "error"]]]
      ] as const
    ) {
      const reply = await callback(server, `/api/auth/platform/callback${query}`, cookies)
      const error = expectError(reply, 400, "INVALID_INPUT")
      expect(error.message, query).toBe("The game platform did not complete the link, so nothing was linked; start the link again")
      expect(error.details?.map((problem) => problem.path), query).toEqual(paths)
      expect(clearsCookie(setCookie(reply, STATE_COOKIE))).toBe(true)
    }
    // Still signed in, and nothing linked.
    expect((await meData(server, session)).platform).toBeNull()
  })

  it("one platform account links to one account only", async () => {
    const first = await signIn(server, { id: "linker-first" })
    const second = await signIn(server, { id: "linker-second" })
    expect((await linkPlatform(server, first, { id: "7004", username: "Shared" })).status).toBe(302)
    expectError(await linkPlatform(server, second, { id: "7004", username: "Shared" }), 409, "PLATFORM_ACCOUNT_TAKEN")
    expect((await meData(server, second)).platform).toBeNull()
  })

  it("two accounts linking the same platform account at once: one links, the other is 409 PLATFORM_ACCOUNT_TAKEN", async () => {
    const first = await signIn(server, { id: "racing-linker-1" })
    const second = await signIn(server, { id: "racing-linker-2" })
    const replies = await Promise.all([first, second].map((session) => linkPlatform(server, session, { id: "7100", username: "Contested" })))
    expect(replies.map((reply) => reply.status).sort(), replies.map((reply) => reply.text).join("\n")).toEqual([302, 409])
    expectError(replies.find((reply) => reply.status === 409)!, 409, "PLATFORM_ACCOUNT_TAKEN")
    const platforms = await Promise.all([first, second].map(async (session) => (await meData(server, session)).platform))
    expect(platforms.filter((platform) => platform !== null)).toEqual([{ id: "7100", username: "Contested" }])
  })

  it("an account keeps the platform account it linked (no relinking to another)", async () => {
    const session = await signIn(server, { id: "linker-twice" })
    expect((await linkPlatform(server, session, { id: "7005", username: "FirstLink" })).status).toBe(302)
    expectError(await linkPlatform(server, session, { id: "7006", username: "SecondLink" }), 409, "INVALID_STATE")
    expect((await meData(server, session)).platform).toEqual({ id: "7005", username: "FirstLink" })
  })
})

describe("signing out", () => {
  it("revokes the session at once and clears the cookie", async () => {
    const session = await signIn(server, { id: "signs-out" })
    const reply = await write(server, session, "POST", "/api/auth/logout")
    expect(reply.status, reply.text).toBe(200)
    expect(reply.body).toEqual({ data: { signedOut: true } })
    expect(clearsCookie(setCookie(reply, SESSION_COOKIE))).toBe(true)
    expectError(await me(server, session), 401, "UNAUTHENTICATED")
    expectError(await write(server, session, "POST", "/api/auth/logout"), 401, "UNAUTHENTICATED")
  })

  it("leaves the person's other sessions alone", async () => {
    const laptop = await signIn(server, { id: "signs-out-once" })
    const phone = await signIn(server, { id: "signs-out-once" })
    expect((await write(server, laptop, "POST", "/api/auth/logout")).status).toBe(200)
    expect((await me(server, phone)).status).toBe(200)
  })
})
