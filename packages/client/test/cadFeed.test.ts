import { CAD_STREAM_EXAMPLE } from "@bluelight/api/cad/EventsApi.js"
import { followCadEvents, makeBluelightClient } from "@bluelight/client"
import { Effect, Stream } from "effect"
import { FetchHttpClient } from "effect/http"
import { describe, expect, it } from "vitest"

/** The example entry of the contract, as the stream sends it, with another `seq`. */
const exampleEntry: Record<string, unknown> = JSON.parse(/^data: (.+)$/m.exec(CAD_STREAM_EXAMPLE)![1]!)
const message = (seq: number) => `id: ${seq}\ndata: ${JSON.stringify({ ...exampleEntry, seq })}\n\n`

/** A stream body that sends `text` and then ends, as a server closing or a cut connection leaves it. */
const body = (text: string) => new Response(text, { headers: { "content-type": "text/event-stream" } })

describe("following the feed", () => {
  it("resumes after the last entry delivered, with Last-Event-ID, and never delivers an entry twice", async () => {
    const sent: Array<string | null> = []
    const answers = [
      body(": connected\n\n" + message(4) + message(5)),
      // A server that replays from before the cursor (or a proxy that replays what it buffered): 5 again, then 6.
      body(": connected\n\n" + message(5) + ": heartbeat\n\n" + message(6)),
      body(": connected\n\n" + message(7))
    ]
    const fetch: typeof globalThis.fetch = (_, init) => {
      sent.push(new Headers(init?.headers).get("last-event-id"))
      return Promise.resolve(answers.shift() ?? body(""))
    }
    const seqs = await Effect.runPromise(
      Effect.flatMap(
        makeBluelightClient({ baseUrl: "https://bluelight.example.org", credential: "token" }),
        (client) =>
          followCadEvents(client, { after: 3, reconnectDelay: "1 millis" }).pipe(
            Stream.take(4),
            Stream.map((entry) => entry.seq),
            Stream.runCollect
          )
      ).pipe(Effect.provideService(FetchHttpClient.Fetch, fetch))
    )
    expect(seqs).toEqual([4, 5, 6, 7])
    expect(sent).toEqual(["3", "5", "6"])
  })

  it("ends after the allowed reconnections in a row that brought nothing", async () => {
    let connections = 0
    const fetch: typeof globalThis.fetch = () => {
      connections += 1
      return Promise.resolve(body(": connected\n\n"))
    }
    const seqs = await Effect.runPromise(
      Effect.flatMap(
        makeBluelightClient({ baseUrl: "https://bluelight.example.org", credential: "token" }),
        (client) => followCadEvents(client, { reconnectDelay: "1 millis", reconnects: 2 }).pipe(Stream.runCollect)
      ).pipe(
        Effect.provideService(FetchHttpClient.Fetch, fetch)
      )
    )
    expect(seqs).toEqual([])
    expect(connections).toBe(3)
  })
})
