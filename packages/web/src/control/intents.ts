import type { UnitView } from "@bluelight/core/cad"
import type { Board, Incident, Unit } from "./board.js"

/** The fields Control writes of an incident, as the form holds them. */
export interface IncidentFieldsInput {
  readonly type: string
  readonly priority: Incident["priority"]
  readonly location: string
  readonly description: string
  readonly controlNotes: string
}

/**
 * A dispatcher's move that writes with a record's `version`, kept as data: it is
 * run with the version on the board at that moment, and after a `CAD_CONFLICT` it
 * can be run again, unchanged, on the record as it now is.
 */
export type Intent =
  | { readonly kind: "assign"; readonly unitId: Unit["id"]; readonly incidentId: Incident["id"] }
  | { readonly kind: "clear"; readonly unitId: Unit["id"]; readonly incidentId: Incident["id"] }
  | { readonly kind: "status"; readonly unitId: Unit["id"]; readonly status: Unit["status"] }
  | { readonly kind: "updateIncident"; readonly incidentId: Incident["id"]; readonly fields: IncidentFieldsInput }
  | { readonly kind: "closeIncident"; readonly incidentId: Incident["id"] }

/** The record whose `version` an intent writes with: the unit for unit moves, the incident for incident edits. */
export const subjectOf = (intent: Intent): { readonly kind: "unit"; readonly id: Unit["id"] } | { readonly kind: "incident"; readonly id: Incident["id"] } =>
  intent.kind === "assign" || intent.kind === "clear" || intent.kind === "status"
    ? { kind: "unit", id: intent.unitId }
    : { kind: "incident", id: intent.incidentId }

/** The `version` on the board of the record an intent writes with; `undefined` when it has left the board. */
export const versionFor = (board: Board, intent: Intent): number | undefined => {
  const subject = subjectOf(intent)
  return subject.kind === "unit" ? board.units.get(subject.id)?.version : board.incidents.get(subject.id)?.version
}

/** One field that differs between the record as the dispatcher saw it and as it now is. */
export interface FieldChange {
  readonly field: string
  readonly before: string
  readonly after: string
}

const UNIT_FIELDS = ["callsign", "agencyCode", "type", "status", "incidentId"] as const
const INCIDENT_FIELDS = ["type", "priority", "location", "description", "controlNotes", "status"] as const

const text = (value: string | number | null): string => (value === null ? "" : String(value))

const crewText = (unit: UnitView): string => unit.crew.map((member) => `${member.identifier} ${member.user.displayName}`).join(", ")

/** What changed in a unit since the dispatcher read it (its crew as one field). */
export const unitChanges = (before: UnitView | undefined, after: UnitView): ReadonlyArray<FieldChange> => {
  if (before === undefined) return []
  const changes: Array<FieldChange> = UNIT_FIELDS.filter((field) => before[field] !== after[field]).map((field) => ({
    field,
    before: text(before[field]),
    after: text(after[field])
  }))
  if (crewText(before) !== crewText(after)) changes.push({ field: "crew", before: crewText(before), after: crewText(after) })
  return changes
}

/** What changed in an incident since the dispatcher read it. */
export const incidentChanges = (before: Incident | undefined, after: Incident): ReadonlyArray<FieldChange> =>
  before === undefined ? [] : INCIDENT_FIELDS.filter((field) => before[field] !== after[field]).map((field) => ({
    field,
    before: text(before[field]),
    after: text(after[field])
  }))
