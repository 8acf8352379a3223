import { DateTime, Effect } from "effect"
import { type Caller, requires } from "../identity/index.js"
import { emitView } from "../kernel/index.js"
import { ensureVersion } from "./errors.js"
import { commitAndPublish, recordChange } from "./history.js"
import type { IncidentId, UnitId } from "./ids.js"
import { lockIncident, lockUnit, storeUnit } from "./locks.js"
import { clearRecorded } from "./clearing.js"
import { assignTo } from "./Unit.js"
import { unitTarget } from "./units.js"
import { AssignedUnitView, unitView } from "./views.js"

/**
 * `POST /cad/incidents/{id}/assign`: Control sends an `AVAILABLE` (crewed,
 * unassigned) unit, at its current `version`, to an open incident. Several
 * units may attend one incident; a unit attends one. Records `UNIT_ASSIGNED`.
 * Answers the unit with its crew and the incident.
 */
export const assignUnit = Effect.fn("cad.assignUnit")(function*(caller: Caller, incidentId: IncidentId, unitId: UnitId, version: number) {
  const { incident, unit } = yield* commitAndPublish(Effect.gen(function*() {
    const incident = yield* lockIncident(incidentId)
    const unit = yield* lockUnit(unitId)
    yield* ensureVersion(unit, version)
    const assigned = yield* assignTo(unit, incident, yield* DateTime.now)
    yield* storeUnit(assigned)
    yield* recordChange(caller, {
      type: "UNIT_ASSIGNED",
      incidentId: incident.id,
      unitId: unit.id,
      callId: null,
      data: { callsign: unit.callsign, incidentNumber: incident.number, from: unit.status, to: assigned.status }
    }, unitTarget(unit))
    yield* emitView("cad.unit.assigned", AssignedUnitView, { ...(yield* unitView(assigned)), incident })
    return { incident, unit: assigned }
  }))
  return { ...(yield* unitView(unit)), incident }
}, requires("cad.view", "cad.dispatch"))

/**
 * `POST /cad/incidents/{id}/clear`: the unit, at its current `version`,
 * leaves the incident it attends and is `AVAILABLE` again. Records `UNIT_CLEARED`.
 */
export const clearUnit = Effect.fn("cad.clearUnit")(function*(caller: Caller, incidentId: IncidentId, unitId: UnitId, version: number) {
  const unit = yield* commitAndPublish(Effect.gen(function*() {
    const incident = yield* lockIncident(incidentId)
    const unit = yield* lockUnit(unitId)
    yield* ensureVersion(unit, version)
    const cleared = yield* clearRecorded(caller, unit, incident, "CLEARED", yield* DateTime.now)
    yield* storeUnit(cleared)
    return cleared
  }))
  return yield* unitView(unit)
}, requires("cad.view", "cad.dispatch"))
