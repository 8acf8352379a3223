import { Exit, Schema } from "effect"
import { BluelightApiWithTestHooks } from "@bluelight/api/testHooks/TestHooksApi.js"
import { type HttpApi, type HttpApiGroup, OpenApi } from "effect/http-api"
import { describe, expect, it } from "vitest"
import { BluelightApi, IntegerFromString, StrictQuery } from "@bluelight/api"
import { CAD_STREAM_EXAMPLE, CadEventMessage } from "@bluelight/api/cad/EventsApi.js"
import { CadEventView } from "@bluelight/core/cad"
import { withStreamExamples } from "@bluelight/api/openapi/tryIt.js"

/** What these tests read of a description. */
interface Described {
  readonly paths: Record<string, Record<string, Record<string, unknown>>>
  readonly components: { readonly schemas: Record<string, Record<string, unknown>> }
}

/** The description as Effect's generator makes it from the declarations, before the API's own steps. */
const generated = <Id extends string, Groups extends HttpApiGroup.Constraint>(api: HttpApi.HttpApi<Id, Groups>): Described =>
  OpenApi.fromApi(api.annotate(OpenApi.Transform, (spec) => spec)) as unknown as Described
/** The description as the API finishes it (what is served, less `servers` and the security schemes). */
const finished = <Id extends string, Groups extends HttpApiGroup.Constraint>(api: HttpApi.HttpApi<Id, Groups>): Described =>
  OpenApi.fromApi(api) as unknown as Described

/** The value at `keys` in a JSON document, if there is one. */
const at = (u: unknown, ...keys: ReadonlyArray<string>): unknown =>
  keys.reduce<unknown>((value, key) => (typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined), u)

const parameter = (spec: Described, path: string, name: string) => {
  const parameters = at(spec, "paths", path, "get", "parameters")
  return Array.isArray(parameters) ? (parameters as ReadonlyArray<Record<string, unknown>>).find((p) => p["name"] === name) : undefined
}

const STREAM = "/api/cad/events/stream"

describe("the description made from the declarations", () => {
  it("has one component per schema: none numbered (two schemas under one identifier)", () => {
    for (const spec of [generated(BluelightApi), generated(BluelightApiWithTestHooks)]) {
      const names = Object.keys(spec.components.schemas)
      expect(names.filter((name) => /_\d+$/.test(name))).toEqual([])
      expect(names).toEqual(expect.arrayContaining(["ServiceActor", "Id", "CadEvent", "CadEventMessage"]))
    }
  })

  it("names the one CadEvent as the JSON inside each stream message", () => {
    const data = at(generated(BluelightApi), "components", "schemas", "CadEventMessage", "properties", "data")
    expect(data).toEqual({ type: "string", contentMediaType: "application/json", contentSchema: { $ref: "#/components/schemas/CadEvent" } })
  })

  it("describes a host's staff profile by its key, on the one Id", () => {
    expect(at(generated(BluelightApi), "components", "schemas", "RoleplaySession", "properties", "hostId")).toEqual({
      allOf: [{ $ref: "#/components/schemas/Id" }, { description: "The host's staff profile" }]
    })
  })

  it("describes an integer query or header value as its integer, bounds and default", () => {
    const spec = generated(BluelightApi)
    expect(parameter(spec, "/api/cad/events", "limit")?.["schema"]).toEqual({
      type: "integer",
      minimum: 1,
      maximum: 100,
      default: 25,
      description: "1 to 100, default 25"
    })
    expect(parameter(spec, STREAM, "last-event-id")?.["schema"]).toEqual({
      type: "integer",
      minimum: 0,
      maximum: 999_999_999,
      description: "0 to 999999999"
    })
  })

  it("finishes only what the generator cannot write: each parameter's description beside it", () => {
    const spec = finished(BluelightApi)
    expect(parameter(generated(BluelightApi), "/api/cad/events", "limit")).not.toHaveProperty("description")
    expect(parameter(spec, "/api/cad/events", "limit")?.["description"]).toBe("1 to 100, default 25")
    // A parameter whose schema is a component has no description of its own to show.
    expect(parameter(spec, "/api/cad/events", "incidentId")).not.toHaveProperty("description")
  })

  it("shows the event stream as text whose messages are CadEventMessage, with its declared sample", () => {
    const content = at(finished(BluelightApi), "paths", STREAM, "get", "responses", "200", "content")
    expect(content).toEqual({
      "text/event-stream": {
        schema: {
          type: "string",
          description: expect.any(String),
          contentMediaType: "text/event-stream",
          contentSchema: { $ref: "#/components/schemas/CadEventMessage" },
          examples: [CAD_STREAM_EXAMPLE]
        },
        example: CAD_STREAM_EXAMPLE
      }
    })
  })

  it("leaves a stream without a declared sample without one, and other answers as they are", () => {
    const media = () => ({ schema: { $ref: "#/components/schemas/M" }, "x-effect-stream": { encoding: "sse" } })
    const json = { schema: { $ref: "#/components/schemas/J" } }
    const spec = {
      paths: { "/s": { get: { responses: { 200: { description: "ok", content: { "text/event-stream": media(), "application/json": json } } } } } }
    }
    const out = withStreamExamples(new Map())(spec) as typeof spec
    const content = out.paths["/s"].get.responses[200].content as Record<string, unknown>
    expect(content["text/event-stream"]).toEqual({
      schema: { type: "string", description: expect.any(String), contentMediaType: "text/event-stream", contentSchema: { $ref: "#/components/schemas/M" } }
    })
    expect(content["application/json"]).toEqual({ schema: { $ref: "#/components/schemas/J" } })
  })
})

