import { type DateTime, Effect } from "effect"
import type { Caller } from "../identity/index.js"
import type { ClearReason } from "./CadEventData.js"
import { recordChange } from "./history.js"
import type { IncidentId } from "./ids.js"
import { clearFrom, type Unit } from "./Unit.js"
import { unitTarget } from "./units.js"

/**
 * Clears `unit` from the incident it attends and records `UNIT_CLEARED` with
 * the reason, in the caller's transaction; answers the cleared unit, which
 * the caller stores. `incidentNumber` is null when the incident is not read.
 */
export const clearRecorded = (
  caller: Caller,
  unit: Unit,
  incident: { readonly id: IncidentId; readonly number: number | null },
  reason: ClearReason,
  now: DateTime.Utc
) =>
  Effect.flatMap(clearFrom(unit, incident.id, now), (cleared) =>
    Effect.as(
      recordChange(caller, {
        type: "UNIT_CLEARED",
        incidentId: incident.id,
        unitId: unit.id,
        callId: null,
        data: { callsign: unit.callsign, incidentNumber: incident.number, reason, from: unit.status, to: cleared.status }
      }, unitTarget(unit)),
      cleared
    ))
