import { Effect, Schema } from "effect"
import { IntegerBetween, InvalidState, MultiLineText, OneLineText, OneOf, Timestamp } from "../kernel/index.js"
import { CallId, IncidentId } from "./ids.js"

export const CallStatus = OneOf("WAITING", "ATTACHED", "CLOSED")
export type CallStatus = typeof CallStatus.Type

/** Who called: one line of 1 to 100 characters. */
export const CallerName = OneLineText({ min: 1, max: 100 })

/** The number they called from, when known: one line of 1 to 32 characters. */
export const CallerNumber = OneLineText({ min: 1, max: 32 })

/** Where the caller says it is: one line of 1 to 200 characters. */
export const CallLocation = OneLineText({ min: 1, max: 200 })

/** What the caller reports: free text of 1 to 2000 characters. */
export const CallDescription = MultiLineText({ min: 1, max: 2000 })

/** Why a call was closed without an incident (a duplicate, a hoax): one line of 3 to 500 characters. */
export const CallCloseReason = OneLineText({ min: 3, max: 500 })

/** Where a call came from: through the API (Control, a bot), or the game's own emergency call (its event webhook). */
export const CallSource = OneOf("API", "GAME")
export type CallSource = typeof CallSource.Type

/**
 * The game's own number of an emergency call: a whole number from 0 to
 * 2147483647, what the database's `integer` column holds. The game counts its
 * calls up from 1; a number past 32 bits is refused where the game's event
 * comes in (`INVALID_INPUT`), never dropped later by the database.
 */
export const GameCallNumber = IntegerBetween({ min: 0, max: 2147483647 }, "must be a whole number from 0 to 2147483647").annotate({
  description: "The game's own number of the emergency call"
})

/** What a caller (a bot relaying a call, Control) reports of a new call. */
export const CallFields = Schema.Struct({
  callerName: CallerName,
  callerNumber: Schema.NullOr(CallerNumber),
  location: CallLocation,
  description: CallDescription
})
export type CallFields = typeof CallFields.Type

/**
 * An incoming call: waiting for Control, attached to an incident, or closed
 * with a reason; received through the API (`source` `API`) or from the
 * game's own emergency calls (`GAME`). Its text is as stored: text from
 * before the text rules (issue 18) is read and answered as it is; what is
 * written is held to `CallFields` and `CallCloseReason`.
 */
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
  closedAt: Schema.NullOr(Timestamp),
  source: CallSource,
  /** The game's own number of the emergency call it became (`source` `GAME`); null for a call through the API. */
  gameCallNumber: Schema.NullOr(GameCallNumber)
}).annotate({ identifier: "Call" })
export type Call = typeof Call.Type

/** A waiting call can be attached to one incident; once attached or closed, no longer. */
export const ensureWaiting = (call: Call): Effect.Effect<void, InvalidState> =>
  call.status === "WAITING" ? Effect.void : Effect.fail(new InvalidState({ message: `The call is ${call.status}, not WAITING` }))

/** A call is closed once. */
export const ensureNotClosed = (call: Call): Effect.Effect<void, InvalidState> =>
  call.status === "CLOSED" ? Effect.fail(new InvalidState({ message: "The call is already closed" })) : Effect.void
