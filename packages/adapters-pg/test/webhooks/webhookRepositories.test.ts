import { Ids, inTransaction, Transactor } from "@bluelight/core/kernel"
import { InMemoryDatabase, InMemoryTransactor, InMemoryWebhookDeliveries, InMemoryWebhookSubscriptions, SequentialIds } from "@bluelight/core/testing"
import {
  type DueDelivery,
  type Webhook,
  WebhookDeliveries,
  WebhookDeliveryId,
  WebhookId,
  WebhookMessageId,
  WebhookSubscriptions
} from "@bluelight/core/webhooks"
import { layerPgClient, PgTransactor, PgWebhooks, RandomIds } from "@bluelight/adapters-pg/internal"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DateTime, Effect, Layer, ManagedRuntime, Option, Redacted } from "effect"
import { freshDatabase } from "../../../../test/harness/database.js"

/** The subscriptions and the delivery log, run on Postgres and on the in-memory ports: the same cases, the same answers. */

type Ports = WebhookSubscriptions | WebhookDeliveries | Transactor | Ids

interface Backend {
  readonly run: <A, E>(effect: Effect.Effect<A, E, Ports>) => Promise<A>
  readonly dispose: () => Promise<void>
}

expect.addEqualityTesters([
  (a: unknown, b: unknown) => DateTime.isDateTime(a) && DateTime.isDateTime(b) ? DateTime.Equivalence(a, b) : undefined
])

