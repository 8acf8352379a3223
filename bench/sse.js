// Bluelight's CAD event stream for the benchmarks, through the typed client's
// feed (`followCadEvents` of @bluelight/client, built): used by the load
// generator and the board process.
import { performance } from "node:perf_hooks"
import { Cause, Effect, Fiber, Stream } from "effect"
import { followCadEvents, makeBluelightClient } from "../packages/client/dist/index.js"

/** Whether the CAD history holds an entry after `seq`. */
const hasAfter = (client, seq) => Effect.map(client.cadEvents.listCadEvents({ query: { after: seq, limit: 1, offset: 0 } }), ({ data }) => data.length > 0)

/**
 * The `seq` of the newest CAD history entry (0 when there is none), in about
 * twice log2(seq) reads of one entry: the history reads oldest first, so the
 * search doubles `after` until nothing follows it, then halves the gap.
 */
const newestSeq = (client) =>
  Effect.gen(function*() {
    if (!(yield* hasAfter(client, 0))) return 0
    let [below, above] = [0, 1]
    while (yield* hasAfter(client, above)) [below, above] = [above, above * 2]
    while (above - below > 1) {
      const middle = Math.floor((below + above) / 2)
      if (yield* hasAfter(client, middle)) below = middle
      else above = middle
    }
    return above
  })

/**
 * Follows the CAD history with a credential and calls `onEvent(entry,
 * arrivedAt)` for each entry committed from now on (`entry` as the client
 * decodes it, `arrivedAt` from `performance.now()`). The feed starts after the
 * newest entry at the time of the call, so nothing committed once this has
 * resolved is missed, whenever the server subscribes. Resolves to a function
 * that closes it. A refusal of the stream (a `429` past the caller's open
 * streams) is printed and fails the process.
 */
export const openStream = async (base, token, onEvent) => {
  const client = await Effect.runPromise(makeBluelightClient({ baseUrl: base, credential: token }))
  const after = await Effect.runPromise(newestSeq(client))
  const following = followCadEvents(client, { after }).pipe(
    Stream.runForEach((entry) => Effect.sync(() => onEvent(entry, performance.now()))),
    Effect.tapCause((cause) =>
      Cause.hasInterruptsOnly(cause) ? Effect.void : Effect.sync(() => {
        process.stderr.write(`the CAD stream failed: ${Cause.pretty(cause)}\n`)
        process.exit(1)
      })
    )
  )
  const fiber = Effect.runFork(following)
  return () => void Effect.runFork(Fiber.interrupt(fiber))
}
