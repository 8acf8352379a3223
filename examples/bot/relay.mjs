/**
 * A bot on `@bluelight/client` with a service credential, as a tool outside the repository runs it (installed from
 * the packed tarballs): it relays one emergency call from the game to Bluelight (`POST /api/cad/calls`) and follows
 * the CAD live feed until the call it relayed comes back as `CALL_RECEIVED`, recorded by its credential.
 *
 * `BLUELIGHT_URL` is the server's origin, `BLUELIGHT_TOKEN` a service credential holding `cad.view` and
 * `cad.calls.manage` (an administrator issues one with `POST /api/admin/services`). Exits non-zero when the call is
 * refused, the feed fails, or the call does not come back within `BOT_WAIT_SECONDS` (30 unless set).
 */
import { followCadEvents, makeBluelightClient } from "@bluelight/client"
import { Effect, Stream } from "effect"
import assert from "node:assert/strict"

const baseUrl = process.env.BLUELIGHT_URL
const credential = process.env.BLUELIGHT_TOKEN
assert.ok(baseUrl && credential, "set BLUELIGHT_URL and BLUELIGHT_TOKEN (a service credential with cad.view and cad.calls.manage)")
const waitSeconds = Number(process.env.BOT_WAIT_SECONDS ?? "30")

const bot = Effect.gen(function*() {
  const client = yield* makeBluelightClient({ baseUrl, credential, retry: { attempts: 3, longestWait: "10 seconds" } })

  // Where the history stands now (its last entry's seq, read forward with `after` as the history is polled): the
  // feed follows from there, so the relayed call's entry is delivered however soon it commits, and nothing older.
  // An empty history stands at 0.
  let after = 0
  for (;;) {
    const { data, meta } = yield* client.cadEvents.listCadEvents({ query: { limit: 100, after } })
    after = data.at(-1)?.seq ?? after
    if (!meta.hasMore) break
  }

  const { data: call } = yield* client.cadCalls.receiveCall({
    payload: { callerName: "Jo Bloggs", callerNumber: null, location: "Legion Square", description: "Two people fighting" }
  })
  console.log(`bot: relayed call ${call.id} (${call.status})`)

  const received = yield* followCadEvents(client, { after }).pipe(
    Stream.filter((entry) => entry.type === "CALL_RECEIVED" && entry.callId === call.id),
    Stream.runHead,
    Effect.timeout(`${waitSeconds} seconds`)
  )
  assert.equal(received._tag, "Some", "the feed ended before the relayed call came back")
  return { call, entry: received.value }
})

const { call, entry } = await Effect.runPromise(bot)
assert.equal(entry.data.callerName, "Jo Bloggs")
assert.ok("serviceId" in entry.actor, "the call is recorded as relayed by the credential")
console.log(`bot: the feed delivered CALL_RECEIVED #${entry.seq} for call ${call.id}, by ${JSON.stringify(entry.actor)}`)
