/**
 * Every JSON-body operation of the served description, sent a body in the
 * wrong media type or none at all (issue 30: `Content-Type: text/plain` over
 * an empty body was answered `Unsupported content-type: text/plain` as plain
 * text, outside the envelope, on 45 operations), answers the error envelope:
 * `{error: {code, message, details?}, requestId}` as JSON, with `requestId`
 * equal to `X-Request-Id`.
 *
 * - an empty body sent as `text/plain`: `415 UNSUPPORTED_MEDIA_TYPE`;
 * - the operation's body sent as `text/plain`: `415 UNSUPPORTED_MEDIA_TYPE`;
 * - the operation's body with no `Content-Type`: `415 UNSUPPORTED_MEDIA_TYPE`;
 * - no body and no `Content-Type`, where a body is required: `400 INVALID_INPUT`.
 *
 * They are sent as an administrator (every permission), so that the access
 * check lets each one through to where the body is decoded: as nobody the
 * plain answer hid behind the `401`.
 * The two operations that read their own body (the signed game webhook,
 * Developer Access) declare no `415` and are left out.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { isJsonObject, type JsonObject, parsedJson } from "../harness/body.js"
import { cookieWrite, type Session, signIn } from "../harness/identity.js"
import { type RunningServer, startServer, UNLIMITED_RATES } from "../harness/server.js"
import { reportCoverage } from "./coverage.js"
import { buildRequest, jsonBodyOf, type Operation, operationsOf, servedDocument } from "./openapiRequests.js"

const ADMIN = "media-types-admin"

let server: RunningServer
let admin: Session
let document: JsonObject
let jsonBodied: Array<Operation>

beforeAll(async () => {
  server = await startServer({ testHooks: false, env: { BLUELIGHT_ADMIN_IDENTITY_IDS: ADMIN, ...UNLIMITED_RATES } })
  admin = await signIn(server, { id: ADMIN })
  document = await servedDocument(server)
  // The operations that read their own body (a signed webhook, Developer Access) declare no 415: only the size rule is theirs.
  jsonBodied = operationsOf(document).filter((operation) =>
    jsonBodyOf(document, operation.operation) !== undefined && isJsonObject(operation.operation["responses"]) && "415" in operation.operation["responses"]
  )
}, 240_000)

afterAll(async () => {
  if (jsonBodied !== undefined) reportCoverage("media types", `${jsonBodied.length} JSON-body operations × 4 requests`)
  await server?.stop()
})

interface Sent {
  readonly contentType: string | undefined
  readonly body: "empty" | "example" | "none"
}

const send = async (operation: Operation, sent: Sent) => {
  const built = buildRequest(document, operation)
  const headers: Record<string, string> = cookieWrite(server, admin)
  for (const [name, value] of Object.entries(built.headers)) if (name !== "content-type") headers[name] = value
  if (sent.contentType !== undefined) headers["content-type"] = sent.contentType
  const body = sent.body === "empty" ? "" : sent.body === "example" ? built.body : undefined
  const response = await fetch(`${server.url}${built.url}`, {
    method: operation.method,
    headers,
    redirect: "manual",
    ...(body === undefined ? {} : { body })
  })
  const text = await response.text()
  return { status: response.status, headers: response.headers, text, body: parsedJson(text) }
}

/** The answer is the error envelope, and nothing else, with the request id of its header; answers its code. */
const expectEnvelope = (what: string, reply: Awaited<ReturnType<typeof send>>): unknown => {
  expect(reply.status, `${what}: ${reply.text}`).toBeGreaterThanOrEqual(400)
  expect(reply.headers.get("content-type") ?? "", `${what}: ${reply.text}`).toMatch(/^application\/json/)
  const body = reply.body
  expect(isJsonObject(body), `${what}: ${reply.text}`).toBe(true)
  const envelope = isJsonObject(body) ? body : {}
  expect(Object.keys(envelope).sort(), `${what}: ${reply.text}`).toEqual(["error", "requestId"])
  const error = isJsonObject(envelope["error"]) ? envelope["error"] : {}
  expect(typeof error["code"], `${what}: ${reply.text}`).toBe("string")
  expect(typeof error["message"], `${what}: ${reply.text}`).toBe("string")
  expect(Object.keys(error).every((key) => ["code", "message", "details"].includes(key)), `${what}: ${reply.text}`).toBe(true)
  expect(envelope["requestId"], `${what}: ${reply.text}`).toBe(reply.headers.get("x-request-id"))
  return error["code"]
}

const nameOf = (operation: Operation) => `${operation.method} ${operation.path}`

describe("JSON-body operations sent another media type, or none", () => {
  it("are walked over the served description", () => {
    // The description's operations that take a JSON body: the 45 of the report, and any added since.
    expect(jsonBodied.length).toBeGreaterThanOrEqual(45)
  })

  it("answer an empty text/plain body with the envelope's 415", async () => {
    for (const operation of jsonBodied) {
      const what = `${nameOf(operation)} with an empty text/plain body`
      expect(expectEnvelope(what, await send(operation, { contentType: "text/plain", body: "empty" })), what).toBe("UNSUPPORTED_MEDIA_TYPE")
    }
  })

  it("answer a text/plain body with the envelope's 415", async () => {
    for (const operation of jsonBodied) {
      const what = `${nameOf(operation)} with its body as text/plain`
      expect(expectEnvelope(what, await send(operation, { contentType: "text/plain", body: "example" })), what).toBe("UNSUPPORTED_MEDIA_TYPE")
    }
  })

  it("answer a body without Content-Type with the envelope's 415", async () => {
    for (const operation of jsonBodied) {
      const what = `${nameOf(operation)} with its body and no Content-Type`
      expect(expectEnvelope(what, await send(operation, { contentType: undefined, body: "example" })), what).toBe("UNSUPPORTED_MEDIA_TYPE")
    }
  })

  it("answer no body and no Content-Type, where a body is required, with the envelope's 400", async () => {
    const required = jsonBodied.filter((operation) => jsonBodyOf(document, operation.operation)?.required === true)
    expect(required.length).toBeGreaterThan(0)
    for (const operation of required) {
      const what = `${nameOf(operation)} with no body and no Content-Type`
      expect(expectEnvelope(what, await send(operation, { contentType: undefined, body: "none" })), what).toBe("INVALID_INPUT")
    }
  })
})
