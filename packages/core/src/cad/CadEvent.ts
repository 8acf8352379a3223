import { Schema } from "effect"
import { Person } from "../identity/Account.js"
import { ServiceCredentialId } from "../identity/ids.js"
import { Actor } from "../kernel/AuditLog.js"
import { IntegerBetween } from "../kernel/integer.js"
import { OneOf } from "../kernel/oneOf.js"
import { Timestamp } from "../kernel/time.js"
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
  "CALL_CLOSED"
] as const
export const CadEventType = OneOf(...CAD_EVENT_TYPES)
export type CadEventType = typeof CadEventType.Type

/** What a use case hands to the history: the change, its subjects and what a reader needs to follow it. */
export interface CadChange {
  readonly type: CadEventType
  readonly incidentId: IncidentId | null
  readonly unitId: UnitId | null
  readonly callId: CallId | null
  readonly data: Readonly<Record<string, unknown>>
}

/** A history entry as stored: the change, when, by whom, and its place (`seq`) in the one CAD order. */
export interface CadEvent extends CadChange {
  readonly id: CadEventId
  readonly seq: number
  readonly at: Timestamp
  readonly actor: Actor
}

/** Who acted, as history shows it: a person, or a service credential. */
export const CadActor = Schema.Union([
  Person,
  Schema.Struct({ serviceId: ServiceCredentialId }).annotate({ identifier: "ServiceActor" })
])
export type CadActor = typeof CadActor.Type

/** A history entry as `GET /cad/events` and the event stream show it. */
export const CadEventView = Schema.Struct({
  id: CadEventId,
  seq: IntegerBetween({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  type: CadEventType,
  at: Timestamp,
  actor: CadActor,
  incidentId: Schema.NullOr(IncidentId),
  unitId: Schema.NullOr(UnitId),
  callId: Schema.NullOr(CallId),
  // Described as any object: a record of `unknown` values is `{ "type": "object" }`, which is all a reader can rely on.
  data: Schema.Record(Schema.String, Schema.Unknown).annotate({ description: "What changed; its shape depends on the type" })
}).annotate({ identifier: "CadEvent" })
export type CadEventView = typeof CadEventView.Type

/** Which history entries a reader wants: after a `seq`, about an incident, about a unit. */
export interface CadEventFilter {
  readonly after?: number | undefined
  readonly incidentId?: IncidentId | undefined
  readonly unitId?: UnitId | undefined
}

export const matchesFilter = (filter: CadEventFilter) => (event: CadChange & { readonly seq: number }): boolean =>
  (filter.after === undefined || event.seq > filter.after) &&
  (filter.incidentId === undefined || event.incidentId === filter.incidentId) &&
  (filter.unitId === undefined || event.unitId === filter.unitId)
