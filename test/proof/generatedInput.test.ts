/**
 * Generated input (issue 19): for every operation of the served API
 * description that takes input (a body, query parameters, headers or path
 * parameters), fast-check generates requests from the operation's own
 * schemas and sends them as an administrator (so the access check always
 * passes), and proves that
 *
 * - an invalid request (one body property, query parameter, header or path
 *   id broken by a rule of its schema — see `schemaArbitraries.ts` — or a
 *   body that is not JSON or not an object) answers `400 INVALID_INPUT` with
 *   the error envelope and a problem at the broken place (a body over the
 *   16 KiB limit: the documented `413`; an operation that documents no `400`,
 *   such as Developer Access: one of its documented 4xx codes), never a
 *   `5xx`, and changes nothing: the audit log, the CAD history and the PNC
 *   history hold as many rows after the operation's invalid requests as
 *   before;
 * - a valid request is never refused as invalid (`400`, `413`, `415`) and
 *   never fails (`5xx`, but for a `503` code the operation documents: the
 *   game server's). `404` for ids that do not exist, `409`, `422` and the
 *   like are answers.
 *
 * Seeded and bounded: `PROOF_SEED` (default below) seeds every operation's
 * runs (mixed with the operation's name, so a new operation does not move the
 * others'), and each operation gets a fixed number of invalid and valid runs.
 * A failure names the operation and the seed; fast-check adds the
 * counterexample. `PROOF_TRACE=file` appends every request sent to `file`.
 */
import fc from "fast-check"
import { generateKeyPairSync, sign } from "node:crypto"
import { appendFileSync } from "node:fs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { isJsonObject, type JsonObject, parsedJson } from "../harness/body.js"
import { type Session, signIn } from "../harness/identity.js"
import { testRedisUrl } from "../harness/settings.js"
import { type RunningServer, startServer, UNLIMITED_RATES } from "../harness/server.js"
import { reportCoverage } from "./coverage.js"
import { jsonBodyOf, type Operation, operationsOf, type Parameter, parametersOf, servedDocument } from "./openapiRequests.js"
import { type Carrier, type Invalid, invalidValues, type Overrides, validValue } from "./schemaArbitraries.js"

const ADMIN = "generated-input-admin"
const SEED = Number(process.env["PROOF_SEED"] ?? 19_2026)
/** Requests per operation: 1,936 in all, 23 to 34 s for the file on PGlite on the loaded two-core machine (docs/decisions/testing.md, "Proof suites"). */
const INVALID_RUNS = 16
const VALID_RUNS = 6
/** How long one answer may take before its operation fails (the game server's command timeout is 10 s). */
const ANSWER_BOUND_MS = 30_000
/** The body limit of the API document ("JSON ... at most 16 KiB"); a larger body answers the documented `413`. */
const BODY_LIMIT = 16 * 1024
/**
 * The game's webhook (docs/decisions/game.md, "The event webhook") reads a body only once it is
 * signed: the suite holds the key the server verifies with and signs every body it sends there, so
 * that its input is decoded like any other. Its bodies may be 64 KiB.
 */
const WEBHOOK = "POST /api/game/events"
const WEBHOOK_KEYS = generateKeyPairSync("ed25519")
const signedHeaders = (body: string) => {
  const timestamp = String(Math.floor(Date.now() / 1000))
  const signature = sign(null, Buffer.concat([Buffer.from(timestamp), Buffer.from(body)]), WEBHOOK_KEYS.privateKey).toString("hex")
  return { "x-signature-ed25519": signature, "x-signature-timestamp": timestamp }
}
const bodyLimitOf = (operation: Operation) => (nameOf(operation) === WEBHOOK ? 64 * 1024 : BODY_LIMIT)
/** Refusals of the access check: the administrator must never meet one. */
const ACCESS_REFUSALS = new Set(["UNAUTHENTICATED", "FORBIDDEN", "USER_REQUIRED", "INVALID_ORIGIN", "ACCOUNT_DISABLED"])
/**
 * The rows that must not move on an invalid request: the audit log, the CAD and the PNC history
 * (tables of packages/adapters-pg/src/migrations). A refused Developer Access attempt is the one
 * designed exception: every attempt counts, a malformed body too, and each refusal is audited
 * (`auth.developer_access.refused`, packages/core/src/identity/developerAccess.ts): exactly one
 * such entry per `AUTHENTICATION_FAILED` answer, and nothing else.
 */
