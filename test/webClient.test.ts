import { brotliDecompressSync, gunzipSync } from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { expectError } from "./harness/expectations.js"
import { rawRequest } from "./harness/rawRequest.js"
import { type RunningServer, startServer } from "./harness/server.js"

/**
 * The web client served on the API's origin (WEB.md, "How it is built"): the app's page at `/` and
 * every client-side route, never stored, under a policy allowing no inline script; its hashed files
 * kept a year and sent compressed; `/api` and `/dev` as before.
 */
const NAVIGATION = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"

let server: RunningServer
let offering: RunningServer
beforeAll(async () => {
  ;[server, offering] = await Promise.all([
    startServer(),
    startServer({ env: { BLUELIGHT_DEVELOPER_PASSWORD: "correct horse battery staple" } })
  ])
})
afterAll(() => Promise.all([server?.stop(), offering?.stop()]))

const page = (path: string, target = server) => target.request("GET", path, { headers: { accept: NAVIGATION } })

/** The files the page loads: its scripts and style sheets, each under `/assets/`. */
const assetsOf = (html: string) => [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!)

describe("the app's page", () => {
  it("answers `/` and every client-side route with the same page, never stored, under the app's policy", async () => {
    const home = await page("/")
    expect(home.status).toBe(200)
    expect(home.headers.get("content-type")).toBe("text/html; charset=utf-8")
    for (const path of ["/control", "/mdt", "/control/incidents/123?tab=log", "/no/such/room"]) {
      const reply = await page(path)
      expect(reply.status, path).toBe(200)
      expect(reply.text, path).toBe(home.text)
      expect(reply.headers.get("cache-control"), path).toBe("no-store")
    }
    const policy = home.headers.get("content-security-policy") ?? ""
    expect(policy).toContain("script-src 'self'")
    expect(policy).toContain("default-src 'self'")
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).toContain("object-src 'none'")
    expect(policy).not.toContain("unsafe-inline")
    expect(policy).not.toContain("unsafe-eval")
    expect(home.headers.get("x-content-type-options")).toBe("nosniff")
    expect(home.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/)
  })

  it("holds no inline script: every script is a file of this origin", async () => {
    const { text } = await page("/")
    const scripts = [...text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    expect(scripts.length).toBeGreaterThan(0)
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="\/assets\/[^"]+\.js"/)
      expect(body!.trim()).toBe("")
    }
    expect(text).not.toMatch(/\son[a-z]+="/i)
    expect(text).not.toMatch(/(?:src|href)="(?:https?:)?\/\//i)
  })

  it("tells the client what this server offers, and nothing more", async () => {
    expect((await page("/")).text).toMatch(/<meta name="bluelight-offers" content="platform-link">/)
    expect((await page("/", offering)).text).toMatch(/<meta name="bluelight-offers" content="developer-access platform-link">/)
    expect((await page("/", offering)).text).not.toContain("correct horse")
  })

  it("answers HEAD like GET, without a body", async () => {
    const reply = await rawRequest(`${server.url}/mdt`, { method: "HEAD" })
    expect(reply.status).toBe(200)
    expect(reply.headers["cache-control"]).toBe("no-store")
    expect(reply.body.length).toBe(0)
  })
})

describe("the app's files", () => {
  it("are kept a year under their hashed names, and sent in brotli, gzip or as they are, the same bytes", async () => {
    const assets = assetsOf((await page("/")).text)
    expect(assets.length).toBeGreaterThanOrEqual(2)
    for (const path of assets) {
      const plain = await rawRequest(`${server.url}${path}`, { headers: { "accept-encoding": "identity" } })
      const br = await rawRequest(`${server.url}${path}`, { headers: { "accept-encoding": "gzip, deflate, br" } })
      const gz = await rawRequest(`${server.url}${path}`, { headers: { "accept-encoding": "gzip" } })
      for (const reply of [plain, br, gz]) {
        expect(reply.status, path).toBe(200)
        expect(reply.headers["cache-control"], path).toBe("public, max-age=31536000, immutable")
        expect(reply.headers["vary"], path).toBe("accept-encoding")
        expect(reply.headers["content-type"], path).toMatch(/^(text\/javascript|text\/css)/)
      }
      expect(plain.headers["content-encoding"]).toBeUndefined()
      expect(br.headers["content-encoding"]).toBe("br")
      expect(gz.headers["content-encoding"]).toBe("gzip")
      expect(brotliDecompressSync(br.body).equals(plain.body), path).toBe(true)
      expect(gunzipSync(gz.body).equals(plain.body), path).toBe(true)
      expect(br.body.length).toBeLessThan(plain.body.length)
    }
  })

  it("an unknown file is the API's 404, not the page", async () => {
    expectError(await page("/assets/index-nothere.js"), 404, "NOT_FOUND")
  })
})

describe("beside the app", () => {
  it("leaves /api and /dev as they were", async () => {
    expectError(await page("/api/nowhere"), 404, "NOT_FOUND")
    expectError(await page("/api/me"), 401, "UNAUTHENTICATED")
    expect((await server.request("GET", "/api/health")).status).toBe(200)
    expect((await page("/api/docs")).text).toContain("<title>")
    const authorize = await page("/dev/idp/authorize")
    expect(authorize.status).toBe(400)
    expect(authorize.text).not.toContain("bluelight-offers")
  })

  it("answers other methods on the app's paths with the API's refusal", async () => {
    const reply = await server.request("POST", "/control", { headers: { origin: server.url }, body: {} })
    expect(reply.status).toBe(404)
    expectError(reply, 404, "NOT_FOUND")
  })
})
