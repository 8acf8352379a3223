import { BluelightClient, makeBluelightClient } from "@bluelight/client"
import { Effect, Redacted } from "effect"
import { FetchHttpClient } from "effect/http"
import { describe, expect, it } from "vitest"

/** What the client hands fetch, answered with an empty page. */
const recorded = async (program: (fetch: typeof globalThis.fetch) => Effect.Effect<unknown, unknown>) => {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = []
  const fetch: typeof globalThis.fetch = (input, init) => {
    calls.push({ url: input instanceof Request ? input.url : String(input), init })
    return Promise.resolve(Response.json({ data: [], meta: { limit: 1, offset: 0, hasMore: false } }))
  }
  await Effect.runPromise(program(fetch))
  return calls
}

const list = { query: { limit: 1, offset: 0, status: "OPEN" } } as const
const headersOf = (init: RequestInit | undefined) => new Headers(init?.headers)

describe("the transport", () => {
  it("sends a service credential as a bearer token, and no cookie mode of its own", async () => {
    const [call] = await recorded((fetch) =>
      Effect.flatMap(
        makeBluelightClient({ baseUrl: "https://bluelight.example.org", credential: Redacted.make("bluelight_token") }),
        (client) => client.cadIncidents.listIncidents(list)
      ).pipe(Effect.provideService(FetchHttpClient.Fetch, fetch))
    )
    expect(call?.url).toBe("https://bluelight.example.org/api/cad/incidents?limit=1&offset=0&status=OPEN")
    expect(headersOf(call?.init).get("authorization")).toBe("Bearer bluelight_token")
    expect(call?.init?.credentials).toBeUndefined()
  })

  it("without a credential, lets fetch send the origin's cookies (a browser's session), with the extra headers", async () => {
    const [call] = await recorded((fetch) =>
      Effect.gen(function*() {
        const client = yield* BluelightClient
        return yield* client.cadIncidents.listIncidents(list)
      }).pipe(
        Effect.provide(BluelightClient.layer({ baseUrl: "https://bluelight.example.org", headers: { "x-bot": "relay" } })),
        Effect.provideService(FetchHttpClient.Fetch, fetch)
      )
    )
    expect(call?.init?.credentials).toBe("include")
    expect(headersOf(call?.init).get("authorization")).toBeNull()
    expect(headersOf(call?.init).get("x-bot")).toBe("relay")
  })
})