const HISTORY = {
  audit_log: "SELECT count(*) AS count FROM audit_log WHERE action <> 'auth.developer_access.refused'",
  refusals_audited: "SELECT count(*) AS count FROM audit_log WHERE action = 'auth.developer_access.refused'",
  cad_events: "SELECT count(*) AS count FROM cad_events",
  pnc_events: "SELECT count(*) AS count FROM pnc_events"
} as const

let server: RunningServer
let admin: Session
let document: JsonObject
let withInput: Array<Operation>
const covered = { invalid: new Set<string>(), valid: new Set<string>() }
let requests = 0
/** For the summary: the statuses of the answers, and where the invalid requests were broken. */
const statuses = { invalid: new Map<number, number>(), valid: new Map<number, number>() }
const breachedIn = new Map<string, number>()
const tally = <K>(counts: Map<K, number>, key: K) => counts.set(key, (counts.get(key) ?? 0) + 1)
const shown = <K>(counts: Map<K, number>) => JSON.stringify(Object.fromEntries([...counts].sort(([x], [y]) => String(x).localeCompare(String(y)))))

/** A request's parts: path, query and header values as text, and the body (unset: no body; `raw`: sent as is). */
interface Parts {
  readonly path: Readonly<Record<string, string>>
  readonly query: Readonly<Record<string, string>>
  readonly headers: Readonly<Record<string, string>>
  readonly body?: { readonly json: unknown } | { readonly raw: string }
}

/** One way to break a request: why, where `details` must point (undefined: anywhere), and the broken parts. */
interface Breach {
  readonly why: string
  readonly where: ReadonlyArray<string> | undefined
  readonly parts: Parts
}

const DAY_MS = 86_400_000
const daysFromNow = (min: number, max: number) =>
  fc.integer({ min, max }).map((days) => new Date(Date.now() + days * DAY_MS + 60_000 * Math.sign(days)).toISOString())

/**
 * What valid means beyond the schemas: rules docs/decisions/ and the API document state in words, which a
 * JSON Schema cannot (the generator would otherwise make requests the server rightly refuses).
 * By property or parameter name.
 */
const OVERRIDES: Overrides = {
  // A record is of something that happened; expiries, suspensions and scheduled sessions lie ahead
  // (warrants: "in the future and at most 10 years from now").
  occurredAt: daysFromNow(-5 * 365, -1),
  expiresAt: daysFromNow(1, 5 * 365),
  until: daysFromNow(1, 5 * 365),
  scheduledFor: daysFromNow(1, 365),
  // A time range: `from` before `to` (shift summaries, the audit log).
  from: daysFromNow(-365, -1),
  to: daysFromNow(1, 365),
  // "1 to 10 letters and digits, with spaces or hyphens between them".
  plate: fc.stringMatching(/^[A-Z0-9]{1,5}(?:[ -]?[A-Z0-9]{1,5})?$/)
}

/**
 * A provider's redirect back to a callback carries `code` and `state` (the platform callback
 * documents either missing as `INVALID_INPUT`), and no `error`: that is the provider reporting a
 * failure.
 */
const PROVIDER_REPORTS = new Set(["error"])
/**
 * Headers the suite sends itself, never generated nor breached: the `Origin` a cookie write carries
 * (`send` gives every request APP_URL's, as a browser does; a wrong one is `INVALID_ORIGIN`), and the
 * webhook's signature headers, its authentication, which `signedHeaders` writes for every body sent
 * there (a wrong one is `401`, as the description says, never `400`).
 */
