import { statusOfCode } from "@bluelight/api"
import { EnteredTimestamp, ErrorCode } from "@bluelight/core/kernel"
import { createConfig, lintFromString, type NormalizedProblem } from "@redocly/openapi-core"
import { Validator } from "@seriousme/openapi-schema-validator"
import { Schema, SchemaAST } from "effect"
import { HttpApiError } from "effect/http-api"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bodyAs, dataOf, isJsonObject, type JsonObject } from "./harness/body.js"
import { expectError } from "./harness/expectations.js"
import { cookieWrite, createRole, meData, type Session, signIn, write } from "./harness/identity.js"
import { type Reply, type RunningServer, startServer } from "./harness/server.js"

/** What these tests read of the OpenAPI document. */
type OpenApiDocument = {
  readonly openapi: string
  readonly info: { readonly version: string }
  readonly paths: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, unknown>>>>>>
}
const documentOf = (reply: Reply) => bodyAs<OpenApiDocument>(reply)

/** What the error tests read of a response schema (success schemas have other shapes). */
interface ResponseSchema {
  readonly required?: ReadonlyArray<string>
  readonly allOf?: ReadonlyArray<{
    readonly $ref?: string
    readonly properties?: { readonly error?: { readonly properties?: { readonly code?: { readonly enum?: ReadonlyArray<string> } } } }
  }>
}

interface DescribedOperation {
  readonly "x-bluelight-access": string
  readonly "x-bluelight-permissions": ReadonlyArray<string>
  readonly parameters: ReadonlyArray<unknown>
  readonly requestBody?: unknown
  readonly responses: Readonly<
    Record<string, {
      readonly description: string
      readonly content?: { readonly "application/json": { readonly schema: ResponseSchema } }
    }>
  >
}

interface Described {
  readonly paths: Readonly<Record<string, Readonly<Record<string, DescribedOperation>>>>
  readonly components: {
    readonly schemas: Readonly<Record<string, unknown>>
    readonly headers: Readonly<Record<string, unknown>>
    readonly parameters?: Readonly<Record<string, unknown>>
  }
}

/** What the checks for a reader and for tools read of an operation. */
interface Operation {
  readonly summary?: string
  readonly description?: string
  readonly security?: ReadonlyArray<Readonly<Record<string, ReadonlyArray<string>>>>
  readonly parameters: ReadonlyArray<unknown>
  readonly requestBody?: { readonly content: Readonly<Record<string, { readonly example?: unknown }>> }
  readonly responses: Readonly<Record<string, unknown>>
  readonly "x-bluelight-access": "public" | "session" | "session-or-credential"
  readonly "x-bluelight-permissions": ReadonlyArray<string>
  readonly "x-bluelight-permissions-alternative"?: ReadonlyArray<string>
}

interface Document {
  readonly servers?: ReadonlyArray<{ readonly url: string }>
  readonly paths: Readonly<Record<string, Readonly<Record<string, Operation>>>>
  readonly components: {
    readonly schemas: Readonly<Record<string, unknown>>
    readonly parameters?: Readonly<Record<string, JsonObject>>
    readonly securitySchemes?: Readonly<Record<string, JsonObject>>
  }
}

const isErrorCode = Schema.is(ErrorCode)

let server: RunningServer
/** The served document as text, and parsed for the checks of what a reader needs. */
let text: string
let document: Document
let admin: Session
beforeAll(async () => {
  server = await startServer({ testHooks: false, env: { BLUELIGHT_ADMIN_IDENTITY_IDS: "reference-admin" } })
  const reply = await server.request("GET", "/api/openapi.json")
  expect(reply.status).toBe(200)
  text = reply.text
  document = JSON.parse(text)
  admin = await signIn(server, { id: "reference-admin", displayName: "Reference Admin" })
})
afterAll(() => server?.stop())

const described = async (): Promise<Described> => JSON.parse((await server.request("GET", "/api/openapi.json")).text)

/** The `Origin` header's declaration, one component every cookie write references. */
const ORIGIN_REFERENCE = "#/components/parameters/Origin"
const isOriginReference = (parameter: unknown) => isJsonObject(parameter) && parameter["$ref"] === ORIGIN_REFERENCE

/** Reads that take no query parameters and refuse any (`NoQuery`): they decode a query that has none. */
const TAKES_NO_QUERY = new Set(["get /api/mdt/me", "get /api/server", "get /api/admin/settings"])

