import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { rawRequest } from "./harness/rawRequest.js"
import { freePort, type RunningServer, startServer } from "./harness/server.js"

/**
 * Cookies belong to a host name: outside production, pages asked for on the
 * other loopback name than `APP_URL`'s are sent to `APP_URL`, so that the
 * sign-in state and the session live on one origin.
 */
let onLocalhost: RunningServer
let onAddress: RunningServer
let production: RunningServer
let port: number
beforeAll(async () => {
  port = await freePort()
  const idp = (name: string) => `http://127.0.0.1:9/${name}`
  ;[onLocalhost, onAddress, production] = await Promise.all([
    startServer({ testHooks: false, env: { PORT: String(port), APP_URL: `http://localhost:${port}` } }),
    startServer({ testHooks: false }),
    startServer({
      testHooks: false,
      env: {
        NODE_ENV: "production",
        IDP_CLIENT_ID: "client",
        IDP_CLIENT_SECRET: "secret",
        IDP_AUTHORIZE_URL: idp("authorize"),
        IDP_TOKEN_URL: idp("token"),
        IDP_USERINFO_URL: idp("userinfo")
      }
    })
  ])
})
afterAll(() => Promise.all([onLocalhost?.stop(), onAddress?.stop(), production?.stop()]))

/** A request to the server's socket that names `host` in its `Host` header. */
const asHost = (server: RunningServer, host: string, path: string, method = "GET") => rawRequest(`${server.url}${path}`, { method, headers: { host } })

describe("outside production, with APP_URL on localhost", () => {
  it("sends pages asked for on 127.0.0.1 to the same path on APP_URL", async () => {
    for (const path of ["/", "/api/docs", "/api/auth/idp", "/api/auth/idp/callback?code=c&state=s", "/dev/idp/authorize?client_id=x", "/nowhere"]) {
      const reply = await asHost(onLocalhost, `127.0.0.1:${port}`, path)
      expect({ path, status: reply.status, location: reply.headers.location }).toEqual({ path, status: 302, location: `http://localhost:${port}${path}` })
      expect(reply.headers["x-request-id"]).toBeTruthy()
      expect(reply.headers["cache-control"]).toBe("no-store")
      // Nothing started on the wrong origin: no state cookie to lose.
      expect(reply.headers["set-cookie"]).toBeUndefined()
    }
    expect((await rawRequest(`${onLocalhost.url}/api/auth/idp`, { method: "HEAD", headers: { host: `127.0.0.1:${port}` } })).status).toBe(302)
  })

  it("serves the same pages asked for on localhost", async () => {
    expect((await asHost(onLocalhost, `localhost:${port}`, "/")).status).toBe(200)
    const signIn = await asHost(onLocalhost, `LocalHost:${port}`, "/api/auth/idp")
    expect(signIn.status).toBe(302)
    expect(signIn.headers.location).toMatch(new RegExp(`^http://localhost:${port}/dev/idp/authorize\\?`))
  })

  it("answers the JSON API, writes, other ports and other names where they arrive", async () => {
    const health = await asHost(onLocalhost, `127.0.0.1:${port}`, "/api/health")
    expect(health.status).toBe(200)
    expect((await asHost(onLocalhost, `127.0.0.1:${port}`, "/api/openapi.json")).status).toBe(200)
    expect((await asHost(onLocalhost, `127.0.0.1:${port}`, "/api/auth/logout", "POST")).status).toBe(401)
    expect((await asHost(onLocalhost, `127.0.0.1:${port + 1}`, "/")).status).toBe(200)
    expect((await asHost(onLocalhost, `bluelight.example:${port}`, "/")).status).toBe(200)
  })

  it("names APP_URL as the address to open when it starts", () => {
    const line = onLocalhost.logs.find((entry) => String(entry.message).startsWith("listening on "))!
    expect(line.message).toContain(`open http://localhost:${port}/`)
    expect(line.message).not.toContain("http://127.0.0.1")
    expect(line.annotations).toMatchObject({ port, url: `http://localhost:${port}/` })
  })
})

describe("outside production, with APP_URL on 127.0.0.1", () => {
  it("sends pages asked for on localhost to APP_URL", async () => {
    const reply = await asHost(onAddress, new URL(onAddress.url).host.replace("127.0.0.1", "localhost"), "/api/auth/idp?x=1")
    expect(reply.status).toBe(302)
    expect(reply.headers.location).toBe(`${onAddress.url}/api/auth/idp?x=1`)
  })
})

describe("in production", () => {
  it("redirects nobody: the deployment's proxy decides the names", async () => {
    const reply = await asHost(production, new URL(production.url).host.replace("127.0.0.1", "localhost"), "/")
    expect(reply.status).toBe(200)
    expect(reply.headers["content-type"]).toMatch(/^text\/html/)
  })
})
