import { LenientQuery, paging, StrictQuery } from "@bluelight/api/schema/query.js"
import { type BluelightApiClient, makeBluelightClient, type SendableClient } from "@bluelight/client"
import { Effect, Schema } from "effect"
import { FetchHttpClient } from "effect/http"
import { HttpApi, HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { describe, expect, expectTypeOf, it } from "vitest"

/**
 * A request may leave out what the contract gives a default: the types let
 * it (this file type-checks, `tsconfig.test.json`), and the client sends the
 * field absent, for the server to apply its default (`test/client/defaults.test.ts`
 * checks which default the server applies).
 */

/** What the client hands fetch, each call answered with `answer`. */
const sent = async (call: (client: BluelightApiClient) => Effect.Effect<unknown, unknown>, answer: () => Response) => {
  const calls: Array<{ url: string; body: unknown }> = []
  const fetch: typeof globalThis.fetch = (input, init) => {
    const body = init?.body instanceof Uint8Array ? new TextDecoder().decode(init.body) : init?.body
    calls.push({ url: input instanceof Request ? input.url : String(input), body: typeof body === "string" ? JSON.parse(body) : body })
    return Promise.resolve(answer())
  }
  await Effect.runPromise(
    Effect.flatMap(makeBluelightClient({ baseUrl: "https://bluelight.example.org", credential: "bluelight_token" }), call).pipe(
      Effect.provideService(FetchHttpClient.Fetch, fetch)
    )
  )
  return calls
}

const page = () => Response.json({ data: [], meta: { limit: 25, offset: 0, hasMore: false } })
/** An answer the client fails to decode: only the request matters here. */
const unread = () => Response.json({}, { status: 201 })

type Query<Method extends (request: never) => unknown> = Parameters<Method>[0] extends infer Request ? Request extends { readonly query: infer Q } ? Q : never
  : never
type Payload<Method extends (request: never) => unknown> = Parameters<Method>[0] extends infer Request
  ? Request extends { readonly payload: infer P } ? P : never
  : never

/** Whether a value of type `V` is one a parameter of type `T` takes, as the compiler decides. */
type Accepts<T, V> = [V] extends [T] ? true : false

describe("a request without the fields the contract defaults", () => {
  it("types a defaulted field as optional, with its values, and leaves every other field as it was", () => {
    expectTypeOf<Query<BluelightApiClient["cadIncidents"]["listIncidents"]>>().toEqualTypeOf<{
      readonly limit?: number
      readonly offset?: number
      readonly status?: "OPEN" | "CLOSED"
    }>()
    expectTypeOf<Query<BluelightApiClient["cadCalls"]["listCalls"]>>().toHaveProperty("status").toEqualTypeOf<
      "WAITING" | "ATTACHED" | "CLOSED" | undefined
    >()
    expectTypeOf<Payload<BluelightApiClient["cadIncidents"]["createIncident"]>>().toMatchTypeOf<{
      readonly type: string
      readonly priority: string
      readonly location: string
    }>()
    // Optional fields without a default keep their `undefined`.
    expectTypeOf<Query<BluelightApiClient["staff"]["listStaff"]>>().toHaveProperty("active")
  })

  it("lists without a query's defaults, sending no value for them", async () => {
    const calls = await sent(
      (client) =>
        Effect.all([
          client.cadIncidents.listIncidents({ query: {} }),
          client.cadCalls.listCalls({ query: { limit: 5 } }),
          client.cadUnits.listUnits({ query: {} })
        ]),
      page
    )
    expect(calls.map((call) => call.url)).toEqual([
      "https://bluelight.example.org/api/cad/incidents",
      "https://bluelight.example.org/api/cad/calls?limit=5",
      "https://bluelight.example.org/api/cad/units"
    ])
  })

  it("sends a body without its defaulted fields, and with them when given", async () => {
    const calls = await sent(
      (client) =>
        Effect.all([
          Effect.ignore(client.cadIncidents.createIncident({ payload: { type: "Fire", priority: "IMMEDIATE", location: "Legion Square" } })),
          Effect.ignore(
            client.cadIncidents.createIncident({ payload: { type: "Fire", priority: "IMMEDIATE", location: "Legion Square", controlNotes: "Two crews" } })
          ),
          Effect.ignore(client.cadCalls.receiveCall({ payload: { callerName: "Jo Bloggs", location: "Legion Square", description: "Smoke" } })),
          Effect.ignore(client.admin.issueService({ payload: { name: "relay", scopes: ["cad.view"] } }))
        ]),
      unread
    )
    expect(calls.map((call) => call.body)).toEqual([
      { type: "Fire", priority: "IMMEDIATE", location: "Legion Square" },
      { type: "Fire", priority: "IMMEDIATE", location: "Legion Square", controlNotes: "Two crews" },
      { callerName: "Jo Bloggs", location: "Legion Square", description: "Smoke" },
      { name: "relay", scopes: ["cad.view"] }
    ])
  })

  it("still requires the fields without a default, and refuses values outside the contract", () => {
    // Type-level only: whether each request is one the client's methods take.
    type CreateRequest = Parameters<BluelightApiClient["cadIncidents"]["createIncident"]>[0]
    type ListRequest = Parameters<BluelightApiClient["cadIncidents"]["listIncidents"]>[0]
    const taken: [
      Accepts<CreateRequest, { payload: { type: "Fire"; priority: "IMMEDIATE"; location: "Legion Square" } }>,
      Accepts<ListRequest, { query: { status: "OPEN" } }>,
      Accepts<ListRequest, { query: {} }>
    ] = [true, true, true]
    const refused: [
      // `location` has no default
      Accepts<CreateRequest, { payload: { type: "Fire"; priority: "IMMEDIATE" } }>,
      // not a status of an incident
      Accepts<ListRequest, { query: { status: "WAITING" } }>,
      // a defaulted field is left out, not sent as `undefined`
      Accepts<ListRequest, { query: { status: undefined } }>,
      // the query itself is still required
      Accepts<ListRequest, {}>
    ] = [false, false, false, false]
    expect([taken, refused]).toEqual([[true, true, true], [false, false, false, false]])
  })

  it("reads what the sender may leave out from the schema, whatever its shape", () => {
    // A lenient query's encoded form takes any other key: its required keys stay required, its defaults do not.
    const Api = HttpApi.make("probe").add(
      HttpApiGroup.make("probe")
        .add(HttpApiEndpoint.get("lenient", "/lenient", { query: LenientQuery({ ...paging, code: Schema.String }) }))
        .add(HttpApiEndpoint.get("strict", "/strict", { query: StrictQuery({ code: Schema.optional(Schema.String) }) }))
        .add(HttpApiEndpoint.get("none", "/none"))
    )
    type Probe = SendableClient<typeof Api>["probe"]
    expectTypeOf<Query<Probe["lenient"]>>().toEqualTypeOf<{ readonly limit?: number; readonly offset?: number; readonly code: string }>()
    expectTypeOf<Query<Probe["strict"]>>().toEqualTypeOf<{ readonly code?: string | undefined }>()
    expectTypeOf<Parameters<Probe["none"]>>().toEqualTypeOf<Parameters<BluelightApiClient["system"]["health"]>>()
  })
})