describe("the API description", () => {
  it("is OpenAPI 3.1 labelled version 0.1.0", async () => {
    const reply = await server.request("GET", "/api/openapi.json")
    expect(reply.status).toBe(200)
    expect(reply.headers.get("content-type")).toContain("application/json")
    expect(documentOf(reply).openapi).toMatch(/^3\.1\./)
    expect(documentOf(reply).info.version).toBe("0.1.0")
  })

  it("declares access and permissions on every operation", async () => {
    const { paths } = documentOf(await server.request("GET", "/api/openapi.json"))
    const operations = Object.values(paths).flatMap((item) => Object.values(item))
    expect(operations.length).toBeGreaterThan(0)
    for (const operation of operations) {
      expect(["public", "session", "session-or-credential"]).toContain(operation["x-bluelight-access"])
      expect(Array.isArray(operation["x-bluelight-permissions"])).toBe(true)
    }
    expect(paths["/api/health"]?.["get"]?.["x-bluelight-access"]).toBe("public")
  })

  it("does not describe the test hooks when they are off", async () => {
    const { paths } = documentOf(await server.request("GET", "/api/openapi.json"))
    expect(Object.keys(paths).some((path) => path.includes("__test"))).toBe(false)
    expect((await server.request("GET", "/api/__test/defect")).status).toBe(404)
  })

  it("lists on every operation exactly the error codes it can answer, each under its status, in the one error envelope", async () => {
    const { paths } = await described()
    for (const [path, item] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const name = `${method} ${path}`
        const codes = new Map<ErrorCode, number>()
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) < 400) continue
          const schema = response.content?.["application/json"].schema
          // The one error answered with a body of its own: the health report.
          if (name === "get /api/health" && status === "503") {
            expect(schema).toMatchObject({ required: ["status", "database", "redis", "game"] })
            continue
          }
          expect(schema?.allOf?.[0], name).toEqual({ $ref: "#/components/schemas/ErrorEnvelope" })
          const listed = schema?.allOf?.[1]?.properties?.error?.properties?.code?.enum ?? []
          expect(listed.length, `${name} ${status}`).toBeGreaterThan(0)
          expect(response.description, name).toBe(listed.join(", "))
          for (const code of listed) {
            if (!isErrorCode(code)) throw new Error(`${name} lists ${code}, which is not an error code`)
            expect([name, code, Number(status)]).toEqual([name, code, statusOfCode(code)])
            expect(codes.has(code), `${name} lists ${code} twice`).toBe(false)
            codes.set(code, Number(status))
          }
        }
        const has = (code: ErrorCode) => codes.has(code)
        const access = operation["x-bluelight-access"]
        const write = method !== "get" && method !== "head"
        // Reads its own body: every failure of Developer Access is 401 (docs/decisions/identity.md, "Developer Access"); the game's
        // webhook verifies the raw bytes before it reads them, then decodes them (docs/decisions/game.md, "The event webhook").
        const ownBody = name === "post /api/auth/developer" || name === "post /api/game/events"
        // Signing out is never rate limited.
        const rateExempt = name === "post /api/auth/logout"
        // Developer Access describes the body it reads by hand; nothing decodes it.
        // The Origin header is checked before anything is decoded (a refusal, not INVALID_INPUT).
        const decodes = operation.parameters.some((parameter) => !isOriginReference(parameter)) ||
          (operation.requestBody !== undefined && name !== "post /api/auth/developer") ||
          TAKES_NO_QUERY.has(name)
        expect([...codes].filter(([, status]) => status === 500).map(([code]) => code), name).toEqual(["INTERNAL_ERROR"])
        expect({ name, PAYLOAD_TOO_LARGE: has("PAYLOAD_TOO_LARGE"), UNSUPPORTED_MEDIA_TYPE: has("UNSUPPORTED_MEDIA_TYPE") })
          .toEqual({ name, PAYLOAD_TOO_LARGE: write, UNSUPPORTED_MEDIA_TYPE: write && !ownBody })
        expect({ name, INVALID_INPUT: has("INVALID_INPUT") }).toEqual({ name, INVALID_INPUT: decodes || (write && !ownBody) })
        if (access === "public") {
          expect({ name, refusals: (["INVALID_ORIGIN", "USER_REQUIRED", "FORBIDDEN"] as const).filter(has) }).toEqual({ name, refusals: [] })
        } else {
          expect({
            name,
            UNAUTHENTICATED: has("UNAUTHENTICATED"),
            ACCOUNT_DISABLED: has("ACCOUNT_DISABLED"),
            INVALID_ORIGIN: has("INVALID_ORIGIN"),
            RATE_LIMITED: has("RATE_LIMITED"),
            USER_REQUIRED: has("USER_REQUIRED")
          }).toEqual({
            name,
            UNAUTHENTICATED: true,
            ACCOUNT_DISABLED: true,
            INVALID_ORIGIN: write,
            RATE_LIMITED: !rateExempt,
            USER_REQUIRED: access === "session"
          })
          if (operation["x-bluelight-permissions"].length > 0) expect(has("FORBIDDEN"), name).toBe(true)
        }
      }
    }
    const errorsOf = (path: string, method: string) =>
      Object.fromEntries(
        Object.entries(paths[path]?.[method]?.responses ?? {})
          .filter(([status]) => Number(status) >= 400)
          .map(([status, response]) => [status, response.description])
      )
    expect(errorsOf("/api/staff/{id}", "get")).toEqual({
      400: "INVALID_INPUT",
      401: "UNAUTHENTICATED",
      403: "FORBIDDEN, ACCOUNT_DISABLED",
      404: "NOT_FOUND",
      429: "RATE_LIMITED",
      500: "INTERNAL_ERROR"
    })
    expect(errorsOf("/api/auth/idp/callback", "get")).toEqual({
      400: "INVALID_INPUT",
      401: "UNAUTHENTICATED",
      403: "ACCOUNT_DISABLED",
      500: "INTERNAL_ERROR"
    })
  })

  it("resolves every reference to a component, and names the error envelope once", async () => {
    const document = await described()
    const refs = new Set<string>()
    const walk = (u: unknown): void => {
      if (Array.isArray(u)) return u.forEach(walk)
      if (typeof u !== "object" || u === null) return
      for (const [key, value] of Object.entries(u)) {
        expect(key).not.toBe("$defs")
        if (key === "$ref") refs.add(String(value))
        else walk(value)
      }
    }
    walk(document)
    const prefix = "#/components/schemas/"
    const components = document.components.schemas
    const headerPrefix = "#/components/headers/"
    const headers = document.components.headers
    // Parameters: the Origin header alone, referenced by every cookie write.
    expect(Object.keys(document.components.parameters ?? {})).toEqual(["Origin"])
    expect(refs).toContain(ORIGIN_REFERENCE)
    for (const ref of [...refs].filter((ref) => ref !== ORIGIN_REFERENCE)) {
      if (ref.startsWith(headerPrefix)) expect(Object.keys(headers), ref).toContain(ref.slice(headerPrefix.length))
      else expect(Object.keys(components), ref).toContain(ref.startsWith(prefix) ? ref.slice(prefix.length) : ref)
    }
    for (const name of Object.keys(components)) expect(refs, name).toContain(`${prefix}${name}`)
    for (const name of Object.keys(headers)) expect(refs, name).toContain(`${headerPrefix}${name}`)
    expect(components["ErrorEnvelope"]).toMatchObject({
      properties: { error: { properties: { code: { $ref: `${prefix}ErrorCode` } } } }
    })
    expect(components["ErrorCode"]).toMatchObject({ enum: [...ErrorCode.literals] })
  })

  it("is browsable at /api/docs", async () => {
    const reply = await server.request("GET", "/api/docs")
    expect(reply.status).toBe(200)
    expect(reply.headers.get("content-type")).toContain("text/html")
    expect(reply.text).toContain("Bluelight API")
  })
})

