import { authenticateSession } from "@bluelight/core/identity"
import { emitEvent, inTransaction, InvalidState } from "@bluelight/core/kernel"
import {
  accessNotChecked,
  AUDIT_TABLE,
  InMemoryDatabase,
  testPorts,
  WEBHOOK_DELIVERIES_TABLE,
  WEBHOOKS_TABLE,
  type StoredDelivery
} from "@bluelight/core/testing"
import {
  changeWebhook,
  createWebhook,
  listDeliveries,
  listWebhooks,
  recordAttempt,
  revokeWebhook,
  takeDueDelivery,
  testWebhook,
  type Webhook,
  WebhookId
} from "@bluelight/core/webhooks"
import type { AuditEntry } from "@bluelight/core/audit"
import { describe, expect, it } from "@effect/vitest"
import { DateTime, Effect, Option } from "effect"
import { TestClock } from "effect/testing"
import { signIn } from "../identity/helpers.js"

const signedInAdmin = Effect.flatMap(signIn("admin"), ({ token }) => authenticateSession(token))
const stored = InMemoryDatabase.use((db) =>
  Effect.all({
    webhooks: db.rows<Webhook>(WEBHOOKS_TABLE),
    deliveries: db.rows<StoredDelivery>(WEBHOOK_DELIVERIES_TABLE),
    audit: db.rows<AuditEntry>(AUDIT_TABLE)
  })
)
const production = { webhookTargets: { production: true, allowPrivate: false } }

describe("createWebhook", () => {
  it.effect("answers a whsec_ secret once, keeps only its key, and audits webhook.created without it", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      const created = yield* createWebhook(admin, { url: "https://hooks.example.com/in", events: ["cad.panic", "shift.started", "cad.panic"] })
      expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
      expect(Buffer.from(created.secret.slice(6), "base64")).toHaveLength(32)
      expect(created.events).toEqual(["cad.panic", "shift.started"])
      expect(created).toMatchObject({ active: true, description: null, revokedAt: null })
      const tables = yield* stored
      expect(tables.webhooks.map((w) => w.secret)).toEqual([created.secret.slice(6)])
      const entry = tables.audit.find((e) => e.action === "webhook.created")!
      expect(entry.targetId).toBe(created.id)
      expect(JSON.stringify(entry)).not.toContain(created.secret.slice(6))
      const listed = yield* listWebhooks({ limit: 25, offset: 0 })
      expect(listed.items).toHaveLength(1)
      expect(JSON.stringify(listed)).not.toContain(created.secret.slice(6))
      expect(listed.items[0]).not.toHaveProperty("secret")
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("refuses 0 and 21 events, and an unknown type, storing nothing", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      const twenty = Array.from({ length: 20 }, () => "cad.panic" as const)
      for (const events of [[], [...twenty, "cad.panic" as const]]) {
        const error = yield* Effect.flip(createWebhook(admin, { url: "https://hooks.example.com/in", events }))
        expect(error.code).toBe("INVALID_INPUT")
      }
      const unknown = yield* Effect.flip(createWebhook(admin, { url: "https://hooks.example.com/in", events: ["cad.nothing" as never] }))
      expect(unknown.code).toBe("INVALID_INPUT")
      yield* createWebhook(admin, { url: "https://hooks.example.com/in", events: twenty })
      expect((yield* stored).webhooks).toHaveLength(1)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("in production refuses http: and literal private targets at [\"url\"]", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      for (const url of ["http://hooks.example.com/in", "https://127.0.0.1/in", "https://[::1]/", "https://10.1.2.3/", "https://localhost/"]) {
        const error = yield* Effect.flip(createWebhook(admin, { url, events: ["cad.panic"] }))
        expect(error.code).toBe("INVALID_INPUT")
        if (error._tag === "InvalidInput") expect(error.details[0]!.path).toEqual(["url"])
      }
      expect((yield* stored).webhooks).toEqual([])
      yield* createWebhook(admin, { url: "https://hooks.example.com/in", events: ["cad.panic"] })
    }).pipe(accessNotChecked, Effect.provide(testPorts(production))))

  it.effect("rolls back when its audit entry cannot be written", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      yield* Effect.exit(createWebhook(admin, { url: "https://hooks.example.com/in", events: ["cad.panic"] }))
      expect((yield* stored).webhooks).toEqual([])
    }).pipe(accessNotChecked, Effect.provide(testPorts({ auditLog: { failingOn: ["webhook.created"] } }))))
})

