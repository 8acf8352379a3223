/**
 * A bot with a service credential (holding `cad.view` and `cad.calls.manage`)
 * that relays the game's incoming emergency calls to Bluelight
 * (`POST /api/cad/calls`) and follows the CAD feed, for as long as it runs.
 * The README's example; the tests type-check it and run it against a real
 * server (`test/client/feed.test.ts` in the repository).
 */
import type { CadEventView, Call } from "@bluelight/api/cad/schemas.js"
import { followCadEvents, hasCode, makeBluelightClient } from "@bluelight/client"
import { Console, Effect, Stream } from "effect"

/** An emergency call as the game reports it. */
export interface EmergencyCall {
  readonly callerName: string
  readonly callerNumber: string | null
  readonly location: string
  readonly description: string
}

export interface RelayBotOptions {
  /** The Bluelight server's origin. */
  readonly baseUrl: string
  /** The bot's service credential. */
  readonly credential: string
  /** The game's emergency calls, as they come in. */
  readonly incoming: Stream.Stream<EmergencyCall>
  /** What the bot does with each relayed call: here, by default, a line on the console. */
  readonly relayed?: (call: Call) => Effect.Effect<void>
  /** What the bot does with each entry of the CAD feed: by default, a line on the console. */
  readonly seen?: (entry: CadEventView) => Effect.Effect<void>
}

export const relayBot = (options: RelayBotOptions) =>
  Effect.gen(function*() {
    const client = yield* makeBluelightClient({
      baseUrl: options.baseUrl,
      credential: options.credential,
      // A burst of calls may spend the write budget: wait as the server says, up to half a minute.
      retry: { attempts: 5, longestWait: "30 seconds" }
    })
    const relayed = options.relayed ?? ((call) => Console.log(`relayed call ${call.id} from ${call.callerName} at ${call.location}`))
    const seen = options.seen ?? ((entry) => Console.log(`CAD #${entry.seq} ${entry.type}`))

    const relay = options.incoming.pipe(
      Stream.runForEach((call) =>
        client.cadCalls.receiveCall({ payload: call }).pipe(
          Effect.flatMap(({ data }) => relayed(data)),
          // A call the game reported badly (a name too long, no location) is dropped, with the problems, not the bot.
          Effect.catchIf(hasCode("INVALID_INPUT"), (invalid) => Console.warn(`call refused: ${invalid.message}`, invalid.details))
        )
      )
    )
    // Where the history stands before the first call is relayed (its last entry's seq, 0 when empty): the feed
    // follows from there, so every relayed call's entry is on it however soon it commits, and nothing older is.
    // (Following "from now" would race the relay: a call committed before the stream opened would be missed.)
    // After a cut the feed resumes where it stopped, without a gap or a repeat.
    let after = 0
    for (;;) {
      const { data, meta } = yield* client.cadEvents.listCadEvents({ query: { limit: 100, after } })
      after = data.at(-1)?.seq ?? after
      if (!meta.hasMore) break
    }
    const follow = followCadEvents(client, { after }).pipe(Stream.runForEach(seen))

    yield* Effect.all([relay, follow], { concurrency: "unbounded", discard: true })
  })

// Run it (Node 22+): the calls come from wherever the game reports them, here two made-up ones.
//
//   Effect.runFork(relayBot({
//     baseUrl: "https://bluelight.example.org",
//     credential: process.env.BLUELIGHT_TOKEN!,
//     incoming: Stream.make({ callerName: "Jo Bloggs", callerNumber: null, location: "Legion Square", description: "Two people fighting" })
//   }))