/**
 * What the served document must be for a reader and for tools: a real
 * validator, a real linter and what a reader needs of every operation. Each
 * check reads every operation of the served document, so a new endpoint is
 * held to it without a change here.
 */
const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ name: `${method} ${path}`, path, method, operation }))
  )

/** The operation a JSON pointer of the document points into (`#/paths/~1api~1health/get/...`). */
const operationAt = (pointer: string) => {
  const [, paths, path, method] = pointer.replace(/^#/, "").split("/").map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
  return paths === "paths" && path !== undefined && method !== undefined ? document.paths[path]?.[method] : undefined
}

describe("the served document, for a reader and for tools", () => {
  it("is a valid OpenAPI 3.1 document, every reference resolving", async () => {
    const validator = new Validator()
    const result = await validator.validate(JSON.parse(text))
    expect(result.errors).toBeUndefined()
    expect(result.valid).toBe(true)
    expect(() => validator.resolveRefs()).not.toThrow()
    expect(document.servers).toEqual([{ url: server.url, description: "This server (APP_URL)" }])
  })

  it("lints with Redocly's recommended rules without an error, keeping only the explained warnings", async () => {
    const config = await createConfig({ extends: ["recommended"] })
    const problems = await lintFromString({ source: text, absoluteRef: `${server.url}/api/openapi.json`, config })
    const show = (problem: NormalizedProblem) => `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`
    expect(problems.filter((problem) => problem.severity === "error").map(show)).toEqual([])
    // Each kept warning is explained in the decisions (issue 8).
    const explained = (problem: NormalizedProblem) => {
      const operation = operationAt(problem.location[0]?.pointer ?? "")
      switch (problem.ruleId) {
        case "info-license":
          return true
        case "operation-2xx-response":
          // The sign-in and linking steps answer with a redirect.
          return operation !== undefined && Object.keys(operation.responses).includes("302")
        case "operation-4xx-response":
          // Nothing to refuse: public, and no input.
          return operation !== undefined && operation["x-bluelight-access"] === "public" && operation.parameters.length === 0 &&
            operation.requestBody === undefined
        default:
          return false
      }
    }
    expect(problems.filter((problem) => !explained(problem)).map(show)).toEqual([])
  })

  it("gives every operation a short summary, a description naming its access, and the security schemes of its rule", () => {
    const schemes = document.components.securitySchemes ?? {}
    expect(schemes["session"]).toMatchObject({ type: "apiKey", in: "cookie", name: "bluelight-session" })
    expect(schemes["serviceCredential"]).toMatchObject({ type: "http", scheme: "bearer" })
    expect(schemes["gameSignature"]).toMatchObject({ type: "apiKey", in: "header", name: "X-Signature-Ed25519" })
    const expected = {
      "public": [],
      "session": [{ session: [] }],
      "session-or-credential": [{ session: [] }, { serviceCredential: [] }]
    }
    expect(operations().length).toBeGreaterThan(0)
    for (const { name, operation } of operations()) {
      expect(operation.summary, name).toMatch(/^\S.{0,39}$/)
      expect(operation.summary, name).not.toMatch(/\.$/)
      const access = operation["x-bluelight-access"]
      // The game's webhook is public to accounts and authenticated by the game's signature (docs/decisions/game.md).
      const security = name === "post /api/game/events" ? [{ gameSignature: [] }] : expected[access]
      expect({ name, security: operation.security }).toEqual({ name, security })
      const description = operation.description ?? ""
      expect(description, name).toContain("**Access:**")
      if (access === "public") expect(description, name).toContain("public")
      if (access === "session") expect(description, name).toContain("Service credentials are refused (`USER_REQUIRED`)")
      if (access === "session-or-credential") expect(description, name).toContain("service credential (bearer token)")
      for (const key of [...operation["x-bluelight-permissions"], ...(operation["x-bluelight-permissions-alternative"] ?? [])]) {
        expect(description, name).toContain(`\`${key}\``)
      }
      // The operation's own rules come before the access sentence.
      expect(description.indexOf("**Access:**"), name).toBeGreaterThan(0)
    }
  })

  it("warns first on every write that Test Request really sends it, and tells every session operation the browser's cookie is used", () => {
    const writes = operations().filter(({ method }) => ["post", "put", "patch", "delete"].includes(method))
    expect(writes.length).toBeGreaterThan(40)
    for (const { name, operation } of writes) {
      expect(operation.description ?? "", name).toMatch(/^> \*\*Test Request sends this for real\.\*\* /)
    }
    for (const { name, operation } of operations().filter(({ method }) => method === "get")) {
      expect(operation.description ?? "", name).not.toContain("Test Request sends this for real")
    }
    for (const { name, operation } of operations()) {
      const note = (operation.description ?? "").includes("Test Request carries your session cookie by itself")
      expect({ name, note }).toEqual({ name, note: operation["x-bluelight-access"] !== "public" })
    }
  })

  it("declares the Origin header on every write the session cookie may make, with APP_URL's origin as its example", () => {
    expect(document.components.parameters?.["Origin"]).toMatchObject({
      name: "Origin",
      in: "header",
      required: false,
      schema: { type: "string", examples: [new URL(server.url).origin] }
    })
    for (const { name, method, operation } of operations()) {
      const byCookie = (operation.security ?? []).some((requirement) => "session" in requirement)
      const write = !["get", "head"].includes(method)
      expect({ name, origin: operation.parameters.filter(isOriginReference).length }).toEqual({ name, origin: byCookie && write ? 1 : 0 })
    }
  })

  it("a write copied as the reference writes it, its declared headers with their examples and the cookie, succeeds", async () => {
    // What Scalar's samples send: each header parameter with its schema's example, the cookie (pasted), the example body; no Origin of our own.
    const operation = document.paths["/api/admin/roles"]?.["post"]
    const headers: Record<string, string> = { cookie: admin.cookie }
    for (const parameter of operation?.parameters ?? []) {
      const declared = isOriginReference(parameter) ? document.components.parameters?.["Origin"] : parameter
      const schema = isJsonObject(declared) ? declared["schema"] : undefined
      const example = isJsonObject(schema) && Array.isArray(schema["examples"]) ? schema["examples"][0] : undefined
      if (isJsonObject(declared) && declared["in"] === "header" && typeof example === "string") headers[String(declared["name"])] = example
    }
    const example = operation?.requestBody?.content["application/json"]?.example
    if (!isJsonObject(example)) throw new Error("POST /api/admin/roles has no example body")
    const body = { ...example, name: "Copied sample" }
    const reply = await server.request("POST", "/api/admin/roles", { headers, body })
    expect(reply.status, reply.text).toBe(201)
  })

  it("names every path it cites as it is called, under /api", () => {
    // A reader copies `GET /cad/events` from a description; the server answers it 404.
    const unprefixed = [...text.matchAll(/\b(?:GET|HEAD|POST|PUT|PATCH|DELETE) \/(?!api\/)[^\s`"<>]*/g)].map((match) => match[0])
    expect(unprefixed).toEqual([])
  })

  it("shows what the CAD event stream sends, with the way to follow it", () => {
    const stream = document.paths["/api/cad/events/stream"]?.["get"]
    const media = (stream?.responses["200"] as { content?: Record<string, { example?: unknown }> } | undefined)?.content?.["text/event-stream"]
    const example = typeof media?.example === "string" ? media.example : ""
    expect(example.startsWith(": connected\n\n")).toBe(true)
    const message = /^id: (\d+)\ndata: (.+)\n\n/m.exec(example)
    expect(message).not.toBeNull()
    const entry: unknown = JSON.parse(message?.[2] ?? "null")
    // The entry as GET /cad/events shows it, its seq the message's id.
    expect(entry).toMatchObject({ seq: Number(message?.[1]), type: "INCIDENT_CREATED", unitId: null, callId: null })
    expect(Object.keys(isJsonObject(entry) ? entry : {}).sort()).toEqual(["actor", "at", "callId", "data", "id", "incidentId", "seq", "type", "unitId"])
    expect(stream?.description).toContain("curl -N -b jar")
    expect(stream?.description).toContain("new EventSource(")
  })

  it("names components and titles schemas for a reader, never by a library's internal labels", () => {
    const identifiersIn = (module: Record<string, unknown>) =>
      Object.values(module).flatMap((value) => {
        if (!Schema.isSchema(value)) return []
        // The schema and the side it is encoded from, each with its identifier and its checks'.
        return [value.ast, SchemaAST.toEncoded(value.ast)].flatMap((ast) => [
          SchemaAST.resolveIdentifier(ast),
          ...(ast.checks ?? []).map((check) => check.annotations?.identifier)
        ]).filter((identifier): identifier is string => typeof identifier === "string")
      })
    const internal = new Set([...identifiersIn(Schema), ...identifiersIn(HttpApiError)])
    // Effect 4 labels its own schemas far less than Effect 3 did (Int has none): one it labels.
    expect(internal).toContain("BadRequestProblem")
    for (const name of Object.keys(document.components.schemas)) {
      expect(name).toMatch(/^[A-Z][A-Za-z0-9]*$/)
      expect(internal.has(name), `${name} is a library's schema`).toBe(false)
    }
    const titles: Array<string> = []
    const walk = (u: unknown, path: string): void => {
      if (Array.isArray(u)) return u.forEach((item, index) => walk(item, `${path}/${index}`))
      if (!isJsonObject(u)) return
      for (const [key, value] of Object.entries(u)) {
        expect(key, path).not.toBe("$id")
        if (key === "title" && typeof value === "string") titles.push(`${path}: ${value}`)
        else walk(value, `${path}/${key}`)
      }
    }
    walk(document.paths, "#/paths")
    walk(document.components, "#/components")
    // Effect's own labels are lower case or the filter's call: `int`, `maxItems(32)`, `between(1, 100)`.
    expect(titles.filter((title) => !/: [A-Z][^()]*$/.test(title))).toEqual([])
    expect(document.components.schemas).toHaveProperty("RoleInput")
    expect(document.components.schemas).toHaveProperty("ErrorEnvelope")
  })

  it("puts the length, count and range limits in the schemas", () => {
    const schemas = document.components.schemas
    expect(schemas["RoleInput"]).toMatchObject({
      properties: { name: { type: "string", minLength: 2, maxLength: 60 }, permissions: { type: "array", maxItems: 32 } }
    })
    expect(schemas["ServiceCredentialInput"]).toMatchObject({
      properties: {
        name: { minLength: 2, maxLength: 80 },
        scopes: { minItems: 1, maxItems: 32 },
        // The default in words: with the keyword, openapi-typescript's default mode demands the field.
        lifetimeDays: { type: "integer", minimum: 1, maximum: 90, description: "Optional: 30 when left out." }
      }
    })
    expect(schemas["ServiceCredentialInput"]).not.toHaveProperty(["properties", "lifetimeDays", "default"])
    expect(schemas["ServiceCredentialInput"]).toMatchObject({ required: ["name", "scopes"] })
    expect(schemas["Id"]).toMatchObject({ pattern: "^[a-zA-Z0-9_-]+$", minLength: 1, maxLength: 64 })
    expect(schemas["Permission"]).toMatchObject({ enum: expect.arrayContaining(["admin.manage", "staff.view"]) })
    expect(document.paths["/api/staff"]?.["get"]?.parameters).toContainEqual(
      expect.objectContaining({ name: "limit", in: "query", schema: expect.objectContaining({ type: "integer", minimum: 1, maximum: 100, default: 25 }) })
    )
  })

  it("gives no number an example a reader would take for a mistake, as the reference draws them", () => {
    // Scalar's example for a number: the schema's example, default, const or first enum value, else its minimum, else 1.
    // An unbounded integer's minimum is MIN_SAFE_INTEGER (-9007199254740991): such schemas carry examples of their own.
    const shown = (schema: JsonObject): unknown => {
      const examples = schema["examples"]
      const enumeration = schema["enum"]
      if (Array.isArray(examples) && examples.length > 0) return examples[0]
      for (const key of ["example", "default", "const"]) if (schema[key] !== undefined) return schema[key]
      if (Array.isArray(enumeration) && enumeration.length > 0) return enumeration[0]
      return schema["minimum"] ?? 1
    }
    const absurd: Array<string> = []
    const walk = (u: unknown, at: string): void => {
      if (Array.isArray(u)) return u.forEach((item, index) => walk(item, `${at}/${index}`))
      if (!isJsonObject(u)) return
      if (u["type"] === "integer" || u["type"] === "number") {
        const value = shown(u)
        if (typeof value !== "number" || Math.abs(value) >= 2 ** 31) absurd.push(`${at}: ${String(value)}`)
      }
      for (const [key, value] of Object.entries(u)) walk(value, `${at}/${key}`)
    }
    walk(document, "#")
    expect(absurd).toEqual([])
  })

  it("gives every request body an example that succeeds when an administrator sends it", async () => {
    const exampleOf = (path: string, method: string): JsonObject => {
      const example = document.paths[path]?.[method]?.requestBody?.content["application/json"]?.example
      if (!isJsonObject(example)) throw new Error(`${method} ${path} has no example body`)
      return example
    }
    const send = async (method: string, path: string, body: JsonObject) => {
      const reply = await write(server, admin, method.toUpperCase(), path, body)
      expect(reply.status, `${method} ${path} ${JSON.stringify(body)}: ${reply.text}`).toBeGreaterThanOrEqual(200)
      expect(reply.status, `${method} ${path} ${JSON.stringify(body)}: ${reply.text}`).toBeLessThan(300)
      return dataOf<{ readonly id: string }>(reply)
    }
    const sent = new Set<string>()
    const sendExample = (method: string, path: string, target: string = path, replace: JsonObject = {}) => {
      sent.add(`${method} ${path}`)
      return send(method, target, { ...exampleOf(path, method), ...replace })
    }

    const role = await sendExample("post", "/api/admin/roles")
    await sendExample("patch", "/api/admin/roles/{id}", `/api/admin/roles/${role.id}`)
    await sendExample("post", "/api/admin/services")
    // A staff profile needs a real account and real roles: the example's ids are placeholders.
    const person = await meData(server, await signIn(server, { id: "reference-staff", displayName: "Reference Staff" }))
    const granted = await createRole(server, admin, "Reference role", ["staff.view"])
    const profile = await sendExample("post", "/api/staff", "/api/staff", { accountId: person.id, roleIds: [granted.id] })
    await sendExample("patch", "/api/staff/{id}", `/api/staff/${profile.id}`)
    const { id: adminId } = await meData(server, admin)
    await sendExample("patch", "/api/admin/accounts/{id}", `/api/admin/accounts/${adminId}`)

    // Developer Access's body is the operator's secret: the example shows its shape, and is refused like any wrong password.
    expect(Object.keys(exampleOf("/api/auth/developer", "post"))).toEqual(["password"])
    expectError(await write(server, admin, "POST", "/api/auth/developer", exampleOf("/api/auth/developer", "post")), 401, "AUTHENTICATION_FAILED")
    sent.add("post /api/auth/developer")

    // Any other body is sent as it is (placeholder ids in the path): it must at least decode.
    for (const { name, path, method, operation } of operations()) {
      if (operation.requestBody === undefined || sent.has(name)) continue
      // Moderation actions need an Idempotency-Key; other operations ignore it.
      const reply = await server.request(method.toUpperCase(), path.replace(/\{\w+\}/g, "0190a7f2-0000-7000-8000-000000000000"), {
        headers: cookieWrite(server, admin, { "idempotency-key": `docs-example-${name.replace(/[^A-Za-z0-9]+/g, "-")}` }),
        body: exampleOf(path, method)
      })
      expect({ name, status: reply.status }, reply.text).not.toEqual({ name, status: 400 })
    }
  })
})

/** The response objects of the document, parsed afresh as plain JSON, with their operation and status. */
const responsesOf = () => {
  const parsed: unknown = JSON.parse(text)
  const paths = isJsonObject(parsed) && isJsonObject(parsed["paths"]) ? parsed["paths"] : {}
  return Object.entries(paths).flatMap(([path, item]) =>
    isJsonObject(item)
      ? Object.entries(item).flatMap(([method, operation]) => {
        const responses = isJsonObject(operation) && isJsonObject(operation["responses"]) ? operation["responses"] : {}
        return Object.entries(responses).map(([status, response]) => ({
          name: `${method} ${path} ${status}`,
          operation: isJsonObject(operation) ? operation : {},
          status,
          headers: isJsonObject(response) && isJsonObject(response["headers"]) ? response["headers"] : {}
        }))
      })
      : []
  )
}
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` })

describe("the headers the served document declares", () => {
  it("declares X-Request-Id and RateLimit-Policy, required, on every response", () => {
    const responses = responsesOf()
    expect(responses.length).toBeGreaterThan(500)
    for (const { name, headers } of responses) {
      expect(headers["X-Request-Id"], name).toEqual(headerRef("X-Request-Id"))
      expect(headers["RateLimit-Policy"], name).toEqual(headerRef("RateLimit-Policy"))
    }
    const parsed: unknown = JSON.parse(text)
    const components = isJsonObject(parsed) && isJsonObject(parsed["components"]) && isJsonObject(parsed["components"]["headers"])
      ? parsed["components"]["headers"]
      : {}
    expect(components["X-Request-Id"]).toMatchObject({ required: true, schema: { type: "string", format: "uuid" } })
    expect(components["RateLimit-Policy"]).toMatchObject({ required: true })
    expect(components["Retry-After"]).toMatchObject({ required: true })
  })

  it("declares RateLimit on every response of an operation counted against a budget, required where the request was counted", () => {
    for (const { name, operation, status, headers } of responsesOf()) {
      const responses = isJsonObject(operation["responses"]) ? operation["responses"] : {}
      if (!("429" in responses)) expect(headers, name).not.toHaveProperty("RateLimit")
      else if (/^[23]/.test(status) || status === "429") expect(headers["RateLimit"], name).toEqual(headerRef("RateLimit"))
      else expect(headers["RateLimit"], name).toEqual(headerRef("RateLimit-If-Counted"))
    }
  })

  it("requires Retry-After on every 429 and on the game's 503s, which always send it", () => {
    const with503 = responsesOf().filter(({ status }) => status === "503" || status === "429")
    for (const { name, status, headers } of with503) {
      // The health report's 503 is its own body; LICENCE_NUMBER_UNAVAILABLE says no wait.
      if (status === "503" && !("Retry-After" in headers)) continue
      expect(headers["Retry-After"], name).toEqual(headerRef("Retry-After"))
    }
    expect(with503.filter(({ status, headers }) => status === "503" && "Retry-After" in headers).length).toBeGreaterThan(10)
  })

  it("declares Location and Set-Cookie on the four sign-in and linking redirects, and Set-Cookie where a cookie is set", () => {
    const redirects = responsesOf().filter(({ status }) => status.startsWith("3"))
    expect(redirects.map(({ name }) => name).sort()).toEqual([
      "get /api/auth/idp 302",
      "get /api/auth/idp/callback 302",
      "get /api/auth/platform 302",
      "get /api/auth/platform/callback 302"
    ])
    for (const { name, headers } of redirects) {
      expect(headers["Location"], name).toEqual(headerRef("Location"))
      expect(headers["Set-Cookie"], name).toEqual(headerRef("Set-Cookie"))
    }
    const setting = responsesOf().filter(({ headers }) => isJsonObject(headers["Set-Cookie"]) && headers["Set-Cookie"]["$ref"] === headerRef("Set-Cookie").$ref)
    expect(setting.map(({ name }) => name).filter((name) => !name.endsWith(" 302")).sort()).toEqual([
      "delete /api/auth/developer 200",
      "post /api/auth/developer 200",
      "post /api/auth/logout 200"
    ])
  })

  it("declares the game's two signature headers as header parameters of POST /game/events", () => {
    expect(document.paths["/api/game/events"]?.["post"]?.parameters).toEqual([
      expect.objectContaining({ name: "X-Signature-Ed25519", in: "header", required: true, schema: { type: "string", pattern: "^[0-9a-fA-F]{128}$" } }),
      expect.objectContaining({ name: "X-Signature-Timestamp", in: "header", required: true, schema: { type: "string", pattern: "^[0-9]{1,15}$" } })
    ])
  })
})

describe("the rules the served document states in its schemas and descriptions", () => {
  it("bounds an entered time to the years 1900 to 2099 in its schema, as the server does", () => {
    const schema = document.components.schemas["EnteredTimestamp"]
    expect(schema).toMatchObject({ type: "string", format: "date-time", pattern: expect.any(String) })
    const pattern = new RegExp(isJsonObject(schema) && typeof schema["pattern"] === "string" ? schema["pattern"] : "(?!)", "u")
    const accepts = (text: string) => Schema.decodeUnknownExit(EnteredTimestamp)(text)._tag === "Success"
    for (const inside of ["1900-01-01T00:00:00.000Z", "2026-01-31T09:30:00.000Z", "2099-12-31T23:59:59.999Z"]) {
      expect(pattern.test(inside), inside).toBe(true)
      expect(accepts(inside), inside).toBe(true)
    }
    for (const outside of ["2100-01-01T00:00:00.000Z", "1899-12-31T23:59:59.999Z", "9999-12-31T00:00:00.000Z", "0001-01-01T00:00:00.000Z"]) {
      expect(pattern.test(outside), outside).toBe(false)
      expect(accepts(outside), outside).toBe(false)
    }
  })

  it("says on every operation with query parameters whether unknown ones are refused or ignored", () => {
    const ignoring = new Set<string>()
    for (const { name, operation } of operations()) {
      if (!operation.parameters.some((parameter) => isJsonObject(parameter) && parameter["in"] === "query")) continue
      const description = operation.description ?? ""
      const refused = description.includes("Unknown query parameters are refused")
      const ignored = description.includes("Unknown query parameters are ignored")
      expect(refused !== ignored, name).toBe(true)
      if (ignored) ignoring.add(name)
    }
    // The crew picker, as the API document says of it; the provider callbacks, as RFC 6749 asks of a client.
    expect([...ignoring].sort()).toEqual(["get /api/auth/idp/callback", "get /api/auth/platform/callback", "get /api/cad/units/eligible-crew"])
  })
})