const SENT_BY_THE_SUITE = new Set(["Origin", "X-Signature-Ed25519", "X-Signature-Timestamp"])
/** The parameters generated for an operation: all it declares but what the suite sends itself. */
const generatedParametersOf = (operation: Operation) =>
  parametersOf(document, operation.operation).filter((parameter) => !(parameter.in === "header" && SENT_BY_THE_SUITE.has(parameter.name)))
const PROVIDER_SENDS = ["code", "state"]

/** The charges a record cites, each once (the description: "none twice"; JSON Schema's `uniqueItems` compares whole entries). */
const eachChargeOnce = (charges: unknown) =>
  Array.isArray(charges)
    ? charges.filter((entry, index) =>
      charges.findIndex((other) => isJsonObject(other) && isJsonObject(entry) && other["chargeId"] === entry["chargeId"]) === index
    )
    : charges

/**
 * Rules between properties of one body, from the operations' descriptions: a record's endorsement
 * code needs points, and it cites each charge once; a marker of a vehicle type (`VEHICLE_BOLO`,
 * `STOLEN_VEHICLE`) is set on a vehicle and names no person, the other types on a person (`GENERAL`:
 * either); a charge's fines run upwards, and its endorsement code comes with points and only with them.
 */
const BODY_RULES: Record<string, (body: Record<string, unknown>) => Record<string, unknown>> = {
  // A record's `endorsementCode` comes only with `points`.
  "POST /api/pnc/records": ({ charges, ...body }) => ({
    ...(body["endorsementCode"] !== undefined && !(Number(body["points"]) > 0) ? { ...body, points: 3 } : body),
    ...(charges === undefined ? {} : { charges: eachChargeOnce(charges) })
  }),
  "POST /api/pnc/charges": ({ endorsementCode, fineMax, fineMin, ...body }) => ({
    ...body,
    fineMin: Math.min(Number(fineMin), Number(fineMax)),
    fineMax: Math.max(Number(fineMin), Number(fineMax)),
    ...(Number(body["points"]) > 0 ? { endorsementCode: typeof endorsementCode === "string" ? endorsementCode : "SP30" } : {})
  }),
  "POST /api/pnc/markers": ({ civilianId, vehicleId, ...body }) =>
    String(body["type"]).includes("VEHICLE") ? { ...body, vehicleId: vehicleId ?? civilianId ?? "a-vehicle" }
      : { ...body, civilianId: civilianId ?? vehicleId ?? "a-civilian" }
}

/** A sign-in or link callback: the provider's redirect back, which a generated `state` cannot complete. */
const isCallback = (operation: Operation) => operation.path.endsWith("/callback")
const nameOf = (operation: Operation) => `${operation.method} ${operation.path}`
const hasInput = (operation: Operation) => generatedParametersOf(operation).length > 0 || jsonBodyOf(document, operation.operation) !== undefined

/** An operation's seed: `SEED` mixed with its name. */
const seedOf = (operation: Operation) => {
  let hash = SEED | 0
  for (const character of nameOf(operation)) hash = (Math.imul(hash, 31) + character.charCodeAt(0)) | 0
  return hash
}

const asText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value))

/** Valid parts: every path parameter, the required query parameters and headers and some optional ones, a valid body. */
const validParts = (operation: Operation): fc.Arbitrary<Parts> => {
  const parameters = generatedParametersOf(operation)
  const group = (where: string) => {
    const chosen = parameters.filter((parameter) => parameter.in === where && !PROVIDER_REPORTS.has(parameter.name))
    const model = Object.fromEntries(
      chosen.map((parameter) => [parameter.name, (OVERRIDES[parameter.name] ?? validValue(document, parameter.schema)).map(asText)])
    )
    const required = chosen.filter((parameter) =>
      parameter.in === "path" || parameter.required || (isCallback(operation) && PROVIDER_SENDS.includes(parameter.name))
    )
    return fc.record(model, { requiredKeys: required.map((parameter) => parameter.name) }) as fc.Arbitrary<Record<string, string>>
  }
  const body = jsonBodyOf(document, operation.operation)
  const rule = BODY_RULES[nameOf(operation)]
  return fc.record({
    path: group("path"),
    query: group("query"),
    headers: group("header"),
    body: body === undefined ? fc.constant(undefined)
      : validValue(document, body.schema, 0, OVERRIDES).map((json) => ({ json: rule === undefined || !isJsonObject(json) ? json : rule({ ...json }) }))
  }).map(({ body: content, ...rest }) => (content === undefined ? rest : { ...rest, body: content }))
}

