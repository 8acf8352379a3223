import { Effect } from "effect"
import { orNotFound } from "../kernel/index.js"
import type { CallId, IncidentId, UnitId } from "./ids.js"
import { Calls, Incidents, Units } from "./ports.js"
import type { Unit } from "./Unit.js"

/** The incident, locked until the transaction ends, or `NOT_FOUND`. */
export const lockIncident = (id: IncidentId) => Incidents.use((incidents) => incidents.findByIdForUpdate(id)).pipe(orNotFound("No such incident"))

/** The unit, locked until the transaction ends, or `NOT_FOUND`. */
export const lockUnit = (id: UnitId) => Units.use((units) => units.findByIdForUpdate(id)).pipe(orNotFound("No such unit"))

/** The call, locked until the transaction ends, or `NOT_FOUND`. */
export const lockCall = (id: CallId) => Calls.use((calls) => calls.findByIdForUpdate(id)).pipe(orNotFound("No such call"))

/** Stores a unit whose callsign did not change: a refusal would be a defect. */
export const storeUnit = (unit: Unit) =>
  Units.use((units) => units.update(unit)).pipe(
    Effect.flatMap((stored) => (stored ? Effect.void : Effect.die(new Error(`unit ${unit.id} was refused without a callsign change`))))
  )
