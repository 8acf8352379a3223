import { Schema } from "effect"
import { AccountId } from "../identity/index.js"
import { IntegerBetween, OneOf } from "../kernel/index.js"
import type { CadEventType } from "./CadEvent.js"
import { CallSource, CallStatus, GameCallNumber } from "./Call.js"
import { CrewMemberId } from "./ids.js"
import { IncidentPriority } from "./Incident.js"
import { UnitStatus, UnitType } from "./Unit.js"

/*
 * The `data` of each CAD history type, as the use cases write it. Text is
 * any string, not held to the text rules: a unit or incident written before
 * those rules (issue 18) is recorded as it is stored, and history keeps it.
 */

const IncidentNumber = IntegerBetween({ min: 1, max: 2_147_483_647 })

/** An incident's fields as Control writes them, in `INCIDENT_CREATED` and before and after an `INCIDENT_UPDATED`. */
const IncidentFieldsData = Schema.Struct({
  type: Schema.String,
  priority: IncidentPriority,
  location: Schema.String,
  description: Schema.String,
  controlNotes: Schema.String
})

/** A unit's fields as Control writes them, in `UNIT_CREATED` and before and after a `UNIT_UPDATED`. */
const UnitFieldsData = Schema.Struct({ callsign: Schema.String, agencyCode: Schema.String, type: UnitType })

/** Who moved a unit's status: Control, its crew from the MDT, or crew joining or leaving (booking on and off). */
export const StatusMoveBy = OneOf("CONTROL", "CREW", "CREW_JOINED", "CREW_LEFT")
export type StatusMoveBy = typeof StatusMoveBy.Type

/** Why a unit left its incident: Control cleared it, the incident closed, its last crew left, or its crew raised a panic elsewhere. */
export const ClearReason = OneOf("CLEARED", "INCIDENT_CLOSED", "CREW_LEFT", "PANIC")
export type ClearReason = typeof ClearReason.Type

/** A crew membership's start or end: the unit's callsign, the membership and its person. */
const CrewData = Schema.Struct({ callsign: Schema.String, crewId: CrewMemberId, userId: AccountId, identifier: Schema.String })

/** For each CAD history type, the schema of its `data`: one for every type, and none for a type not listed. */
export const CAD_EVENT_DATA = {
  INCIDENT_CREATED: Schema.Struct({ number: IncidentNumber, ...IncidentFieldsData.fields }),
  INCIDENT_UPDATED: Schema.Struct({ number: IncidentNumber, before: IncidentFieldsData, after: IncidentFieldsData }),
  INCIDENT_CLOSED: Schema.Struct({ number: IncidentNumber }),
  UNIT_CREATED: UnitFieldsData,
  UNIT_UPDATED: Schema.Struct({ before: UnitFieldsData, after: UnitFieldsData }),
  UNIT_STATUS_CHANGED: Schema.Struct({ callsign: Schema.String, from: UnitStatus, to: UnitStatus, by: StatusMoveBy }),
  UNIT_ASSIGNED: Schema.Struct({ callsign: Schema.String, incidentNumber: IncidentNumber, from: UnitStatus, to: UnitStatus }),
  UNIT_CLEARED: Schema.Struct({
    callsign: Schema.String,
    // Null when the incident was not read (the last crew leaving).
    incidentNumber: Schema.NullOr(IncidentNumber),
    reason: ClearReason,
    from: UnitStatus,
    to: UnitStatus
  }),
  CREW_JOINED: CrewData,
  CREW_LEFT: CrewData,
  CALL_RECEIVED: Schema.Struct({
    callerName: Schema.String,
    callerNumber: Schema.NullOr(Schema.String),
    location: Schema.String,
    description: Schema.String,
    // A call from the game's own emergency calls says so, with the game's number and team; one through the API carries neither.
    source: Schema.optionalKey(CallSource),
    gameCallNumber: Schema.optionalKey(GameCallNumber),
    team: Schema.optionalKey(Schema.String)
  }),
  CALL_ATTACHED: Schema.Struct({ incidentNumber: IncidentNumber }),
  CALL_CLOSED: Schema.Struct({ reason: Schema.String, from: CallStatus }),
  /** A crew member's `;panic` in the game: their unit, the incident raised, where it is, their words and their platform id. */
  PANIC_RAISED: Schema.Struct({
    callsign: Schema.String,
    incidentNumber: IncidentNumber,
    location: Schema.String,
    text: Schema.String,
    platformId: Schema.String
  })
} as const satisfies { readonly [T in CadEventType]: Schema.Top }

/** The `data` a CAD history type carries. */
export type CadEventData<T extends keyof typeof CAD_EVENT_DATA> = (typeof CAD_EVENT_DATA)[T]["Type"]