const parameterBreaches = (parameter: Parameter): Array<fc.Arbitrary<(parts: Parts) => Breach>> => {
  const group = parameter.in === "header" ? "headers" : parameter.in === "query" ? "query" : "path"
  const where = [group === "path" ? "path" : group, parameter.name]
  const set = (parts: Parts, value: string | undefined): Parts => {
    const values: Record<string, string> = { ...parts[group] }
    if (value === undefined) delete values[parameter.name]
    else values[parameter.name] = value
    return { ...parts, [group]: values }
  }
  const found = invalidValues(document, parameter.schema, parameter.in as Carrier).map((arbitrary) =>
    arbitrary.map((invalid: Invalid) => (parts: Parts): Breach => {
      const text = asText(invalid.value)
      return { why: `${parameter.in} ${parameter.name}: ${invalid.why} (${JSON.stringify(text.slice(0, 80))})`, where, parts: set(parts, text) }
    })
  )
  if (parameter.required && parameter.in !== "path")
    found.push(fc.constant((parts: Parts): Breach => ({ why: `required ${parameter.in} ${parameter.name} missing`, where, parts: set(parts, undefined) })))
  return found
}

const NOT_AN_OBJECT = ["{", "not json", "{\"a\":}", "[]", "[{}]", "42", "null", "\"text\"", "true"]

const bodyBreaches = (operation: Operation): Array<fc.Arbitrary<(parts: Parts) => Breach>> => {
  const body = jsonBodyOf(document, operation.operation)
  if (body === undefined) return []
  const found = invalidValues(document, body.schema).map((arbitrary) =>
    arbitrary.map((invalid: Invalid) => (parts: Parts): Breach => ({
      why: `body: ${invalid.why}`,
      where: invalid.path,
      parts: { ...parts, body: { json: invalid.value } }
    }))
  )
  found.push(
    fc.constantFrom(...NOT_AN_OBJECT).map((raw) => (parts: Parts): Breach => ({
      why: `body not a JSON object: ${raw}`,
      where: undefined,
      parts: { ...parts, body: { raw } }
    }))
  )
  return found
}

/**
 * A query parameter the operation does not declare: "unknown query parameters are rejected with
 * 400" — but where the operation's description says they are ignored, and on a sign-in or link callback, where the provider may add its own (RFC 6749 §4.1.2:
 * "the client MUST ignore unrecognized response parameters").
 */
const UNKNOWN_PARAMETER = "unexpectedParameter"

const unknownParameterBreaches = (operation: Operation): Array<fc.Arbitrary<(parts: Parts) => Breach>> =>
  !isCallback(operation) &&
    !(typeof operation.operation["description"] === "string" && operation.operation["description"].includes("Unknown query parameters are ignored")) &&
    parametersOf(document, operation.operation).some((parameter) => parameter.in === "query")
    ? [
      fc.constant((parts: Parts): Breach => ({
        why: `an unknown query parameter ${UNKNOWN_PARAMETER}`,
        where: ["query", UNKNOWN_PARAMETER],
        parts: { ...parts, query: { ...parts.query, [UNKNOWN_PARAMETER]: "1" } }
      }))
    ]
    : []

/** Every way the generator knows to break this operation's input. */
const breachesOf = (
  operation: Operation
) => [...generatedParametersOf(operation).flatMap(parameterBreaches), ...unknownParameterBreaches(operation), ...bodyBreaches(operation)]

