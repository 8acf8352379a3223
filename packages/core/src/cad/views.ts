import { Effect, Schema } from "effect"
import { Call } from "./Call.js"
import { CrewMember } from "./Crew.js"
import { Incident } from "./Incident.js"
import { Calls, CrewDirectory, Units } from "./ports.js"
import { Unit } from "./Unit.js"

/** A unit with its current crew, as every CAD answer shows a unit (the API's `Unit`). */
export const UnitView = Schema.Struct({ ...Unit.fields, crew: Schema.Array(CrewMember) }).annotate({
  identifier: "Unit",
  description: "A unit with its current crew"
})
export type UnitView = typeof UnitView.Type

/** A unit just assigned: with its crew and the incident it was sent to. */
export const AssignedUnitView = Schema.Struct({ ...UnitView.fields, incident: Incident }).annotate({
  identifier: "AssignedUnit",
  description: "A unit with its crew and the incident it was assigned to"
})
export type AssignedUnitView = typeof AssignedUnitView.Type

/** An incident with the units attending it (with their crews) and the calls attached to it. */
export const IncidentDetail = Schema.Struct({ ...Incident.fields, units: Schema.Array(UnitView), calls: Schema.Array(Call) }).annotate({
  identifier: "IncidentDetail",
  description: "An incident with the units attending it and the calls attached to it"
})
export type IncidentDetail = typeof IncidentDetail.Type

/** A crew member's MDT: their current membership, its unit and the incident it attends, each null when none. */
export const MdtView = Schema.Struct({
  crew: Schema.NullOr(CrewMember),
  unit: Schema.NullOr(UnitView),
  incident: Schema.NullOr(Incident)
}).annotate({ identifier: "MdtState", description: "My current crew membership, its unit and the incident it attends (each null when none)" })
export type MdtView = typeof MdtView.Type

/** The units with their current crews, in the order given, in one read of the crews. */
export const withCrew = (units: ReadonlyArray<Unit>): Effect.Effect<ReadonlyArray<UnitView>, never, CrewDirectory> =>
  Effect.map(
    CrewDirectory.use((directory) => (units.length === 0 ? Effect.succeed([]) : directory.crewOf(units.map((unit) => unit.id)))),
    (crew) => units.map((unit) => ({ ...unit, crew: crew.filter((member) => member.unitId === unit.id) }))
  )

export const unitView = (unit: Unit): Effect.Effect<UnitView, never, CrewDirectory> => Effect.map(withCrew([unit]), (views) => views[0]!)

/** The incident with its attending units (and their crews) and its calls. */
export const incidentDetail = (incident: Incident): Effect.Effect<IncidentDetail, never, Units | Calls | CrewDirectory> =>
  Effect.gen(function*() {
    const units = yield* Units.use((repo) => repo.attending(incident.id))
    const calls = yield* Calls.use((repo) => repo.ofIncident(incident.id))
    return { ...incident, units: yield* withCrew(units), calls }
  })
