import {
  Call, CallId, CallStatus, CadEventView, CrewMember, CrewUser, Incident, IncidentId, IncidentPriority, IncidentStatus,
  MdtUnitStatus, Unit, UnitId, UnitStatus, UnitType
} from "@bluelight/core/cad"
import { AccountId } from "@bluelight/core/identity"
import { IntegerBetween, MultiLineText, OneLineText } from "@bluelight/core/kernel"
import { Effect, Schema } from "effect"
import { TextOrNull } from "../schema/nullable.js"
import { IntegerFromString } from "../schema/query.js"

/** Ids in the examples: the form of a real one; the reference's user puts real ones in. */
export const EXAMPLE_ID = "0190a7f2-3c4d-7e5f-8a6b-1c2d3e4f5a6b"

// ------------------------------------------------------------------ answers

export const UnitView = Schema.Struct({ ...Unit.fields, crew: Schema.Array(CrewMember) }).annotate({
  identifier: "Unit",
  description: "A unit with its current crew"
})

export const AssignedUnitView = Schema.Struct({ ...Unit.fields, crew: Schema.Array(CrewMember), incident: Incident }).annotate({
  identifier: "AssignedUnit",
  description: "A unit with its crew and the incident it was assigned to"
})

export const IncidentDetail = Schema.Struct({ ...Incident.fields, units: Schema.Array(UnitView), calls: Schema.Array(Call) }).annotate({
  identifier: "IncidentDetail",
  description: "An incident with the units attending it and the calls attached to it"
})

export const MdtView = Schema.Struct({
  crew: Schema.NullOr(CrewMember),
  unit: Schema.NullOr(UnitView),
  incident: Schema.NullOr(Incident)
}).annotate({ identifier: "MdtState", description: "My current crew membership, its unit and the incident it attends (each null when none)" })

export { Call as CallView, CadEventView, CrewUser, Incident as IncidentView }

// ------------------------------------------------------------------ inputs

/** A record's `version` as the client read it. */
export const Version = IntegerBetween({ min: 1, max: 2_147_483_647 })

export const incidentFields = {
  type: OneLineText({ min: 2, max: 60 }),
  priority: IncidentPriority,
  location: OneLineText({ min: 1, max: 200 }),
  description: MultiLineText({ max: 4000 }),
  controlNotes: MultiLineText({ max: 4000 })
}

export const unitFields = {
  callsign: OneLineText({ min: 1, max: 32 }),
  agencyCode: OneLineText({ min: 1, max: 16 }),
  type: UnitType
}

/** A crew member's identifier (collar number, radio id): 1 to 64 characters. */
export const Identifier = OneLineText({ min: 1, max: 64 })

export const callFields = {
  callerName: OneLineText({ min: 1, max: 100 }),
  callerNumber: TextOrNull(OneLineText({ min: 1, max: 32 })).pipe(Schema.withDecodingDefaultTypeKey(Effect.succeed(null))),
  location: OneLineText({ min: 1, max: 200 }),
  description: MultiLineText({ min: 1, max: 2000 })
}

export const Reason = OneLineText({ min: 3, max: 500 })

export const Seq = (name: string) => IntegerFromString(name, { min: 0, max: 999_999_999 })

export { AccountId, CallId, CallStatus, IncidentId, IncidentStatus, MdtUnitStatus, UnitId, UnitStatus }