interface Answer {
  readonly status: number
  readonly body: unknown
  readonly requestId: string | null
  readonly text: string
  readonly size: number
}

const send = async (operation: Operation, parts: Parts): Promise<Answer> => {
  let path = operation.path
  for (const [name, value] of Object.entries(parts.path)) path = path.replace(`{${name}}`, encodeURIComponent(value))
  const search = Object.entries(parts.query).map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join("&")
  const body = parts.body === undefined ? undefined : "raw" in parts.body ? parts.body.raw : JSON.stringify(parts.body.json)
  const headers: Record<string, string> = { ...parts.headers, cookie: admin.cookie, origin: server.url }
  if (body !== undefined) headers["content-type"] = "application/json"
  if (body !== undefined && nameOf(operation) === WEBHOOK) Object.assign(headers, signedHeaders(body))
  const controller = new AbortController()
  requests++
  if (process.env["PROOF_TRACE"] !== undefined)
    appendFileSync(process.env["PROOF_TRACE"], `${new Date().toISOString()} ${operation.method} ${path}?${search} ${String(body).slice(0, 200)}\n`)
  const response = await fetch(`${server.url}${path}${search === "" ? "" : `?${search}`}`, {
    method: operation.method,
    headers,
    redirect: "manual",
    // No request may hang the suite: a request the server never answers fails its operation.
    signal: AbortSignal.any([controller.signal, AbortSignal.timeout(ANSWER_BOUND_MS)]),
    ...(body === undefined ? {} : { body })
  })
  const size = body === undefined ? 0 : Buffer.byteLength(body)
  // An event stream does not end: its status is the answer.
  if ((response.headers.get("content-type") ?? "").includes("text/event-stream")) {
    controller.abort()
    return { status: response.status, body: undefined, requestId: response.headers.get("x-request-id"), text: "(event stream)", size }
  }
  const text = await response.text()
  return { status: response.status, body: parsedJson(text), requestId: response.headers.get("x-request-id"), text: text.slice(0, 600), size }
}

/** The error codes the operation documents under each status. */
const documentedCodes = (operation: Operation): Map<number, Set<string>> => {
  const responses = isJsonObject(operation.operation["responses"]) ? operation.operation["responses"] : {}
  const codes = new Map<number, Set<string>>()
  for (const [status, response] of Object.entries(responses)) {
    const description = isJsonObject(response) && typeof response["description"] === "string" ? response["description"] : ""
    codes.set(Number(status), new Set(description.split(/,\s*/).filter((code) => /^[A-Z_]+$/.test(code))))
  }
  return codes
}

const errorOf = (answer: Answer) => (isJsonObject(answer.body) && isJsonObject(answer.body["error"]) ? answer.body["error"] : undefined)
const codeOf = (answer: Answer) => errorOf(answer)?.["code"]

/**
 * A 5xx is a failure, but a `503` with a code the operation documents under it (the game server's
 * `GAME_UNAVAILABLE` and `GAME_THROTTLED`, `LICENCE_NUMBER_UNAVAILABLE`): an answer, not a fault.
 * (`500 INTERNAL_ERROR` is documented on every operation, and is always a failure here.)
 */
const expectNoFailure = (operation: Operation, answer: Answer, context: string) => {
  if (answer.status < 500) return
  const documented = documentedCodes(operation).get(503)
  // What the server logged for this request, so that a rare failure can be understood from the report.
  const logged = server.logs.filter((entry) => entry.annotations?.["requestId"] === answer.requestId).map((entry) =>
    `${entry.logLevel ?? ""} ${JSON.stringify(entry.message)} ${entry.cause ?? ""}`
  )
  expect(
    answer.status === 503 && documented !== undefined && documented.has(String(codeOf(answer))),
    `${context}: ${answer.status} ${answer.text}\nserver log:\n${logged.join("\n")}`
  ).toBe(true)
}

