import { createHash } from "node:crypto"
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

/** The path of Scalar's script the page loads. */
const scriptPathOf = (page: string): string => {
  const match = /<script src="(\/api\/docs\/scalar-[A-Za-z0-9_-]+\.js)"><\/script>/.exec(page)
  expect(match).not.toBeNull()
  return match?.[1] ?? ""
}

/** The bound on the page's own bytes: it was 3.6 MB with Scalar's script and the description inlined. */
const PAGE_BYTES_AT_MOST = 4096

describe("the API reference page", () => {
  it("is a small page of its own: Scalar's script by its address, the description by URL, nothing inlined", async () => {
    const reply = await get("/api/docs")
    const page = decoded(reply)
    expect(reply.body.length).toBeLessThan(PAGE_BYTES_AT_MOST)
    expect(page).toContain("<title>Bluelight API</title>")
    expect(page).toMatch(/<script id="api-reference" data-url="\/api\/openapi\.json" data-configuration='\{[^']*\}'><\/script>/)
    expect(scriptPathOf(page)).toMatch(/^\/api\/docs\/scalar-[A-Za-z0-9_-]{20}\.js$/)
    // No script of its own to run, no description, no source map.
    expect(page.match(/<script/g)).toHaveLength(2)
    expect(page).not.toContain("\"openapi\"")
    expect(page).not.toContain("sourceMappingURL")
  })

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
    expect(decoded(br)).toBe(page)
    expect(decoded(gzip)).toBe(page)
    expect(new Set([br, gzip, plain].map((reply) => reply.headers["etag"])).size).toBe(3)
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

describe("Scalar's script", () => {
  it("is served once under its content's hash, compressed, and kept by the browser for good", async () => {
    const path = scriptPathOf(decoded(await get("/api/docs")))
    const br = await get(path, { "accept-encoding": "br" })
    const gzip = await get(path, { "accept-encoding": "gzip" })
    const plain = await get(path)
    for (const reply of [br, gzip, plain]) {
      expectCacheable(reply, "public, max-age=31536000, immutable")
      expect(reply.headers["content-type"]).toBe("text/javascript; charset=utf-8")
    }
    const script = decoded(plain)
    // Booleans, not the strings: a failure would print megabytes.
    expect(decoded(br) === script).toBe(true)
    expect(decoded(gzip) === script).toBe(true)
    expect(br.body.length).toBeLessThan(script.length / 3)
    expect(gzip.body.length).toBeLessThan(script.length / 3)
    // Its name is the start of its bytes' SHA-256 (as its ETag is): a new bundle is a new name.
    const hash = createHash("sha256").update(plain.body).digest("base64url")
    expect(path).toBe(`/api/docs/scalar-${hash.slice(0, 20)}.js`)
    expect(script.includes("createApiReference")).toBe(true)
  })

  it("names no source map that is not there, and shows an empty Value field as empty, not as a token", async () => {
    const script = decoded(await get(scriptPathOf(decoded(await get("/api/docs"))), { "accept-encoding": "br" }))
    expect(script.includes("sourceMappingURL")).toBe(false)
    // Scalar's own placeholder for an API key's value is base64 of a joke, which reads as a token.
    expect(script.includes("QUxMIFlPVVIgQkFTRSBBUkUgQkVMT05HIFRPIFVT")).toBe(false)
    expect(script.includes("placeholder:\"empty: no value set\"")).toBe(true)
    // The rest is intact: the bundle still ends on its last call.
    expect(/\}\)\);?\s*$/.test(script)).toBe(true)
  })

  it("answers another name with the envelope's 404: an old page's script is not served as the new one", async () => {
    const reply = await get("/api/docs/scalar-AAAAAAAAAAAAAAAAAAAA.js")
    expect(reply.status).toBe(404)
    expect(reply.headers["cache-control"]).toBe("no-store")
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

/** The Scalar configuration the page hands to Scalar's script: its mount element's `data-configuration`. */
const configurationOf = (page: string): Record<string, unknown> => {
  const match = /data-configuration='(\{[^']*\})'/.exec(page)
  expect(match).not.toBeNull()
  const attribute = (match?.[1] ?? "{}").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&#39;/g, "'").replace(/&amp;/g, "&")
  return JSON.parse(attribute)
}

describe("the API reference, configured for this API", () => {
  it("hides what does not apply, selects the session cookie, keeps Test Request and sends nothing to Scalar", async () => {
    const configuration = configurationOf(decoded(await get("/api/docs", { "accept-encoding": "br" })))
    expect(configuration).toMatchObject({
      // Developer Tools, Share, Generate SDKs and Configure: Scalar's toolbar on localhost.
      showDeveloperTools: "never",
      hideClientButton: true,
      telemetry: false,
      withDefaultFonts: false,
      documentDownloadType: "json",
      favicon: "/favicon.svg",
      authentication: { preferredSecurityScheme: "session" },
      defaultHttpClient: { targetKey: "shell", clientKey: "curl" }
    })
    // Deprecated since Scalar 1.3x: it warns in the console and copies it to showDeveloperTools.
    expect(configuration["showToolbar"]).toBeUndefined()
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