describe("changeWebhook and revokeWebhook", () => {
  it.effect("changes, audits before and after, answers the same without a change, and refuses a revoked one", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      const created = yield* createWebhook(admin, { url: "https://hooks.example.com/in", events: ["cad.panic"] })
      yield* TestClock.adjust("1 minute")
      const changed = yield* changeWebhook(admin, created.id, { events: ["shift.ended"], active: false, description: "bot" })
      expect(changed).toMatchObject({ events: ["shift.ended"], active: false, description: "bot" })
      expect(DateTime.toEpochMillis(changed.updatedAt)).toBe(60_000)
      const same = yield* changeWebhook(admin, created.id, { active: false })
      expect(same).toEqual(changed)
      const audit = (yield* stored).audit.filter((e) => e.action === "webhook.changed")
      expect(audit).toHaveLength(1)
      expect(audit[0]!.data).toMatchObject({ before: { active: true, events: ["cad.panic"] }, after: { active: false, events: ["shift.ended"] } })
      const revoked = yield* revokeWebhook(admin, created.id)
      expect(revoked.revokedAt).not.toBeNull()
      expect(revoked.active).toBe(false)
      const again = yield* revokeWebhook(admin, created.id)
      expect(again).toEqual(revoked)
      expect((yield* stored).audit.filter((e) => e.action === "webhook.revoked")).toHaveLength(1)
      const error = yield* Effect.flip(changeWebhook(admin, created.id, { active: true }))
      expect(error).toBeInstanceOf(InvalidState)
      const test = yield* Effect.flip(testWebhook(admin, created.id))
      expect(test.code).toBe("INVALID_STATE")
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("answers NOT_FOUND for an unknown id", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      const id = WebhookId.make("nope")
      const errors = [
        yield* Effect.flip(changeWebhook(admin, id, { active: false })),
        yield* Effect.flip(revokeWebhook(admin, id)),
        yield* Effect.flip(testWebhook(admin, id)),
        yield* Effect.flip(listDeliveries(id, { limit: 1, offset: 0 }))
      ]
      expect(errors.map((error) => error.code)).toEqual(["NOT_FOUND", "NOT_FOUND", "NOT_FOUND", "NOT_FOUND"])
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})

describe("the outbox", () => {
  it.effect("queues a first attempt only for active subscriptions that want the type", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      const wants = yield* createWebhook(admin, { url: "https://a.example.com/", events: ["cad.panic"] })
      yield* createWebhook(admin, { url: "https://b.example.com/", events: ["shift.started"] })
      const paused = yield* createWebhook(admin, { url: "https://c.example.com/", events: ["cad.panic"] })
      yield* changeWebhook(admin, paused.id, { active: false })
      const revoked = yield* createWebhook(admin, { url: "https://d.example.com/", events: ["cad.panic"] })
      yield* revokeWebhook(admin, revoked.id)
      yield* inTransaction(emitEvent("cad.panic", { callsign: "A1" }))
      const deliveries = (yield* stored).deliveries
      expect(deliveries.map((d) => d.subscriptionId)).toEqual([wants.id])
      expect(deliveries[0]).toMatchObject({ type: "cad.panic", attempt: 1, status: "PENDING" })
      const due = yield* takeDueDelivery
      expect(Option.getOrThrow(due).body).toBe(JSON.stringify({ type: "cad.panic", timestamp: "1970-01-01T00:00:00.000Z", data: { callsign: "A1" } }))
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a change that rolls back sends nothing", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      yield* createWebhook(admin, { url: "https://a.example.com/", events: ["cad.panic"] })
      yield* Effect.exit(inTransaction(Effect.andThen(emitEvent("cad.panic", {}), Effect.fail("later step failed"))))
      expect((yield* stored).deliveries).toEqual([])
      expect(Option.isNone(yield* takeDueDelivery)).toBe(true)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})

describe("attempts", () => {
  it.effect("a failing receiver is retried on the schedule with the same message, each attempt logged, then given up", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      const hook = yield* createWebhook(admin, { url: "https://a.example.com/", events: ["cad.panic"] })
      yield* inTransaction(emitEvent("cad.panic", {}))
      const delays = ["5 seconds", "5 minutes", "30 minutes", "2 hours", "5 hours", "10 hours"] as const
      const messageIds = new Set<string>()
      for (let attempt = 1; attempt <= 7; attempt++) {
        const due = Option.getOrThrow(yield* takeDueDelivery)
        expect(due.attempt).toBe(attempt)
        messageIds.add(due.messageId)
        expect(yield* recordAttempt(due, { _tag: "Failed", responseStatus: 500, error: "HTTP 500" })).toBe(true)
        // Finished twice (a lease that ran out): the second changes nothing.
        expect(yield* recordAttempt(due, { _tag: "Delivered", responseStatus: 200 })).toBe(false)
        expect(Option.isNone(yield* takeDueDelivery)).toBe(true)
        if (attempt < 7) {
          yield* TestClock.adjust(delays[attempt - 1]!)
        }
      }
      expect(messageIds.size).toBe(1)
      const log = yield* listDeliveries(hook.id, { limit: 25, offset: 0 })
      expect(log.items.map((d) => [d.attempt, d.status])).toEqual([
        [7, "GAVE_UP"],
        [6, "FAILED"],
        [5, "FAILED"],
        [4, "FAILED"],
        [3, "FAILED"],
        [2, "FAILED"],
        [1, "FAILED"]
      ])
      expect(log.items.every((d) => d.responseStatus === 500 && d.error === "HTTP 500")).toBe(true)
      yield* TestClock.adjust("1 day")
      expect(Option.isNone(yield* takeDueDelivery)).toBe(true)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("an attempt is not due before its time, and a taken one is not taken again within its lease", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      yield* createWebhook(admin, { url: "https://a.example.com/", events: ["cad.panic"] })
      yield* inTransaction(emitEvent("cad.panic", {}))
      const first = Option.getOrThrow(yield* takeDueDelivery)
      expect(Option.isNone(yield* takeDueDelivery)).toBe(true)
      yield* TestClock.adjust("31 seconds")
      const again = Option.getOrThrow(yield* takeDueDelivery)
      expect(again.id).toBe(first.id)
      yield* recordAttempt(again, { _tag: "Failed", responseStatus: null, error: "TIMEOUT" })
      yield* TestClock.adjust("4999 millis")
      expect(Option.isNone(yield* takeDueDelivery)).toBe(true)
      yield* TestClock.adjust("1 millis")
      const second = Option.getOrThrow(yield* takeDueDelivery)
      expect(second.attempt).toBe(2)
      yield* recordAttempt(second, { _tag: "Delivered", responseStatus: 204 })
      expect(Option.isNone(yield* takeDueDelivery)).toBe(true)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a test message goes to that subscription only; a paused one's waits until it is active again", () =>
    Effect.gen(function*() {
      const admin = yield* signedInAdmin
      const one = yield* createWebhook(admin, { url: "https://a.example.com/", events: ["cad.panic"] })
      yield* createWebhook(admin, { url: "https://b.example.com/", events: ["cad.panic"] })
      yield* changeWebhook(admin, one.id, { active: false })
      yield* testWebhook(admin, one.id)
      const deliveries = (yield* stored).deliveries
      expect(deliveries.map((d) => [d.subscriptionId, d.type])).toEqual([[one.id, "webhook.test"]])
      expect(Option.isNone(yield* takeDueDelivery)).toBe(true)
      yield* changeWebhook(admin, one.id, { active: true })
      expect(Option.getOrThrow(yield* takeDueDelivery)).toMatchObject({ subscriptionId: one.id, type: "webhook.test" })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})