describe("an integer written as text (a query or header value)", () => {
  const query = Schema.toCodecStringTree(StrictQuery({ limit: Schema.optional(IntegerFromString("limit", { min: 1, max: 100 })) }))
  const decode = (input: unknown) => Schema.decodeUnknownExit(query)(input, { errors: "all", onExcessProperty: "error" })
  const refusal = (input: unknown) => {
    const exit = decode(input)
    return Exit.isFailure(exit) ? String(exit.cause) : "decoded"
  }

  it("decodes decimal digits to the integer and encodes it back as text", () => {
    expect(decode({ limit: "5" })).toEqual(Exit.succeed({ limit: 5 }))
    expect(decode({})).toEqual(Exit.succeed({}))
    expect(Schema.encodeUnknownSync(query)({ limit: 5 })).toEqual({ limit: "5" })
  })

  it("refuses what is not text, text with NUL, and what is not an integer in bounds", () => {
    expect(refusal({ limit: ["1", "2"] })).toContain("Expected string")
    expect(refusal({ limit: "1\u0000" })).toContain("must not contain NUL characters or unpaired surrogates")
    for (const limit of ["", "abc", "1e2", "1.0", " 1", "0", "101", "1234567890"]) {
      expect(refusal({ limit }), limit).toContain("limit must be an integer from 1 to 100")
    }
  })
})

describe("a CAD stream message", () => {
  it("decodes the sample's message, and encodes it as the view's own JSON form", () => {
    const [, id, data] = /^id: (\d+)\ndata: (.+)$/m.exec(CAD_STREAM_EXAMPLE) ?? []
    const message = Schema.decodeUnknownSync(CadEventMessage)({ id, data })
    expect(message.data.seq).toBe(2)
    const encoded = Schema.encodeSync(CadEventMessage)(message)
    expect(encoded.id).toBe(id)
    expect(JSON.parse(encoded.data)).toEqual(JSON.parse(data!))
    // The same text as the view's JSON string, which the message declared before it named the one component.
    expect(encoded.data).toBe(Schema.encodeUnknownSync(Schema.fromJsonString(CadEventView))(message.data))
  })
})