/** The envelope `{error: {code, message, details: [{path, message}]}, requestId}`, the request id equal to the header's. */
const expectEnvelope = (answer: Answer, context: string) => {
  const body = isJsonObject(answer.body) ? answer.body : {}
  const error = errorOf(answer)
  expect(error, `${context}: not an error envelope: ${answer.text}`).toBeDefined()
  expect(typeof error?.["message"], context).toBe("string")
  expect(body["requestId"], context).toBe(answer.requestId)
  expect(Object.keys(body).sort(), context).toEqual(["error", "requestId"])
}

const problemsOf = (answer: Answer): Array<{ path: Array<string>; message: string }> => {
  const details = errorOf(answer)?.["details"]
  return Array.isArray(details) ? (details as Array<{ path: Array<string>; message: string }>) : []
}

const expectRefused = (operation: Operation, breach: Breach, answer: Answer) => {
  const context = `${nameOf(operation)} with ${breach.why}`
  expectNoFailure(operation, answer, context)
  expectEnvelope(answer, context)
  const documented = documentedCodes(operation)
  if (!documented.has(400)) {
    // The operation answers invalid input with another documented code (Developer Access: 401
    // AUTHENTICATION_FAILED), never with an access refusal: the administrator passed the check.
    const code = String(codeOf(answer))
    expect(
      answer.status >= 400 && documented.get(answer.status)?.has(code) === true && !ACCESS_REFUSALS.has(code),
      `${context}: ${answer.status} ${answer.text}`
    ).toBe(true)
    return
  }
  if (answer.size > bodyLimitOf(operation) && documented.has(413)) {
    expect([answer.status, codeOf(answer)], `${context}: ${answer.text}`).toEqual([413, "PAYLOAD_TOO_LARGE"])
    return
  }
  expect([answer.status, codeOf(answer)], `${context}: ${answer.text}`).toEqual([400, "INVALID_INPUT"])
  const problems = problemsOf(answer)
  expect(problems.length, `${context}: no details: ${answer.text}`).toBeGreaterThan(0)
  for (const problem of problems) {
    expect(
      Array.isArray(problem.path) && problem.path.every((part) => typeof part === "string") && typeof problem.message === "string",
      `${context}: ${answer.text}`
    ).toBe(true)
  }
  const where = breach.where
  if (where !== undefined) {
    const pointed = problems.some((problem) => where.every((part, index) => problem.path[index] === part))
    expect(pointed, `${context}: no problem at ${JSON.stringify(where)}: ${answer.text}`).toBe(true)
  }
}

const expectAccepted = (operation: Operation, parts: Parts, answer: Answer) => {
  const context = `${nameOf(operation)} with valid input ${JSON.stringify(parts).slice(0, 600)}`
  expect([400, 413, 415].includes(answer.status), `${context}: refused as invalid: ${answer.status} ${answer.text}`).toBe(false)
  // The administrator passes every access check. A sign-in or link callback's 401 is the flow's
  // own answer: a generated `state` was never issued, so the flow cannot complete.
  const refused = (answer.status === 401 || answer.status === 403) && ACCESS_REFUSALS.has(String(codeOf(answer)))
  expect(refused && !(answer.status === 401 && isCallback(operation)), `${context}: ${answer.status} ${answer.text}`).toBe(false)
  expectNoFailure(operation, answer, context)
}

const historyCounts = async () => {
  const counts: Record<string, number> = {}
  for (const [table, sql] of Object.entries(HISTORY)) counts[table] = Number((await server.database!.query<{ count: string }>(sql)).rows[0]!.count)
  return counts
}

/** Runs a property with the operation's seed; a failure names the operation and `PROOF_SEED`. */
const check = async <T>(operation: Operation, property: fc.IAsyncProperty<[T]>, numRuns: number) => {
  const seed = seedOf(operation)
  try {
    await fc.assert(property, { seed, numRuns, endOnFailure: true })
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `\n${error.cause.message}` : ""
    throw new Error(
      `${nameOf(operation)} (PROOF_SEED=${SEED}, the operation's seed ${seed}):\n${error instanceof Error ? error.message : String(error)}${cause}`
    )
  }
}