const T0 = DateTime.makeUnsafe("2026-01-01T09:00:00.000Z")
const at = (seconds: number) => DateTime.add(T0, { seconds })
let counter = 0
const uid = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`

const aWebhook = (overrides: Partial<Webhook> = {}): Webhook => ({
  id: WebhookId.make(uid("wh")),
  url: "https://hooks.example.com/in",
  events: ["cad.panic", "shift.started"],
  description: null,
  active: true,
  secret: "c2VjcmV0",
  createdAt: T0,
  updatedAt: T0,
  revokedAt: null,
  ...overrides
})

const insert = (webhook: Webhook) => WebhookSubscriptions.use((s) => s.insert(webhook))
const queue = (type: string, subscription: WebhookId | null = null, seconds = 0) =>
  Effect.gen(function*() {
    const id = WebhookMessageId.make(uid("msg"))
    const count = yield* inTransaction(WebhookDeliveries.use((d) => d.queue({ id, type, body: `{"type":"${type}"}`, createdAt: at(seconds) }, subscription)))
    return { id, count }
  })
/** Up to `limit` attempts of one subscription, taken at `seconds` for 30 s. */
const takeBatch = (seconds: number, limit: number) => WebhookDeliveries.use((d) => d.take(at(seconds), at(seconds + 30), limit))
const take = (seconds: number) => Effect.map(takeBatch(seconds, 1), (taken) => Option.fromNullishOr(taken[0]))
const release = (taken: ReadonlyArray<DueDelivery>, seconds: number) => WebhookDeliveries.use((d) => d.release(taken.map((t) => t.id), at(seconds + 30)))
const fail = (delivery: DueDelivery, seconds: number, retryAt: number) =>
  inTransaction(
    WebhookDeliveries.use((d) =>
      d.finish({ id: delivery.id, status: "FAILED", responseStatus: 503, error: "HTTP 503", nextAttemptAt: at(retryAt) }, at(seconds))
    )
  )
const takeAll = (seconds: number) =>
  Effect.gen(function*() {
    const taken: Array<DueDelivery> = []
    for (let next = yield* take(seconds); Option.isSome(next); next = yield* take(seconds)) taken.push(next.value)
    return taken
  })
const succeed = (delivery: DueDelivery, seconds: number) =>
  inTransaction(
    WebhookDeliveries.use((d) => d.finish({ id: delivery.id, status: "SUCCEEDED", responseStatus: 200, error: null, nextAttemptAt: null }, at(seconds)))
  )

const contract = (name: string, makeBackend: () => Promise<Backend>) =>
  describe(`webhook repositories: ${name}`, () => {
    let backend: Backend
    beforeAll(async () => {
      backend = await makeBackend()
    })
    afterAll(() => backend?.dispose())
    // Every case leaves nothing due: what it queued it finishes, or its subscription is made inactive.
    const run = <A, E>(effect: Effect.Effect<A, E, Ports>) => backend.run(effect)

    it("keeps a subscription as written, finds it, lists newest first, and updates it", () =>
      run(Effect.gen(function*() {
        const older = aWebhook({ active: false, description: "first" })
        const newer = aWebhook({ active: false, events: ["cad.incident.created"] })
        yield* insert(older)
        yield* insert(newer)
        const subscriptions = yield* WebhookSubscriptions
        expect(yield* subscriptions.findById(older.id)).toEqual(Option.some(older))
        expect(yield* inTransaction(subscriptions.findByIdForUpdate(newer.id))).toEqual(Option.some(newer))
        expect(yield* subscriptions.findById(WebhookId.make("nope"))).toEqual(Option.none())
        const listed = yield* subscriptions.list({ limit: 100, offset: 0 })
        const ours = listed.items.filter((w) => w.id === older.id || w.id === newer.id).map((w) => w.id)
        expect(ours).toEqual([newer.id, older.id].sort().reverse())
        const revoked = { ...older, revokedAt: at(5), updatedAt: at(5), url: "https://other.example.com/" }
        yield* subscriptions.update(revoked)
        expect(yield* subscriptions.findById(older.id)).toEqual(Option.some(revoked))
      })))

    it("queues for active subscriptions wanting the type only, and takes each subscription's attempts one at a time, oldest first", () =>
      run(Effect.gen(function*() {
        const a = aWebhook({ events: ["cad.call.received"] })
        const b = aWebhook({ events: ["cad.call.received", "shift.ended"] })
        const paused = aWebhook({ events: ["cad.call.received"], active: false })
        for (const w of [a, b, paused]) yield* insert(w)
        const first = yield* queue("cad.call.received", null, 0)
        const second = yield* queue("cad.call.received", null, 1)
        expect([first.count, second.count]).toEqual([2, 2])
        expect((yield* queue("moderation.action.created", null, 0)).count).toBe(0)
        expect(yield* take(-1)).toEqual(Option.none())
        // One attempt in flight per subscription: the first message's, to each.
        const taken = yield* takeAll(1)
        expect(taken.map((d) => [d.messageId, d.attempt])).toEqual([[first.id, 1], [first.id, 1]])
        expect(new Set(taken.map((d) => d.subscriptionId))).toEqual(new Set([a.id, b.id]))
        expect(taken.find((d) => d.subscriptionId === a.id)).toMatchObject({
          type: "cad.call.received",
          body: "{\"type\":\"cad.call.received\"}",
          url: a.url,
          secret: a.secret
        })
        // Within the lease none is taken again; after it, the same ones (a crashed taker's).
        expect(yield* take(30)).toEqual(Option.none())
        const again = yield* takeAll(32)
        expect(again.map((d) => d.id).sort()).toEqual(taken.map((d) => d.id).sort())
        for (const d of again) expect(yield* succeed(d, 33)).toBe(true)
        expect(yield* succeed(again[0]!, 34)).toBe(false)
        // Their first finished, the second message is next, to each.
        const next = yield* takeAll(35)
        expect(next.map((d) => d.messageId)).toEqual([second.id, second.id])
        for (const d of next) yield* succeed(d, 36)
        expect(yield* takeAll(100)).toEqual([])
      })))

    it("takes a batch of one subscription's due attempts in order; a failed first attempt holds it until its retry", () =>
      run(Effect.gen(function*() {
        const w = aWebhook({ events: ["cad.incident.closed"] })
        yield* insert(w)
        const made: Array<WebhookMessageId> = []
        for (let i = 0; i < 4; i++) made.push((yield* queue("cad.incident.closed", null, 500)).id)
        const batch = yield* takeBatch(500, 3)
        expect(batch.map((d) => d.messageId)).toEqual(made.slice(0, 3))
        expect(new Set(batch.map((d) => d.subscriptionId))).toEqual(new Set([w.id]))
        // The batch in hand holds the subscription: the fourth waits.
        expect(yield* take(500)).toEqual(Option.none())
        // The first fails: the rest is given back, and the whole line waits for its retry (attempt 2, at 505).
        expect(yield* fail(batch[0]!, 501, 505)).toBe(true)
        yield* release(batch.slice(1), 500)
        expect(yield* take(504)).toEqual(Option.none())
        const retried = yield* takeBatch(505, 10)
        expect(retried.map((d) => [d.messageId, d.attempt])).toEqual([[made[0], 2], [made[1], 1], [made[2], 1], [made[3], 1]])
        // It fails again (next try far off): it steps out of line, and the later ones go on, in order.
        yield* fail(retried[0]!, 506, 5000)
        yield* release(retried.slice(1), 505)
        const rest = yield* takeBatch(507, 10)
        expect(rest.map((d) => d.messageId)).toEqual(made.slice(1))
        // A success makes the waiting retry due at once; it goes next, after the batch in hand (recorded at once;
        // again, nothing changes).
        const ok = rest.map((d) => ({ id: d.id, status: "SUCCEEDED" as const, responseStatus: 204, error: null, nextAttemptAt: null }))
        expect(yield* inTransaction(WebhookDeliveries.use((d) => d.finishAll(ok, at(508))))).toEqual([true, true, true])
        expect(yield* inTransaction(WebhookDeliveries.use((d) => d.finishAll(ok, at(508))))).toEqual([false, false, false])
        const pulled = yield* takeBatch(508, 10)
        expect(pulled.map((d) => [d.messageId, d.attempt])).toEqual([[made[0], 3]])
        yield* succeed(pulled[0]!, 509)
        expect(yield* takeAll(6000)).toEqual([])
      })))

    it("logs each attempt newest first, queues the next on FAILED, and prunes what is finished and old", () =>
      run(Effect.gen(function*() {
        const w = aWebhook({ events: ["cad.panic"] })
        yield* insert(w)
        yield* queue("webhook.test", w.id, 200)
        const [first] = yield* takeAll(200)
        expect(first!.attempt).toBe(1)
        const deliveries = yield* WebhookDeliveries
        expect(
          yield* inTransaction(deliveries.finish({ id: first!.id, status: "FAILED", responseStatus: 500, error: "HTTP 500", nextAttemptAt: at(205) }, at(200)))
        ).toBe(true)
        expect(yield* take(204)).toEqual(Option.none())
        const [second] = yield* takeAll(205)
        expect(second).toMatchObject({ attempt: 2, messageId: first!.messageId })
        yield* inTransaction(deliveries.finish({ id: second!.id, status: "GAVE_UP", responseStatus: null, error: "TIMEOUT", nextAttemptAt: null }, at(206)))
        const log = yield* deliveries.listFor(w.id, { limit: 1, offset: 0 })
        expect(log.meta.hasMore).toBe(true)
        expect(log.items).toEqual([{
          id: second!.id,
          messageId: first!.messageId,
          type: "webhook.test",
          attempt: 2,
          status: "GAVE_UP",
          responseStatus: null,
          error: "TIMEOUT",
          createdAt: at(200),
          nextAttemptAt: null
        }])
        const all = yield* deliveries.listFor(w.id, { limit: 10, offset: 0 })
        expect(all.items.map((d) => [d.attempt, d.status, d.responseStatus, d.nextAttemptAt])).toEqual([[2, "GAVE_UP", null, null], [
          1,
          "FAILED",
          500,
          at(205)
        ]])
        // Earlier cases' finished attempts (made before 200 s) go too: only this subscription's are looked at.
        yield* deliveries.prune(at(199))
        expect((yield* deliveries.listFor(w.id, { limit: 10, offset: 0 })).items).toHaveLength(2)
        expect(yield* deliveries.prune(at(201))).toBe(2)
        expect((yield* deliveries.listFor(w.id, { limit: 10, offset: 0 })).items).toEqual([])
        expect((yield* deliveries.listFor(WebhookId.make("nope"), { limit: 10, offset: 0 })).items).toEqual([])
        expect(WebhookDeliveryId.make("x")).toBe("x")
      })))

    it("a success makes the retries waiting for that subscription due at once, and no other subscription's", () =>
      run(Effect.gen(function*() {
        const w = aWebhook({ events: ["pnc.warrant.activated"] })
        const other = aWebhook({ events: ["pnc.warrant.activated"] })
        yield* insert(w)
        yield* insert(other)
        yield* queue("pnc.warrant.activated", null, 400)
        const taken = yield* takeAll(400)
        expect(taken).toHaveLength(2)
        // Both fail twice, their third attempts far off.
        for (const d of taken) yield* fail(d, 400, 405)
        const retries = yield* takeAll(405)
        expect(retries.map((d) => d.attempt)).toEqual([2, 2])
        for (const d of retries) yield* fail(d, 405, 2000)
        expect(yield* take(406)).toEqual(Option.none())
        // A new message to w is delivered: w's waiting retry is due now; the other's still waits.
        yield* queue("webhook.test", w.id, 406)
        const [fresh] = yield* takeAll(406)
        expect(fresh!.subscriptionId).toBe(w.id)
        expect(yield* succeed(fresh!, 407)).toBe(true)
        const [pulled, ...none] = yield* takeAll(407)
        expect(none).toEqual([])
        expect(pulled).toMatchObject({ subscriptionId: w.id, attempt: 3 })
        yield* succeed(pulled!, 408)
        const [late] = yield* takeAll(2000)
        expect(late).toMatchObject({ subscriptionId: other.id, attempt: 3 })
        yield* succeed(late!, 2001)
      })))

    it("two takers at once never take two attempts of one subscription, nor a later one before an earlier due one", () =>
      run(Effect.gen(function*() {
        const hooks = Array.from({ length: 3 }, () => aWebhook({ events: ["cad.unit.assigned"] }))
        for (const w of hooks) yield* insert(w)
        const made: Array<WebhookMessageId> = []
        for (let i = 0; i < 6; i++) made.push((yield* queue("cad.unit.assigned", null, 300)).id)
        const sent = new Map<WebhookId, Array<WebhookMessageId>>(hooks.map((w) => [w.id, []]))
        for (let round = 0; round < 40; round++) {
          const seconds = 301 + round
          // Two takers at once, one attempt or a batch of two: what each holds is one subscription's alone.
          const [left, right] = yield* Effect.all([takeBatch(seconds, 1 + (round % 2)), takeBatch(seconds, 2)], { concurrency: 2 })
          if (left.length === 0 && right.length === 0) break
          for (const held of [left, right]) expect(new Set(held.map((d) => d.subscriptionId)).size).toBeLessThanOrEqual(1)
          const leftOf = new Set(left.map((d) => d.subscriptionId))
          expect(right.filter((d) => leftOf.has(d.subscriptionId))).toEqual([])
          for (const d of [...left, ...right]) {
            sent.get(d.subscriptionId)!.push(d.messageId)
            yield* succeed(d, seconds)
          }
        }
        // Each subscription got every message once, in order of creation.
        for (const w of hooks) expect(sent.get(w.id)).toEqual(made)
        expect(yield* takeAll(400)).toEqual([])
      })))
  })

contract("Postgres", async () => {
  const database = await freshDatabase({ migrated: true })
  const client = layerPgClient({ url: Redacted.make(database.url), maxConnections: database.poolSize })
  const runtime = ManagedRuntime.make(Layer.mergeAll(PgWebhooks, PgTransactor, RandomIds).pipe(Layer.provideMerge(client), Layer.orDie))
  return {
    run: (effect) => runtime.runPromise(effect),
    dispose: async () => {
      await runtime.dispose()
      await database.dispose()
    }
  }
})

contract("in memory", async () => {
  const runtime = ManagedRuntime.make(
    Layer.mergeAll(InMemoryWebhookSubscriptions, InMemoryWebhookDeliveries, InMemoryTransactor, SequentialIds).pipe(Layer.provideMerge(InMemoryDatabase.layer))
  )
  return { run: (effect) => runtime.runPromise(effect), dispose: () => runtime.dispose() }
})
