/**
 * The server matches its document (issue 30: a validating proxy, Prism, found
 * answers the document did not declare). Every operation of the served
 * `/api/openapi.json` is sent a request built from its schemas
 * (`openapiRequests.ts`), as nobody and as an administrator holding every
 * permission; as the administrator again with a `text/plain` body where it
 * takes one, and with an unknown query parameter on a `GET`; and each answer is held to what the document declares for that
 * operation:
 *
 * - its status is one of the operation's responses;
 * - its media type is one the response declares (none when it declares no content), and a JSON
 *   body validates against that media type's schema (Ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses);
 * - each header of `CHECKED_HEADERS` it carries is declared on that response (`Content-Type` by
 *   the response's `content`), and each header the response declares `required` is there.
 *
 * A new operation is covered without touching this file; the walk asserts it reached every
 * operation of the document. An event stream's body is not read (it would not end): its status
 * and headers are checked.
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js"
import addFormats from "ajv-formats"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { isJsonObject, type JsonObject, parsedJson } from "../harness/body.js"
import { type Session, signIn } from "../harness/identity.js"
import { type RunningServer, startServer, UNLIMITED_RATES } from "../harness/server.js"
import { reportCoverage } from "./coverage.js"
import { buildRequest, type Operation, operationsOf, resolve, servedDocument } from "./openapiRequests.js"

const ADMIN = "conformance-admin"

/** The headers whose presence is held to the document (lower case, as fetch hands them over). */
const CHECKED_HEADERS = ["x-request-id", "ratelimit", "ratelimit-policy", "retry-after", "location", "set-cookie"] as const

let server: RunningServer
let document: JsonObject
let operations: Array<Operation>
const validators = new Map<string, ValidateFunction>()
/** What the walk saw: operations answered, and answers by status. */
const answered = new Set<string>()
const statuses = new Map<string, number>()

beforeAll(async () => {
  // Without the test hooks: the document is the one production serves.
  server = await startServer({ testHooks: false, env: { BLUELIGHT_ADMIN_IDENTITY_IDS: ADMIN, ...UNLIMITED_RATES } })
  document = await servedDocument(server)
  operations = operationsOf(document)
}, 240_000)

afterAll(async () => {
  if (operations !== undefined) {
    reportCoverage(
      "conformance to the document",
      `${answered.size} of ${operations.length} operations, answers by status ${JSON.stringify(Object.fromEntries(statuses))}`
    )
  }
  await server?.stop()
})

/** A JSON pointer's segment (`/api/staff` → `~1api~1staff`). */
const pointer = (segment: string) => segment.replace(/~/g, "~0").replace(/\//g, "~1")

/**
 * A validator for the schema at `path` inside the document: the document is
 * one schema resource, so its `#/components/...` references resolve where
 * they point. `strict: false`: the document's schemas carry OpenAPI's own
 * keywords (`example`) beside JSON Schema's.
 */
const validatorAt = (ajv: Ajv2020, path: ReadonlyArray<string>): ValidateFunction => {
  const ref = `bluelight#/${path.map(pointer).join("/")}`
  let validate = validators.get(ref)
  if (validate === undefined) {
    validate = ajv.compile({ $ref: ref })
    validators.set(ref, validate)
  }
  return validate
}

const makeAjv = (): Ajv2020 => {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false })
  addFormats.default(ajv)
  ajv.addSchema(document, "bluelight")
  return ajv
}

interface Answer {
  readonly status: number
  readonly headers: Headers
  readonly text: string | undefined
}

/** How a request departs from the one built from the schemas, to reach the refusals too. */
type Variant = "as built" | "a text/plain body" | "an unknown query parameter"

