import { brotliDecompressSync, gunzipSync } from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RawReply, rawRequest } from "./harness/rawRequest.js"
import { type RunningServer, startServer } from "./harness/server.js"

let server: RunningServer
beforeAll(async () => {
  server = await startServer({ testHooks: false })
})
afterAll(() => server?.stop())

const get = (path: string, headers: Record<string, string> = {}) => rawRequest(`${server.url}${path}`, { headers })

const decoded = (reply: RawReply): string => {
  const coding = reply.headers["content-encoding"]
  const body = coding === "br" ? brotliDecompressSync(reply.body) : coding === "gzip" ? gunzipSync(reply.body) : reply.body
  return body.toString("utf8")
}

/** Revalidated on every use, with a strong validator and the header caches key the codings by. */
const expectCacheable = (reply: RawReply) => {
  expect(reply.headers["cache-control"]).toBe("no-cache")
  expect(reply.headers["etag"]).toMatch(/^"[A-Za-z0-9_-]+"$/)
  expect(reply.headers["vary"]).toBe("accept-encoding")
  expect(reply.headers["x-request-id"]).toBeTruthy()
  expect(reply.headers["x-content-type-options"]).toBe("nosniff")
}

describe("the API reference page", () => {
  it("is sent with brotli, gzip or neither as the client accepts, the same page each way", async () => {
    const br = await get("/api/docs", { "accept-encoding": "gzip, deflate, br" })
    const gzip = await get("/api/docs", { "accept-encoding": "gzip" })
    const plain = await get("/api/docs")
    const notBr = await get("/api/docs", { "accept-encoding": "br;q=0, gzip;q=0.5" })
    expect([br, gzip, plain, notBr].map((reply) => [reply.status, reply.headers["content-encoding"]])).toEqual([
      [200, "br"],
      [200, "gzip"],
      [200, undefined],
      [200, "gzip"]
    ])
    for (const reply of [br, gzip, plain]) expectCacheable(reply)
    const page = decoded(plain)
    // Booleans, not the strings: a failure would print megabytes.
    expect(page.includes("Bluelight API")).toBe(true)
    expect(decoded(br) === page).toBe(true)
    expect(decoded(gzip) === page).toBe(true)
    expect(br.body.length).toBeLessThan(page.length / 3)
    expect(gzip.body.length).toBeLessThan(page.length / 3)
    expect(new Set([br, gzip, plain].map((reply) => reply.headers["etag"])).size).toBe(3)
  })

  it("names no source map that is not there", async () => {
    const page = decoded(await get("/api/docs", { "accept-encoding": "br" }))
    expect(page.includes("sourceMappingURL")).toBe(false)
    // The rest of the page is intact: the bundle's script is still closed before the page ends.
    expect(/\}\)\);?\s*<\/script>\s*<\/body>\s*<\/html>\s*$/.test(page)).toBe(true)
  })

  it("answers a revisit with its ETag with a bodiless 304", async () => {
    const first = await get("/api/docs", { "accept-encoding": "br" })
    const etag = first.headers["etag"]!
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await get("/api/docs", { "accept-encoding": "br", "if-none-match": ifNoneMatch })
      expect(again.status).toBe(304)
      expect(again.body.length).toBe(0)
      expectCacheable(again)
      expect(again.headers["etag"]).toBe(etag)
    }
    // Another coding is another representation, sent whole.
    const gzip = await get("/api/docs", { "accept-encoding": "gzip", "if-none-match": etag })
    expect([gzip.status, gzip.headers["content-encoding"]]).toEqual([200, "gzip"])
  })
})

describe("the OpenAPI description", () => {
  it("is compressed and revalidated the same way", async () => {
    const gzip = await get("/api/openapi.json", { "accept-encoding": "gzip" })
    expect([gzip.status, gzip.headers["content-encoding"]]).toEqual([200, "gzip"])
    expectCacheable(gzip)
    expect(JSON.parse(decoded(gzip)).openapi).toMatch(/^3\.1\./)
    const again = await get("/api/openapi.json", { "accept-encoding": "gzip", "if-none-match": gzip.headers["etag"]! })
    expect(again.status).toBe(304)
  })

  it("leaves every other answer uncacheable", async () => {
    const health = await get("/api/health", { "accept-encoding": "gzip, br" })
    expect(health.headers["cache-control"]).toBe("no-store")
    expect(health.headers["etag"]).toBeUndefined()
  })
})
