import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { dataOf } from "../harness/body.js"
import { freshDatabase, type TestDatabase } from "../harness/database.js"
import { expectError } from "../harness/expectations.js"
import { clearsCookie, cookieHeader, parseSetCookie, type SetCookie } from "../harness/identity.js"
import type { Reply } from "../harness/server.js"
import { type RunningServer, startServer } from "../harness/server.js"

/**
 * Production mode, with a stand-in identity provider served by this test:
 * its authorize page is never visited (the test makes the code itself), its
 * token endpoint turns the code into an access token and its userinfo
 * endpoint answers the profile the code names.
 */
let idp: Server
let idpUrl: string
beforeAll(async () => {
  idp = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://idp.invalid")
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" })
      response.end(JSON.stringify(body))
    }
    if (request.method === "POST" && url.pathname === "/token") {
      let text = ""
      request.setEncoding("utf8").on("data", (chunk: string) => (text += chunk)).on("end", () => {
        const code = new URLSearchParams(text).get("code")
        json(code === null ? 400 : 200, code === null ? { error: "invalid_request" } : { access_token: code, token_type: "Bearer", expires_in: 3600 })
      })
      return
    }
    if (request.method === "GET" && url.pathname === "/userinfo") {
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1]
      if (token === undefined) return json(401, { error: "invalid_token" })
      return json(200, JSON.parse(Buffer.from(token, "base64url").toString("utf8")))
    }
    json(404, { error: "not_found" })
  })
  await new Promise<void>((resolve) => idp.listen(0, "127.0.0.1", resolve))
  idpUrl = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => idp?.close(() => resolve())))

const provider = (prefix: "IDP" | "PLATFORM") => ({
  [`${prefix}_CLIENT_ID`]: `${prefix.toLowerCase()}-client`,
  [`${prefix}_CLIENT_SECRET`]: `${prefix.toLowerCase()}-secret`,
  [`${prefix}_AUTHORIZE_URL`]: `${idpUrl}/${prefix.toLowerCase()}/authorize`,
  [`${prefix}_TOKEN_URL`]: `${idpUrl}/token`,
  [`${prefix}_USERINFO_URL`]: `${idpUrl}/userinfo`
})

const production = (extra: Record<string, string> = {}, database?: TestDatabase) =>
  startServer({ testHooks: false, env: { NODE_ENV: "production", ...provider("IDP"), ...extra }, ...(database === undefined ? {} : { database }) })

const cookieNamed = (reply: Reply, name: string): SetCookie | undefined =>
  reply.headers.getSetCookie().map(parseSetCookie).find((cookie) => cookie.name === name)

describe("in production", () => {
  let server: RunningServer
  beforeAll(async () => {
    // PLATFORM_* given as well: without them the server does not start (see the last test).
    server = await production(provider("PLATFORM"))
  })
  afterAll(() => server?.stop())

  it("the session cookie is __Host-bluelight-session and Secure; the state cookie keeps its name and is Secure", async () => {
    const start = await server.request("GET", "/api/auth/idp")
    expect(start.status).toBe(302)
    const authorize = new URL(start.headers.get("location")!)
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${idpUrl}/idp/authorize`)
    const state = authorize.searchParams.get("state")!
    // The state cookie is bluelight-oauth-state in every environment (docs/decisions/identity.md, "Cookies and tokens").
    const stateCookie = cookieNamed(start, "bluelight-oauth-state")!
    expect(stateCookie.value).toBe(state)
    expect(stateCookie.attributes).toMatchObject({ secure: true, httponly: true, samesite: "Lax", path: "/", "max-age": "600" })

    const code = Buffer.from(JSON.stringify({ id: "prod-person", username: "prod.person", global_name: "Prod Person" })).toString("base64url")
    const done = await server.request("GET", `/api/auth/idp/callback?code=${code}&state=${state}`, {
      headers: { cookie: cookieHeader({ "bluelight-oauth-state": state }) }
    })
    expect(done.status, done.text).toBe(302)
    const session = cookieNamed(done, "__Host-bluelight-session")!
    expect(session.value).toMatch(/^[A-Za-z0-9_-]{43,}$/)
    expect(session.attributes).toMatchObject({ secure: true, httponly: true, samesite: "Lax", path: "/", "max-age": "604800" })
    expect(session.attributes["domain"]).toBeUndefined()
    expect(cookieNamed(done, "bluelight-session")).toBeUndefined()
    expect(clearsCookie(cookieNamed(done, "bluelight-oauth-state"))).toBe(true)

    const me = await server.request("GET", "/api/me", { headers: { cookie: `__Host-bluelight-session=${session.value}` } })
    expect(me.status).toBe(200)
    expect(dataOf(me)).toMatchObject({ displayName: "Prod Person", identity: { id: "prod-person", username: "prod.person" } })
    // The development cookie name means nothing in production.
    expectError(await server.request("GET", "/api/me", { headers: { cookie: `bluelight-session=${session.value}` } }), 401, "UNAUTHENTICATED")
  })

  it("the development providers are not served", async () => {
    expect((await server.request("GET", "/dev/idp/authorize?response_type=code&client_id=bluelight-dev")).status).toBe(404)
    expect((await server.request("GET", "/dev/platform/authorize")).status).toBe(404)
  })
})

describe("in production without the game platform", () => {
  it("starts with platform linking off (all PLATFORM_* settings absent means the feature is off)", async () => {
    // A database of the test's own: the harness does not dispose the one it makes when the server fails to start.
    const database = await freshDatabase()
    try {
      const server = await production({}, database)
      try {
        expect((await server.request("GET", "/api/health")).status).toBe(200)
        expect((await server.request("GET", "/api/auth/idp")).status).toBe(302)
      } finally {
        await server.stop()
      }
    } finally {
      await database.dispose()
    }
  })
})