const send = async (operation: Operation, session: Session | undefined, variant: Variant = "as built"): Promise<Answer> => {
  const built = buildRequest(document, operation)
  const headers: Record<string, string> = { ...built.headers }
  if (variant === "a text/plain body") headers["content-type"] = "text/plain"
  const url = variant === "an unknown query parameter" ? `${built.url}${built.url.includes("?") ? "&" : "?"}conformanceProbe=1` : built.url
  if (session !== undefined) {
    headers["cookie"] = session.cookie
    headers["origin"] = server.url
  }
  const controller = new AbortController()
  const response = await fetch(`${server.url}${url}`, {
    method: operation.method,
    headers,
    redirect: "manual",
    signal: controller.signal,
    ...(built.body === undefined ? {} : { body: built.body })
  })
  if ((response.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
    controller.abort()
    return { status: response.status, headers: response.headers, text: undefined }
  }
  return { status: response.status, headers: response.headers, text: await response.text() }
}

/** Every way the answer departs from what the document declares for it; empty when it conforms. */
const departures = (ajv: Ajv2020, operation: Operation, answer: Answer): Array<string> => {
  const problems: Array<string> = []
  const responses = isJsonObject(operation.operation["responses"]) ? operation.operation["responses"] : {}
  const status = String(answer.status)
  if (!(status in responses)) return [`status ${status} is not declared (declared: ${Object.keys(responses).join(", ")})`]
  const response = resolve(document, responses[status])
  const content = isJsonObject(response["content"]) ? response["content"] : {}
  const mediaType = (answer.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase()
  const hasBody = answer.text === undefined || answer.text !== ""
  if (Object.keys(content).length === 0) {
    if (hasBody) problems.push(`a body (${mediaType}) where the document declares none: ${answer.text?.slice(0, 200)}`)
  } else if (!(mediaType in content)) {
    problems.push(`Content-Type ${mediaType || "(none)"} is not declared (declared: ${Object.keys(content).join(", ")})`)
  } else if (mediaType === "application/json" && answer.text !== undefined) {
    const body = parsedJson(answer.text)
    const validate = validatorAt(ajv, ["paths", operation.path, operation.method.toLowerCase(), "responses", status, "content", mediaType, "schema"])
    if (!validate(body)) problems.push(`the body does not validate: ${ajv.errorsText(validate.errors)}; body ${answer.text.slice(0, 300)}`)
  }
  const declared = new Map(
    Object.entries(isJsonObject(response["headers"]) ? response["headers"] : {}).map(([name, header]) => [name.toLowerCase(), resolve(document, header)])
  )
  for (const name of CHECKED_HEADERS) {
    if (answer.headers.has(name) && !declared.has(name)) problems.push(`header ${name} is sent but not declared`)
  }
  for (const [name, header] of declared) {
    if (header["required"] === true && !answer.headers.has(name)) problems.push(`required header ${name} is missing`)
  }
  return problems
}

describe("the server, walked over every operation of its document", () => {
  it("answers each operation only as the document declares it: status, body, headers", async () => {
    const ajv = makeAjv()
    // The validator reads the document's schemas: it refuses what is not an error envelope, and takes one.
    const envelope = validatorAt(ajv, ["components", "schemas", "ErrorEnvelope"])
    expect(envelope({ error: { code: "NOT_FOUND" } })).toBe(false)
    expect(envelope({ error: { code: "NOT_A_CODE", message: "x" }, requestId: "0190a7f2-0000-7000-8000-000000000000" })).toBe(false)
    expect(envelope({ error: { code: "NOT_FOUND", message: "x" }, requestId: "0190a7f2-0000-7000-8000-000000000000" })).toBe(true)
    const found: Array<string> = []
    const admin = await signIn(server, { id: ADMIN })
    for (const operation of operations) {
      const name = `${operation.method} ${operation.path}`
      // The sign-in steps end or rotate the session they are sent with: each gets a session of its own.
      const own = operation.path.startsWith("/api/auth/") ? await signIn(server, { id: ADMIN }) : admin
      const variants: Array<readonly [string, Session | undefined, Variant]> = [["nobody", undefined, "as built"], ["an administrator", own, "as built"]]
      if (operation.operation["requestBody"] !== undefined) variants.push(["an administrator", own, "a text/plain body"])
      if (operation.method === "GET") variants.push(["an administrator", own, "an unknown query parameter"])
      for (const [who, session, variant] of variants) {
        const answer = await send(operation, session, variant)
        answered.add(name)
        statuses.set(String(answer.status), (statuses.get(String(answer.status)) ?? 0) + 1)
        for (const problem of departures(ajv, operation, answer)) found.push(`${name} as ${who}, ${variant} (${answer.status}): ${problem}`)
      }
    }
    expect(found).toEqual([])
    expect(answered.size).toBe(operations.length)
    expect(operations.length).toBeGreaterThanOrEqual(107)
  }, 240_000)
})
