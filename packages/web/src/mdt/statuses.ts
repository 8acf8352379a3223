import type { MdtUnitStatus, UnitStatus, UnitView } from "@bluelight/core/cad"

type Status = typeof UnitStatus.Type
type CrewStatus = typeof MdtUnitStatus.Type

/**
 * The statuses a crew may pick on the MDT, by the core's moves (`moveStatus` in
 * packages/core/src/cad/Unit.ts): on an incident between en route and on scene,
 * otherwise between available, busy and unavailable; an uncrewed unit has none.
 * Never `ASSIGNED` (only Control assigns) nor `OFF_DUTY` (booking off does that).
 */
const ATTENDING: ReadonlyArray<CrewStatus> = ["EN_ROUTE", "ON_SCENE"]
const FREE: ReadonlyArray<CrewStatus> = ["AVAILABLE", "BUSY", "UNAVAILABLE"]

/** One status button: the status, and whether it is the unit's status now (pressed, nothing to move to). */
export interface StatusChoice {
  readonly status: CrewStatus
  readonly current: boolean
}

/** The buttons the MDT shows for a unit: its group of statuses, the current one marked. */
export const statusChoices = (unit: Pick<UnitView, "status" | "incidentId">): ReadonlyArray<StatusChoice> => {
  if (unit.status === "OFF_DUTY") return []
  const group = unit.incidentId === null ? FREE : ATTENDING
  return group.map((status) => ({ status, current: status === unit.status }))
}

/** Whether the MDT may move a unit from where it is to `to` (a button that is shown and not current). */
export const mayMoveTo = (unit: Pick<UnitView, "status" | "incidentId">, to: Status): boolean =>
  statusChoices(unit).some((choice) => choice.status === to && !choice.current)
