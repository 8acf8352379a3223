import { Schema } from "effect"
import { Person, ServiceActor } from "../identity/index.js"
import { Actor, historyEntries, IntegerBetween, OneOf, Timestamp, type TypedChange } from "../kernel/index.js"
import { CAD_EVENT_DATA } from "./CadEventData.js"
import { CadEventId, CallId, IncidentId, UnitId } from "./ids.js"

/** Every kind of CAD history entry. */
export const CAD_EVENT_TYPES = [
  "INCIDENT_CREATED",
  "INCIDENT_UPDATED",
  "INCIDENT_CLOSED",
  "UNIT_CREATED",
  "UNIT_UPDATED",
  "UNIT_STATUS_CHANGED",
  "UNIT_ASSIGNED",
  "UNIT_CLEARED",
  "CREW_JOINED",
  "CREW_LEFT",
  "CALL_RECEIVED",
  "CALL_ATTACHED",
  "CALL_CLOSED",
  "PANIC_RAISED"
] as const
export const CadEventType = OneOf(...CAD_EVENT_TYPES)
export type CadEventType = typeof CadEventType.Type

/** A change's subjects: the incident, unit and call it is about, by which readers follow it. */
interface CadSubjects {
  readonly incidentId: IncidentId | null
  readonly unitId: UnitId | null
  readonly callId: CallId | null
}

/**
 * What a use case hands to the history: the change, its subjects and what a
 * reader needs to follow it, its `data` the payload of its `type`
 * (`CAD_EVENT_DATA`): a payload of the wrong shape does not compile.
 */
export type CadChange = TypedChange<typeof CAD_EVENT_DATA> & CadSubjects

/** A history entry as a use case writes it: the change, when and by whom; the store gives it its `seq`. */
export type NewCadEvent = CadChange & {
  readonly id: CadEventId
  readonly at: Timestamp
  readonly actor: Actor
}

/** A history entry as stored: the change, when, by whom, and its place (`seq`) in the one CAD order. */
export type CadEvent = NewCadEvent & { readonly seq: number }

/** Who acted, as history shows it: a person, or a service credential. */
export const CadActor = Schema.Union([
  Person,
  ServiceActor
])
export type CadActor = typeof CadActor.Type

/**
 * A history entry as `GET /cad/events` and the event stream show it: one
 * shape per `type`, its `data` that type's payload (`CAD_EVENT_DATA`), so a
 * reader (a bot following the feed) narrows on `type` to a typed `data`.
 *
 * Stored entries are read by it too, strictly (the store decodes its rows by
 * `CAD_EVENT_DATA`), unlike the PNC history, which reads its rows as stored
 * (`PncEvent`): a follower relies on `data` having its type's shape, and here
 * it safely can. Every entry was written by `recordChange`, whose payload is
 * typed, and no CAD payload has changed shape since the history began; the
 * text in them is any string, never the text rules (which came later), so an
 * entry written before those rules reads as stored. A payload that changes
 * shape must keep decoding the old one (an optional key, or both shapes).
 */
export const CadEventView = historyEntries(CAD_EVENT_DATA, {
  id: CadEventId,
  seq: IntegerBetween({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  at: Timestamp,
  actor: CadActor,
  incidentId: Schema.NullOr(IncidentId),
  unitId: Schema.NullOr(UnitId),
  callId: Schema.NullOr(CallId)
}).annotate({ identifier: "CadEvent", description: "One CAD history entry; its `data` depends on its `type`" })
export type CadEventView = typeof CadEventView.Type

/** Which history entries a reader wants: after a `seq`, about an incident, about a unit. */
export interface CadEventFilter {
  readonly after?: number | undefined
  readonly incidentId?: IncidentId | undefined
  readonly unitId?: UnitId | undefined
}

export const matchesFilter = (filter: CadEventFilter) => (event: CadSubjects & { readonly seq: number }): boolean =>
  (filter.after === undefined || event.seq > filter.after) &&
  (filter.incidentId === undefined || event.incidentId === filter.incidentId) &&
  (filter.unitId === undefined || event.unitId === filter.unitId)

/** A stored entry as readers see it: the same change, its actor as history shows it (`CadActor`). */
export const cadEventView = (event: CadEvent, actor: CadActor): CadEventView => {
  const { actor: _stored, ...entry } = event
  return { ...entry, actor }
}
