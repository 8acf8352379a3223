import { Effect, Schema } from "effect"
import { InvalidState } from "../kernel/errors.js"
import { OneOf } from "../kernel/oneOf.js"
import { Timestamp } from "../kernel/time.js"
import { CallId, IncidentId } from "./ids.js"

export const CallStatus = OneOf("WAITING", "ATTACHED", "CLOSED")
export type CallStatus = typeof CallStatus.Type

/** An incoming call: waiting for Control, attached to an incident, or closed with a reason. */
export const Call = Schema.Struct({
  id: CallId,
  status: CallStatus,
  callerName: Schema.String,
  callerNumber: Schema.NullOr(Schema.String),
  location: Schema.String,
  description: Schema.String,
  incidentId: Schema.NullOr(IncidentId),
  closeReason: Schema.NullOr(Schema.String),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  closedAt: Schema.NullOr(Timestamp)
}).annotate({ identifier: "Call" })
export type Call = typeof Call.Type

/** A waiting call can be attached to one incident; once attached or closed, no longer. */
export const ensureWaiting = (call: Call): Effect.Effect<void, InvalidState> =>
  call.status === "WAITING" ? Effect.void : Effect.fail(new InvalidState({ message: `The call is ${call.status}, not WAITING` }))

/** A call is closed once. */
export const ensureNotClosed = (call: Call): Effect.Effect<void, InvalidState> =>
  call.status === "CLOSED" ? Effect.fail(new InvalidState({ message: "The call is already closed" })) : Effect.void
