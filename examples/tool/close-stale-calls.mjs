/**
 * An internal tool on `@bluelight/adapters-pg`: Bluelight's real rules on the server's own database, run beside the
 * server as a community's night-shift script would be (installed from the packed tarballs). It closes the emergency
 * calls left waiting longer than `STALE_MINUTES` (30 unless set), acting as its service credential: the token is
 * authenticated by the core as the server would authenticate it, admitted under the contract's access rule of each
 * operation it runs as the server would admit it (`admitted`), and each close is one transaction with its CAD history
 * and audit entries. The server's live feed hears the closes (`LISTEN`), as it hears its own.
 *
 * `DATABASE_URL` is the server's database (migrated by the server of the same version: the layer refuses any other
 * schema), `BLUELIGHT_TOKEN` a service credential holding `cad.view` and `cad.calls.manage`. `EXPECT_CLOSED`, when
 * set, is the number of calls the run must close (CI sets it). Exits non-zero when the database or the credential is
 * refused.
 */
import { layerBluelightPostgres } from "@bluelight/adapters-pg"
import { accessRuleOf, BluelightApi } from "@bluelight/api"
import { closeCall, listCadEvents, listCalls } from "@bluelight/core/cad"
import { admitted, authenticateCredential } from "@bluelight/core/identity"
import { DateTime, Duration, Effect, Option } from "effect"
import assert from "node:assert/strict"

const databaseUrl = process.env.DATABASE_URL
const token = process.env.BLUELIGHT_TOKEN
assert.ok(databaseUrl && token, "set DATABASE_URL (the server's database) and BLUELIGHT_TOKEN (a credential with cad.view and cad.calls.manage)")
const staleAfter = Duration.minutes(Number(process.env.STALE_MINUTES ?? "30"))
const REASON = "Left waiting overnight: closed by the night-shift tool"

/** The contract's access rule of an operation: the one the server admits its callers under. */
const ruleOf = (endpoint) => Option.getOrThrow(accessRuleOf(endpoint))
const { cadCalls, cadEvents } = BluelightApi.groups

/** The night's work as `tool`: the stale calls closed, then the history's closes read back. */
const closeStale = (tool) =>
  Effect.gen(function*() {
    const now = yield* DateTime.now
    // Waiting calls come oldest first: the stale ones are the first pages.
    const stale = []
    for (let offset = 0;; offset += 100) {
      const page = yield* listCalls("WAITING", { limit: 100, offset })
      const old = page.items.filter((call) => Duration.isGreaterThanOrEqualTo(DateTime.distance(call.createdAt, now), staleAfter))
      stale.push(...old)
      if (old.length < page.items.length || !page.meta.hasMore) break
    }
    const closed = []
    for (const call of stale) {
      closed.push(yield* closeCall(tool, call.id, REASON))
    }
    const closes = []
    for (let offset = 0;; offset += 100) {
      const page = yield* listCadEvents({}, { limit: 100, offset })
      closes.push(...page.items.filter((entry) => entry.type === "CALL_CLOSED"))
      if (!page.meta.hasMore) break
    }
    return { closed, closes }
  })

const nightShift = Effect.gen(function*() {
  const tool = yield* authenticateCredential(token)
  // The credential is admitted under the rule of each operation the work runs before any of it runs, as the server
  // admits a caller to an operation; the outermost is checked first (listing calls, closing one, reading the history).
  const { closed, closes } = yield* closeStale(tool).pipe(
    admitted(ruleOf(cadEvents.endpoints.listCadEvents), tool),
    admitted(ruleOf(cadCalls.endpoints.closeCall), tool),
    admitted(ruleOf(cadCalls.endpoints.listCalls), tool)
  )
  return { tool, closed, closes }
})

const { tool, closed, closes } = await Effect.runPromise(nightShift.pipe(Effect.provide(layerBluelightPostgres({ url: databaseUrl }))))
for (const call of closed) {
  const entry = closes.find((event) => event.callId === call.id)
  assert.ok(entry, `the CAD history holds the close of call ${call.id}`)
  assert.deepEqual(entry.actor, { serviceId: tool.credential.id }, "the close is recorded as the tool's credential")
  console.log(`tool: closed call ${call.id} from ${call.callerName} (${call.location}) as ${tool.credential.name}`)
}
if (process.env.EXPECT_CLOSED !== undefined) assert.equal(closed.length, Number(process.env.EXPECT_CLOSED), "calls closed")
console.log(`tool: ${closed.length} stale call(s) closed on the server's database`)
