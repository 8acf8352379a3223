import { Effect } from "effect"
import type { Call } from "./Call.js"
import type { CrewMember } from "./Crew.js"
import type { Incident } from "./Incident.js"
import { Calls, CrewDirectory, Units } from "./ports.js"
import type { Unit } from "./Unit.js"

/** A unit with its current crew, as every CAD answer shows a unit. */
export interface UnitView extends Unit {
  readonly crew: ReadonlyArray<CrewMember>
}

/** An incident with the units attending it and the calls attached to it. */
export interface IncidentView extends Incident {
  readonly units: ReadonlyArray<UnitView>
  readonly calls: ReadonlyArray<Call>
}

/** The units with their current crews, in the order given, in one read of the crews. */
export const withCrew = (units: ReadonlyArray<Unit>): Effect.Effect<ReadonlyArray<UnitView>, never, CrewDirectory> =>
  Effect.map(
    CrewDirectory.use((directory) => (units.length === 0 ? Effect.succeed([]) : directory.crewOf(units.map((unit) => unit.id)))),
    (crew) => units.map((unit) => ({ ...unit, crew: crew.filter((member) => member.unitId === unit.id) }))
  )

export const unitView = (unit: Unit): Effect.Effect<UnitView, never, CrewDirectory> => Effect.map(withCrew([unit]), (views) => views[0]!)

/** The incident with its attending units (and their crews) and its calls. */
export const incidentView = (incident: Incident): Effect.Effect<IncidentView, never, Units | Calls | CrewDirectory> =>
  Effect.gen(function*() {
    const units = yield* Units.use((repo) => repo.attending(incident.id))
    const calls = yield* Calls.use((repo) => repo.ofIncident(incident.id))
    return { ...incident, units: yield* withCrew(units), calls }
  })
