import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { expectCommonHeaders, expectError } from "./harness/expectations.js"
import {
  approve,
  callback,
  clearsCookie,
  cookieRead,
  me,
  type Session,
  SESSION_COOKIE,
  setCookie,
  signIn,
  startFlow,
  STATE_COOKIE
} from "./harness/identity.js"
import { type Reply, type RunningServer, startServer } from "./harness/server.js"

/** What a browser sends when it navigates, and when it posts a form. */
const NAVIGATION = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"

let server: RunningServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server?.stop())

/** A page of the browser flows: HTML, the headers every response has, and a policy that lets nothing load from anywhere. */
const expectPage = (reply: Reply, status = 200) => {
  expect(reply.status, reply.text).toBe(status)
  expect(reply.headers.get("content-type")).toMatch(/^text\/html/)
  expectCommonHeaders(reply)
  const policy = reply.headers.get("content-security-policy") ?? ""
  expect(policy).toContain("default-src 'none'")
  expect(policy).toContain("frame-ancestors 'none'")
  expect(policy).toContain("form-action 'self'")
  expect(policy).not.toContain("unsafe-inline")
  expect(policy).not.toContain("script-src")
  // No scripts and nothing from elsewhere.
  expect(reply.text).not.toMatch(/<script/i)
  expect(reply.text).not.toMatch(/(?:src|href)="(?:https?:)?\/\//i)
}

const links = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((match) => match[1])

describe("signing out with a form", () => {
  /** A sign-out form, posted as a browser posts it: its own origin, form-encoded, nothing in it. */
  const postForm = (session: Session, origin: string) =>
    server.request("POST", "/api/auth/logout", {
      headers: { accept: NAVIGATION, origin, "content-type": "application/x-www-form-urlencoded", ...cookieRead(session) },
      body: ""
    })

  it("ends the session and goes back to the home page, signed out", async () => {
    const session = await signIn(server, { id: "home-leaver" })
    const reply = await postForm(session, server.url)
    expect(reply.status, reply.text).toBe(303)
    expect(reply.headers.get("location")).toBe(`${server.url}/`)
    expectCommonHeaders(reply)
    expect(clearsCookie(setCookie(reply, SESSION_COOKIE))).toBe(true)
    expectError(await me(server, session), 401, "UNAUTHENTICATED")
  })

  it("is refused from another origin, with a page for the browser, and the session lives on", async () => {
    const session = await signIn(server, { id: "home-stayer" })
    const reply = await postForm(session, "http://evil.example")
    expectPage(reply, 403)
    expect(reply.text).toContain("INVALID_ORIGIN")
    expect(links(reply.text)).toContain("/")
    expect((await me(server, session)).status).toBe(200)
  })

  it("keeps answering API clients with JSON", async () => {
    const session = await signIn(server, { id: "home-api-leaver" })
    const reply = await server.request("POST", "/api/auth/logout", { headers: { origin: server.url, ...cookieRead(session) } })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({ data: { signedOut: true } })
  })
})

describe("a failed sign-in", () => {
  const failedCallback = (accept: string | undefined) =>
    server.request("GET", "/api/auth/idp/callback?code=forged&state=forged", {
      headers: { cookie: `${STATE_COOKIE}=forged`, ...(accept === undefined ? {} : { accept }) }
    })

  it("shows a browser the reason and a way to start again", async () => {
    const reply = await failedCallback(NAVIGATION)
    expectPage(reply, 401)
    expect(reply.text).toContain("UNAUTHENTICATED")
    expect(reply.text).toContain(reply.headers.get("x-request-id")!)
    expect(links(reply.text)).toEqual(expect.arrayContaining(["/api/auth/idp", "/"]))
    expect(clearsCookie(setCookie(reply, STATE_COOKIE))).toBe(true)
    expect(setCookie(reply, SESSION_COOKIE)).toBeUndefined()
  })

  it("keeps the JSON envelope for API clients", async () => {
    for (const accept of [undefined, "application/json", "*/*", "text/html;q=0, application/json"]) {
      const reply = await failedCallback(accept)
      expectError(reply, 401, "UNAUTHENTICATED")
      expect(reply.headers.get("content-type")).toContain("application/json")
    }
  })

  it("answers a provider's refusal with the page too", async () => {
    const started = await startFlow(server, "/api/auth/idp")
    const reply = await server.request("GET", "/api/auth/idp/callback?error=access_denied", {
      headers: { accept: NAVIGATION, cookie: `${STATE_COOKIE}=${started.stateCookie}` }
    })
    expectPage(reply, 401)
    expect(links(reply.text)).toContain("/api/auth/idp")
  })

  it("gives a browser a page for a failed platform link, and for one started signed out", async () => {
    const session = await signIn(server, { id: "home-link-failer" })
    const started = await startFlow(server, "/api/auth/platform", session.cookie)
    const { callbackPath } = await approve(server, started.authorizeUrl, { id: "7302" })
    const forged = callbackPath.replace(/state=[^&]+/, "state=forged")
    const failed = await server.request("GET", forged, {
      headers: { accept: NAVIGATION, cookie: `${STATE_COOKIE}=forged; ${session.cookie}` }
    })
    expectPage(failed, 401)
    expect(links(failed.text)).toContain("/api/auth/platform")
    const json = await callback(server, forged, { [STATE_COOKIE]: "forged", [SESSION_COOKIE]: session.token })
    expectError(json, 401, "UNAUTHENTICATED")

    // The platform cancelled: a link failure for the signed-in person, with no "Sign in" to mislead them.
    const cancelled = await server.request("GET", "/api/auth/platform/callback?error=access_denied", {
      headers: { accept: NAVIGATION, cookie: session.cookie }
    })
    expectPage(cancelled, 400)
    expect(cancelled.text).toContain("The game platform did not complete the link")
    expect(links(cancelled.text)).toContain("/api/auth/platform")
    expect(links(cancelled.text)).not.toContain("/api/auth/idp")

    const signedOut = await server.request("GET", "/api/auth/platform", { headers: { accept: NAVIGATION } })
    expectPage(signedOut, 401)
    expect(links(signedOut.text)).toContain("/api/auth/idp")
  })
})
