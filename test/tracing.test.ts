import { once } from "node:events"
import { createServer } from "node:http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RunningServer, startServer } from "./harness/server.js"

interface Post {
  readonly path: string
  readonly contentType: string
  readonly body: Buffer
}

/** A tiny OTLP/HTTP collector on loopback: it keeps every POST and answers 200. */
const collector = async () => {
  const posts: Array<Post> = []
  const server = createServer((request, response) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      posts.push({ path: request.url ?? "", contentType: request.headers["content-type"] ?? "", body: Buffer.concat(chunks) })
      response.writeHead(200, { "content-type": "application/json" }).end("{}")
    })
  })
  server.listen(0, "127.0.0.1")
  await once(server, "listening")
  const address = server.address()
  if (address === null || typeof address === "string") throw new Error("no port")
  return { url: `http://127.0.0.1:${address.port}`, posts, close: () => new Promise((resolve) => server.close(resolve)) }
}

type Collector = Awaited<ReturnType<typeof collector>>

interface OtlpSpan {
  readonly name: string
  readonly kind: number
  readonly attributes: ReadonlyArray<{ readonly key: string; readonly value: { readonly stringValue?: string; readonly intValue?: number } }>
}

/** The spans of OTLP/JSON trace exports, with their service name. */
const spansOf = (posts: ReadonlyArray<Post>) =>
  posts.flatMap((post) => {
    const data = JSON.parse(post.body.toString("utf8")) as {
      resourceSpans: ReadonlyArray<{
        resource: { attributes: OtlpSpan["attributes"] }
        scopeSpans: ReadonlyArray<{ spans: ReadonlyArray<OtlpSpan> }>
      }>
    }
    return data.resourceSpans.flatMap((resource) =>
      resource.scopeSpans.flatMap((scope) =>
        scope.spans.map((span) => ({
          service: resource.resource.attributes.find((a) => a.key === "service.name")?.value.stringValue,
          span,
          attribute: (key: string) => span.attributes.find((a) => a.key === key)?.value
        }))
      )
    )
  })

let json: Collector
let protobuf: Collector
let unused: Collector
let jsonServer: RunningServer
let protobufServer: RunningServer
let untraced: RunningServer
beforeAll(async () => {
  ;[json, protobuf, unused] = await Promise.all([collector(), collector(), collector()])
  ;[jsonServer, protobufServer, untraced] = await Promise.all([
    startServer({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: json.url, OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" } }),
    startServer({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: `${protobuf.url}/`, OTEL_SERVICE_NAME: "bluelight-test" } }),
    // Everything but the endpoint: the other OTEL_* settings alone turn nothing on.
    startServer({
      env: { OTEL_SERVICE_NAME: "bluelight-test", OTEL_EXPORTER_OTLP_PROTOCOL: "http/json", OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${unused.url}/v1/traces` }
    })
  ])
})
afterAll(async () => {
  await Promise.all([jsonServer?.stop(), protobufServer?.stop(), untraced?.stop()])
  await Promise.all([json?.close(), protobuf?.close(), unused?.close()])
})

describe("traces", () => {
  it("with OTEL_EXPORTER_OTLP_ENDPOINT set, a request's server span is exported (by shutdown at the latest), its query string left out", async () => {
    const answer = await jsonServer.request("GET", "/api/health")
    expect(answer.status).toBe(200)
    // An OAuth callback's query carries the code and state.
    await jsonServer.request("GET", "/api/auth/idp/callback?code=secret-code-123&state=secret-state-456")
    expect(await jsonServer.stop()).toBe(0)
    expect(json.posts.length).toBeGreaterThan(0)
    expect(json.posts.every((post) => post.path === "/v1/traces" && post.contentType.startsWith("application/json"))).toBe(true)
    const spans = spansOf(json.posts)
    const health = spans.find((s) => s.span.kind === 2 && s.attribute("url.path")?.stringValue === "/api/health")
    expect(health?.service).toBe("bluelight")
    expect(health?.attribute("http.request.method")?.stringValue).toBe("GET")
    expect(health?.attribute("http.response.status_code")?.intValue).toBe(200)
    // The span names the request as the logs and the envelope do.
    expect(health?.attribute("requestId")?.stringValue).toBe(answer.headers.get("x-request-id"))
    // The use cases' and the queries' spans are exported beneath it.
    // (A query's span is known by OpenTelemetry's database attribute: its name is the driver's choice,
    // `sql.execute` under Effect 3, the database's name under Effect 4.)
    expect(spans.some((s) => s.attribute("db.system.name")?.stringValue === "postgresql")).toBe(true)
    const callback = spans.find((s) => s.attribute("url.path")?.stringValue === "/api/auth/idp/callback")
    expect(callback?.attribute("url.full")?.stringValue).toMatch(/\/api\/auth\/idp\/callback$/)
    expect(callback?.attribute("url.query")).toBeUndefined()
    const sent = json.posts.map((post) => post.body.toString("utf8")).join("\n")
    expect(sent).not.toMatch(/secret-code-123|secret-state-456/)
  })

  it("are sent as OTLP/HTTP protobuf by default, under the endpoint's /v1/traces", async () => {
    expect((await protobufServer.request("GET", "/api/health")).status).toBe(200)
    expect(await protobufServer.stop()).toBe(0)
    expect(protobuf.posts.length).toBeGreaterThan(0)
    for (const post of protobuf.posts) {
      expect(post.path).toBe("/v1/traces")
      expect(post.contentType).toBe("application/x-protobuf")
    }
    // Protobuf keeps strings as they are: the path and the service name are in the bytes.
    const sent = Buffer.concat(protobuf.posts.map((post) => post.body)).toString("latin1")
    expect(sent).toContain("/api/health")
    expect(sent).toContain("bluelight-test")
  })

  it("without OTEL_EXPORTER_OTLP_ENDPOINT, nothing is exported", async () => {
    expect((await untraced.request("GET", "/api/health")).status).toBe(200)
    expect(await untraced.stop()).toBe(0)
    expect(unused.posts).toEqual([])
  })
})
