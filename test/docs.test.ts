import { statusOfCode } from "@bluelight/adapters-http"
import { ErrorCode } from "@bluelight/core/kernel"
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bodyAs } from "./harness/body.js"
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
  readonly responses: Readonly<Record<string, {
    readonly description: string
    readonly content?: { readonly "application/json": { readonly schema: ResponseSchema } }
  }>>
}

interface Described {
  readonly paths: Readonly<Record<string, Readonly<Record<string, DescribedOperation>>>>
  readonly components: { readonly schemas: Readonly<Record<string, unknown>> }
}

const isErrorCode = Schema.is(ErrorCode)

let server: RunningServer
beforeAll(async () => {
  server = await startServer({ testHooks: false })
})
afterAll(() => server?.stop())

const described = async (): Promise<Described> => JSON.parse((await server.request("GET", "/api/openapi.json")).text)

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
            expect(schema).toMatchObject({ required: ["status", "database", "redis"] })
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
        // Reads its own body: every failure of Developer Access is 401 (API.md).
        const ownBody = name === "post /api/auth/developer"
        // Signing out is never rate limited.
        const rateExempt = name === "post /api/auth/logout"
        const decodes = operation.parameters.length > 0 || operation.requestBody !== undefined
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
      Object.fromEntries(Object.entries(paths[path]?.[method]?.responses ?? {})
        .filter(([status]) => Number(status) >= 400)
        .map(([status, response]) => [status, response.description]))
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
    for (const ref of refs) expect(Object.keys(components), ref).toContain(ref.startsWith(prefix) ? ref.slice(prefix.length) : ref)
    for (const name of Object.keys(components)) expect(refs, name).toContain(`${prefix}${name}`)
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