/** Runs `body` for every operation and reports every operation that failed, not only the first. */
const forEachOperation = async (body: (operation: Operation) => Promise<void>) => {
  const failures: Array<string> = []
  for (const operation of withInput) {
    try {
      await body(operation)
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error))
    }
  }
  expect(failures, failures.join("\n\n")).toEqual([])
}

beforeAll(async () => {
  // Without the test hooks: the document is the one production serves (the hooks add `/api/__test/*`).
  server = await startServer({
    testHooks: false,
    env: {
      BLUELIGHT_ADMIN_IDENTITY_IDS: ADMIN,
      ...UNLIMITED_RATES,
      GAME_WEBHOOK_PUBLIC_KEY: WEBHOOK_KEYS.publicKey.export({ type: "spki", format: "der" }).toString("base64"),
      // With TEST_REDIS_URL (CI), the counters, locks and the game's command slot live in Redis, as in production.
      REDIS_URL: testRedisUrl
    }
  })
  admin = await signIn(server, { id: ADMIN })
  document = await servedDocument(server)
  withInput = operationsOf(document).filter(hasInput)
}, 240_000)

afterAll(async () => {
  if (withInput !== undefined) {
    reportCoverage(
      "generated input",
      `${Math.min(covered.invalid.size, covered.valid.size)} of ${withInput.length} operations with input (${requests} requests, PROOF_SEED=${SEED})`
    )
    console.log(
      `generated input:\n` +
        `  PROOF_SEED=${SEED}, ${INVALID_RUNS} invalid and ${VALID_RUNS} valid requests per operation\n` +
        `  invalid requests broken in: ${shown(breachedIn)}; answered: ${shown(statuses.invalid)}\n` +
        `  valid requests answered: ${shown(statuses.valid)}`
    )
  }
  await server?.stop()
})

describe("generated input, from the served API description", () => {
  it("invalid input is refused with 400 INVALID_INPUT (or the documented code), never 5xx, and changes nothing", async () => {
    expect(withInput.length).toBeGreaterThan(50)
    await forEachOperation(async (operation) => {
      const breaches = breachesOf(operation)
      expect(breaches.length, `${nameOf(operation)}: the generator knows no way to break its input`).toBeGreaterThan(0)
      const before = await historyCounts()
      let refusals = 0
      const invalidRequest = fc.tuple(validParts(operation), fc.oneof(...breaches)).map(([parts, breach]) => breach(parts))
      await check(
        operation,
        fc.asyncProperty(invalidRequest, async (breach) => {
          const answer = await send(operation, breach.parts)
          tally(statuses.invalid, answer.status)
          if (codeOf(answer) === "AUTHENTICATION_FAILED") refusals++
          tally(breachedIn, breach.where?.[0] === "query" || breach.where?.[0] === "headers" || breach.where?.[0] === "path" ? breach.where[0] : "body")
          expectRefused(operation, breach, answer)
        }),
        INVALID_RUNS
      )
      const after = await historyCounts()
      expect(after, `${nameOf(operation)}: invalid requests changed the history (PROOF_SEED=${SEED})`).toEqual({
        ...before,
        refusals_audited: before["refusals_audited"]! + refusals
      })
      covered.invalid.add(nameOf(operation))
    })
  }, 600_000)

  it("valid input is never refused as invalid, and never fails", async () => {
    await forEachOperation(async (operation) => {
      await check(
        operation,
        fc.asyncProperty(validParts(operation), async (parts) => {
          const answer = await send(operation, parts)
          tally(statuses.valid, answer.status)
          expectAccepted(operation, parts, answer)
        }),
        VALID_RUNS
      )
      covered.valid.add(nameOf(operation))
    })
  }, 600_000)

  it("every operation with input was covered", () => {
    const names = withInput.map(nameOf)
    expect([...covered.invalid].sort()).toEqual([...names].sort())
    expect([...covered.valid].sort()).toEqual([...names].sort())
  })
})
