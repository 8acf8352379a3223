import { Effect, Order, Schema } from "effect"
import { IntegerBetween, InvalidState, MultiLineText, OneLineText, OneOf, Timestamp } from "../kernel/index.js"
import { IncidentId } from "./ids.js"

export const IncidentStatus = OneOf("OPEN", "CLOSED")
export type IncidentStatus = typeof IncidentStatus.Type

/** Most urgent first: the order of the open-incident board. */
export const INCIDENT_PRIORITIES = ["IMMEDIATE", "PRIORITY", "SCHEDULED", "RESOLUTION"] as const
export const IncidentPriority = OneOf(...INCIDENT_PRIORITIES)
export type IncidentPriority = typeof IncidentPriority.Type

/** What kind of incident it is (`Burglary`, `RTC`): one line of 2 to 60 characters. */
export const IncidentType = OneLineText({ min: 2, max: 60 })

/** Where the incident is: one line of 1 to 200 characters. */
export const IncidentLocation = OneLineText({ min: 1, max: 200 })

/** What happened, and Control's own notes: free text of at most 4000 characters each, empty when there are none. */
export const IncidentDescription = MultiLineText({ max: 4000 })
export const ControlNotes = MultiLineText({ max: 4000 })

/** What Control writes of an incident: every field, on create and on each edit. */
export const IncidentFields = Schema.Struct({
  type: IncidentType,
  priority: IncidentPriority,
  location: IncidentLocation,
  description: IncidentDescription,
  controlNotes: ControlNotes
})
export type IncidentFields = typeof IncidentFields.Type

/**
 * An incident as stored and answered. Its text is as stored: text from
 * before the text rules (issue 18) is read and answered as it is; what
 * Control writes is held to `IncidentFields`.
 */
export const Incident = Schema.Struct({
  id: IncidentId,
  number: IntegerBetween({ min: 1, max: 2_147_483_647 }),
  status: IncidentStatus,
  priority: IncidentPriority,
  type: Schema.String,
  location: Schema.String,
  description: Schema.String,
  controlNotes: Schema.String,
  version: IntegerBetween({ min: 1, max: 2_147_483_647 }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  closedAt: Schema.NullOr(Timestamp)
}).annotate({ identifier: "Incident" })
export type Incident = typeof Incident.Type

/** The open-incident board: by priority (`IMMEDIATE` first), then by number. */
export const incidentBoardOrder: Order.Order<Incident> = Order.combine(
  Order.mapInput(Order.Number, (incident: Incident) => INCIDENT_PRIORITIES.indexOf(incident.priority)),
  Order.mapInput(Order.Number, (incident: Incident) => incident.number)
)

/** A closed incident cannot be edited, closed again, assigned to or have calls attached. */
export const ensureOpen = (incident: Incident): Effect.Effect<void, InvalidState> =>
  incident.status === "OPEN"
    ? Effect.void
    : Effect.fail(new InvalidState({ message: `Incident ${incident.number} is closed` }))

/** The fields of an incident that Control edits, for comparing and for history. */
export const incidentFields = (incident: IncidentFields): IncidentFields => ({
  type: incident.type,
  priority: incident.priority,
  location: incident.location,
  description: incident.description,
  controlNotes: incident.controlNotes
})
