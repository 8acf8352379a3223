import { type DateTime, Effect, Schema } from "effect"
import { foldedKey, IntegerBetween, InvalidState, NoChange, OneLineText, OneOf, Timestamp } from "../kernel/index.js"
import { IncidentId, UnitId } from "./ids.js"
import type { Incident } from "./Incident.js"

export const UnitType = OneOf("RESPONSE", "TRAFFIC", "ARMED", "DOG", "AIR", "SUPERVISOR", "CID", "FIRE", "AMBULANCE")
export type UnitType = typeof UnitType.Type

export const UNIT_STATUSES = ["OFF_DUTY", "AVAILABLE", "ASSIGNED", "EN_ROUTE", "ON_SCENE", "BUSY", "UNAVAILABLE"] as const
export const UnitStatus = OneOf(...UNIT_STATUSES)
export type UnitStatus = typeof UnitStatus.Type

/** The statuses a crew may set from the MDT: never `ASSIGNED` (only Control assigns) nor `OFF_DUTY` (booking off does). */
export const MdtUnitStatus = OneOf("AVAILABLE", "EN_ROUTE", "ON_SCENE", "BUSY", "UNAVAILABLE")
export type MdtUnitStatus = typeof MdtUnitStatus.Type

/** A unit's callsign, as Control writes it: one line of 1 to 32 characters, unique by `callsignKey`. */
export const Callsign = OneLineText({ min: 1, max: 32 })

/** The code of the agency a unit belongs to (`MPS`, `LAS`): one line of 1 to 16 characters. */
export const AgencyCode = OneLineText({ min: 1, max: 16 })

/** What Control writes of a unit: every field, on create and on each edit. */
export const UnitFields = Schema.Struct({
  callsign: Callsign,
  agencyCode: AgencyCode,
  type: UnitType
})
export type UnitFields = typeof UnitFields.Type

/**
 * A unit as stored; its crew is kept apart (crew memberships). Never
 * answered alone: the API's `Unit` is the unit with its crew (`UnitView`).
 * Its text is as stored: text from before the text rules (issue 18) is read
 * and answered as it is; what Control writes is held to `UnitFields`.
 */
export const Unit = Schema.Struct({
  id: UnitId,
  callsign: Schema.String,
  agencyCode: Schema.String,
  type: UnitType,
  status: UnitStatus,
  incidentId: Schema.NullOr(IncidentId),
  version: IntegerBetween({ min: 1, max: 2_147_483_647 }),
  createdAt: Timestamp,
  updatedAt: Timestamp
})
export type Unit = typeof Unit.Type

/**
 * Two units cannot share a callsign: callsigns compare by the kernel's
 * `foldedKey`, so `lk5oc`, `LK5OC ` and `LK5ОC` (Cyrillic `О`) are one callsign.
 */
export const callsignKey = (callsign: string): string => foldedKey(callsign)

/** Statuses of a unit attending an incident; crew or Control move between them. */
const ATTENDING: ReadonlyArray<UnitStatus> = ["ASSIGNED", "EN_ROUTE", "ON_SCENE"]
/** Statuses of a crewed unit on no incident; crew or Control move between them. */
const FREE: ReadonlyArray<UnitStatus> = ["AVAILABLE", "BUSY", "UNAVAILABLE"]

const refuse = (message: string) => Effect.fail(new InvalidState({ message }))

/**
 * The unit after a change: every change bumps `version` and `updatedAt`, so a
 * client holding the old version gets `CAD_CONFLICT`.
 */
export const changed = (unit: Unit, change: Partial<Omit<Unit, "id" | "version" | "createdAt" | "updatedAt">>, now: DateTime.Utc): Unit => ({
  ...unit,
  ...change,
  version: unit.version + 1,
  updatedAt: now
})

/**
 * A status move by crew or Control (`POST /cad/units/{id}/status`,
 * `POST /mdt/status`): while attending an incident between `ASSIGNED`,
 * `EN_ROUTE` and `ON_SCENE`; otherwise, crewed, between `AVAILABLE`, `BUSY`
 * and `UNAVAILABLE`. An uncrewed (`OFF_DUTY`) unit has no moves; assigning,
 * clearing and crew changes are their own operations. The same status again
 * is `NO_CHANGE`.
 */
export const moveStatus = (unit: Unit, to: UnitStatus, now: DateTime.Utc): Effect.Effect<Unit, InvalidState | NoChange> => {
  if (unit.status === to) return Effect.fail(new NoChange({ message: `Unit ${unit.callsign} is already ${to}` }))
  if (unit.status === "OFF_DUTY") return refuse(`Unit ${unit.callsign} has no crew; crew joining makes it AVAILABLE`)
  const allowed = unit.incidentId === null ? FREE : ATTENDING
  if (!allowed.includes(to)) {
    return refuse(
      unit.incidentId === null
        ? `Unit ${unit.callsign} is on no incident: it moves between ${FREE.join(", ")}`
        : `Unit ${unit.callsign} attends an incident: it moves between ${ATTENDING.join(", ")} until Control clears it`
    )
  }
  return Effect.succeed(changed(unit, { status: to }, now))
}

/**
 * Control assigns a unit to an incident: the incident open, the unit
 * `AVAILABLE` (crewed, on no incident). The unit becomes `ASSIGNED`.
 */
export const assignTo = (unit: Unit, incident: Incident, now: DateTime.Utc): Effect.Effect<Unit, InvalidState> => {
  if (incident.status !== "OPEN") return refuse(`Incident ${incident.number} is closed`)
  if (unit.incidentId !== null) return refuse(`Unit ${unit.callsign} already attends an incident`)
  if (unit.status === "OFF_DUTY") return refuse(`Unit ${unit.callsign} has no crew`)
  if (unit.status !== "AVAILABLE") return refuse(`Unit ${unit.callsign} is ${unit.status}, not AVAILABLE`)
  return Effect.succeed(changed(unit, { status: "ASSIGNED", incidentId: incident.id }, now))
}

/** The unit leaves its incident (cleared by Control, or the incident closed): `AVAILABLE`. */
export const clearFrom = (unit: Unit, incidentId: IncidentId, now: DateTime.Utc): Effect.Effect<Unit, InvalidState> =>
  unit.incidentId === incidentId
    ? Effect.succeed(changed(unit, { status: "AVAILABLE", incidentId: null }, now))
    : refuse(`Unit ${unit.callsign} does not attend this incident`)

/** Crew joined: an `OFF_DUTY` unit becomes `AVAILABLE`; any other keeps its status. */
export const crewJoined = (unit: Unit, now: DateTime.Utc): Unit => changed(unit, unit.status === "OFF_DUTY" ? { status: "AVAILABLE" } : {}, now)

/**
 * Crew left, `remaining` still aboard: with none left the unit goes
 * `OFF_DUTY` (the use case clears it from its incident first).
 */
export const crewLeft = (unit: Unit, remaining: number, now: DateTime.Utc): Unit =>
  changed(unit, remaining === 0 ? { status: "OFF_DUTY", incidentId: null } : {}, now)
