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

/** With a strong validator and the header caches key the codings by; revalidated on every use, or (JSON) never stored. */
const expectCacheable = (reply: RawReply, cacheControl = "no-cache") => {
  expect(reply.headers["cache-control"]).toBe(cacheControl)
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
  it("is compressed the same way, and never stored: it is JSON", async () => {
    const gzip = await get("/api/openapi.json", { "accept-encoding": "gzip" })
    expect([gzip.status, gzip.headers["content-encoding"]]).toEqual([200, "gzip"])
    expectCacheable(gzip, "no-store")
    expect(JSON.parse(decoded(gzip)).openapi).toMatch(/^3\.1\./)
    const again = await get("/api/openapi.json", { "accept-encoding": "gzip", "if-none-match": gzip.headers["etag"]! })
    expect(again.status).toBe(304)
    expect(again.headers["cache-control"]).toBe("no-store")
  })

  it("leaves every other answer uncacheable", async () => {
    const health = await get("/api/health", { "accept-encoding": "gzip, br" })
    expect(health.headers["cache-control"]).toBe("no-store")
    expect(health.headers["etag"]).toBeUndefined()
  })
})

/** The Scalar configuration the page hands to Scalar's script. */
const configurationOf = (page: string): Record<string, unknown> => {
  const match = /dataset\.configuration = JSON\.stringify\((\{.*\})\)\s*<\/script>/.exec(page)
  expect(match).not.toBeNull()
  return JSON.parse(match?.[1] ?? "{}")
}

describe("the API reference, configured for this API", () => {
  it("hides what does not apply, selects the session cookie, keeps Test Request and sends nothing to Scalar", async () => {
    const configuration = configurationOf(decoded(await get("/api/docs", { "accept-encoding": "br" })))
    expect(configuration).toMatchObject({
      // Developer Tools, Share, Generate SDKs and Configure: Scalar's toolbar on localhost.
      showToolbar: "never",
      hideClientButton: true,
      telemetry: false,
      withDefaultFonts: false,
      documentDownloadType: "json",
      favicon: "/favicon.svg",
      authentication: { preferredSecurityScheme: "session" },
      defaultHttpClient: { targetKey: "shell", clientKey: "curl" }
    })
    expect(configuration["hideTestRequestButton"]).toBeUndefined()
    // The status tabs wrap instead of scrolling out of sight.
    expect(configuration["customCss"]).toMatch(/\.tab-list \{ flex-wrap: wrap; overflow: visible;/)
  })

  it("links its favicon in the page's head", async () => {
    const page = decoded(await get("/api/docs", { "accept-encoding": "gzip" }))
    const head = page.slice(0, page.indexOf("</head>"))
    expect(head).toContain("<link rel=\"icon\" type=\"image/svg+xml\" href=\"/favicon.svg\" />")
  })
})

describe("the favicon", () => {
  it("is a small SVG at /favicon.svg and /favicon.ico that can run nothing, cached for a day", async () => {
    for (const path of ["/favicon.svg", "/favicon.ico"]) {
      const reply = await get(path)
      expect([path, reply.status, reply.headers["content-type"]]).toEqual([path, 200, "image/svg+xml"])
      expect(reply.body.toString("utf8")).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/)
      expect(reply.body.toString("utf8")).not.toMatch(/<script|on\w+=/i)
      expect(reply.body.length).toBeLessThan(1024)
      expect(reply.headers["cache-control"]).toBe("public, max-age=86400")
      expect(reply.headers["content-security-policy"]).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox")
      expect(reply.headers["x-content-type-options"]).toBe("nosniff")
      expect(reply.headers["x-request-id"]).toBeTruthy()
    }
  })
})
