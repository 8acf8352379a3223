/** The use cases write their webhook messages in their own transaction: committed with the change, gone with its rollback. */
import { AssignedUnitView, assignUnit, closeIncident, createIncident, Incident, receiveCall } from "@bluelight/core/cad"
import { type Account, AccountId } from "@bluelight/core/identity"
import { newId } from "@bluelight/core/kernel"
import { endShift, startShift } from "@bluelight/core/shifts"
import {
  accessNotChecked,
  InMemoryDatabase,
  seedCrewedUnit,
  seedStaff,
  type StoredDelivery,
  testPorts,
  WEBHOOK_DELIVERIES_TABLE,
  WEBHOOK_MESSAGES_TABLE
} from "@bluelight/core/testing"
import { createWebhook, type OutboxMessage } from "@bluelight/core/webhooks"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { anAccount, aUserCaller } from "../identity/helpers.js"
import { authenticateSession } from "@bluelight/core/identity"
import { signIn } from "../identity/helpers.js"

const CONTROL = ["cad.view", "cad.dispatch", "cad.incidents.create", "cad.incidents.manage", "cad.calls.manage"] as const
const control = aUserCaller([...CONTROL], anAccount({ id: "control" as Account["id"], displayName: "Control" }))
const incidentInput = { type: "Burglary", priority: "IMMEDIATE", location: "1 High Street", description: "Window broken", controlNotes: "" } as const

const subscribed = (events: Parameters<typeof createWebhook>[1]["events"]) =>
  Effect.gen(function*() {
    const admin = yield* Effect.flatMap(signIn("admin"), ({ token }) => authenticateSession(token))
    return yield* createWebhook(admin, { url: "https://hooks.example.com/in", events })
  })

const sent = InMemoryDatabase.use((db) =>
  Effect.gen(function*() {
    const messages = yield* db.rows<OutboxMessage>(WEBHOOK_MESSAGES_TABLE)
    const deliveries = yield* db.rows<StoredDelivery>(WEBHOOK_DELIVERIES_TABLE)
    return deliveries.map((d) => JSON.parse(messages.find((m) => m.id === d.messageId)!.body) as { type: string; timestamp: string; data: any })
  })
)

describe("webhook messages from the use cases", () => {
  it.effect("an incident created and closed, and a call received, each send their record as the endpoint answers it", () =>
    Effect.gen(function*() {
      yield* subscribed(["cad.incident.created", "cad.incident.closed", "cad.call.received"])
      const incident = yield* createIncident(control, incidentInput)
      const closed = yield* closeIncident(control, incident.id, incident.version)
      const call = yield* receiveCall(control, { callerName: "Jane", callerNumber: null, location: "2 Low Road", description: "Shouting" })
      const messages = yield* sent
      expect(messages.map((m) => m.type)).toEqual(["cad.incident.created", "cad.incident.closed", "cad.call.received"])
      expect(messages[0]!.data).toEqual(Schema.encodeSync(Incident)(incident))
      expect(messages[1]!.data).toMatchObject({ id: incident.id, status: "CLOSED", version: closed.version })
      expect(messages[2]!.data).toMatchObject({ id: call.id, status: "WAITING" })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a unit assigned sends cad.unit.assigned with the unit, its crew and the incident, as the endpoint answers", () =>
    Effect.gen(function*() {
      yield* subscribed(["cad.unit.assigned"])
      const { unit } = yield* seedCrewedUnit()
      const incident = yield* createIncident(control, incidentInput)
      const assigned = yield* assignUnit(control, incident.id, unit.id, unit.version)
      const [message] = yield* sent
      expect(message!.type).toBe("cad.unit.assigned")
      expect(message!.data).toEqual(Schema.encodeSync(AssignedUnitView)(assigned))
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("a change that rolls back (its audit entry fails) sends nothing", () =>
    Effect.gen(function*() {
      yield* subscribed(["cad.incident.created"])
      const exit = yield* Effect.exit(createIncident(control, incidentInput))
      expect(exit._tag).toBe("Failure")
      expect(yield* sent).toEqual([])
    }).pipe(accessNotChecked, Effect.provide(testPorts({ auditLog: { failingOn: ["cad.incident.created"] } }))))

  it.effect("a shift started and ended send shift.started and shift.ended; nothing goes to a subscription not wanting them", () =>
    Effect.gen(function*() {
      yield* subscribed(["shift.started", "shift.ended"])
      yield* subscribed(["cad.panic"])
      const id = yield* newId(AccountId)
      const me = yield* seedStaff({ permissions: [], account: anAccount({ id, identity: { id: `idp-${id}`, username: id, avatar: null } }) })
      const shift = yield* startShift(me, { type: "PATROL" })
      yield* endShift(me, { id: shift.id })
      const messages = yield* sent
      expect(messages.map((m) => [m.type, m.data.status])).toEqual([["shift.started", "ACTIVE"], ["shift.ended", "ENDED"]])
      expect(messages[0]!.data).toMatchObject({ id: shift.id, staffId: me.staff!.id, type: "PATROL", durationSeconds: 0, endedAt: null })
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})
