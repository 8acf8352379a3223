import { DateTime, Effect, Schema } from "effect"
import { type Caller, requires } from "../identity/index.js"
import { checkedPage, emitView, newId, type Page, validated } from "../kernel/index.js"
import { Call, CallCloseReason, CallFields, type CallStatus, ensureNotClosed, ensureWaiting } from "./Call.js"
import { commitAndPublish, recordChange } from "./history.js"
import { CallId, type IncidentId } from "./ids.js"
import { ensureOpen } from "./Incident.js"
import { lockCall, lockIncident } from "./locks.js"
import { Calls } from "./ports.js"

const target = (call: Call) => ({ type: "call", id: call.id })

/** A new call's fields as the call rules have them: a caller that skipped the contract is held to them too. */
const validFields = validated(CallFields, "The call's fields are not valid")

/** A closing reason as the call rules have it (one line, 3 to 500 characters): a caller that skipped the contract is held to them too. */
const validClosing = validated(Schema.Struct({ reason: CallCloseReason }), "The call's closing reason is not valid")

/** `GET /cad/calls`: waiting calls oldest first; attached and closed ones newest first. */
export const listCalls = Effect.fn("cad.listCalls")(function*(status: CallStatus, requested: Page) {
  const page = yield* checkedPage(requested)
  return yield* Calls.use((calls) => calls.list(status, page))
}, requires("cad.view"))

/** An incoming call (a dispatcher, or a bot relaying an in-game emergency call): `WAITING`. Records `CALL_RECEIVED`. */
export const receiveCall = Effect.fn("cad.receiveCall")(function*(caller: Caller, fields: CallFields) {
  const input = yield* validFields(fields)
  const calls = yield* Calls
  return yield* commitAndPublish(Effect.gen(function*() {
    const now = yield* DateTime.now
    const call: Call = {
      id: yield* newId(CallId),
      status: "WAITING",
      ...input,
      incidentId: null,
      closeReason: null,
      createdAt: now,
      updatedAt: now,
      closedAt: null,
      source: "API",
      gameCallNumber: null
    }
    yield* calls.insert(call)
    yield* recordChange(caller, { type: "CALL_RECEIVED", incidentId: null, unitId: null, callId: call.id, data: { ...input } }, target(call))
    yield* emitView("cad.call.received", Call, call)
    return call
  }))
}, requires("cad.view", "cad.calls.manage"))

/** A waiting call is attached to an open incident: `ATTACHED`. Records `CALL_ATTACHED`. */
export const attachCall = Effect.fn("cad.attachCall")(function*(caller: Caller, id: CallId, incidentId: IncidentId) {
  const calls = yield* Calls
  return yield* commitAndPublish(Effect.gen(function*() {
    const incident = yield* lockIncident(incidentId)
    const call = yield* lockCall(id)
    yield* ensureWaiting(call)
    yield* ensureOpen(incident)
    const attached: Call = { ...call, status: "ATTACHED", incidentId: incident.id, updatedAt: yield* DateTime.now }
    yield* calls.update(attached)
    yield* recordChange(
      caller,
      { type: "CALL_ATTACHED", incidentId: incident.id, unitId: null, callId: call.id, data: { incidentNumber: incident.number } },
      target(call)
    )
    return attached
  }))
}, requires("cad.view", "cad.calls.manage"))

/** A waiting or attached call is closed with a reason: `CLOSED`. Records `CALL_CLOSED`. */
export const closeCall = Effect.fn("cad.closeCall")(function*(caller: Caller, id: CallId, rawReason: string) {
  const { reason } = yield* validClosing({ reason: rawReason })
  const calls = yield* Calls
  return yield* commitAndPublish(Effect.gen(function*() {
    const call = yield* lockCall(id)
    yield* ensureNotClosed(call)
    const now = yield* DateTime.now
    const closed: Call = { ...call, status: "CLOSED", closeReason: reason, updatedAt: now, closedAt: now }
    yield* calls.update(closed)
    yield* recordChange(
      caller,
      { type: "CALL_CLOSED", incidentId: call.incidentId, unitId: null, callId: call.id, data: { reason, from: call.status } },
      target(call)
    )
    return closed
  }))
}, requires("cad.view", "cad.calls.manage"))
