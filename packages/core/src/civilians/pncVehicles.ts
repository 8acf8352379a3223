import { DateTime, Effect } from "effect"
import { requires, type UserCaller } from "../identity/index.js"
import { inTransaction, NoChange, orNotFound, validated } from "../kernel/index.js"
import { recordChange } from "./history.js"
import type { VehicleId } from "./ids.js"
import { Vehicles } from "./ports.js"
import { changedStatuses, type Vehicle, type VehicleStatusChange, VehicleStatusFields } from "./Vehicle.js"
import { plateTaken } from "./vehicles.js"
import { statusesOf, vehicleView } from "./vehicleViews.js"

/** The reason and statuses as the vehicle rules have them: a caller that skipped the contract is held to them too. */
const validChange = validated(VehicleStatusFields, "The vehicle's statuses are not valid")

/**
 * `PATCH /pnc/vehicles/{id}`: new official statuses, with a reason. At least
 * one must differ (`NO_CHANGE`). A scrapped vehicle brought back needs its
 * plate to be free (`PLATE_TAKEN`). Records `VEHICLE_STATUS_CHANGED`; audited
 * as `pnc.vehicle.status.changed`.
 */
export const changeVehicleStatuses = Effect.fn("civilians.changeVehicleStatuses")(function*(
  caller: UserCaller,
  id: VehicleId,
  input: VehicleStatusChange & { readonly reason: string }
) {
  const change = yield* validChange({
    reason: input.reason,
    registrationStatus: input.registrationStatus,
    insuranceStatus: input.insuranceStatus,
    motStatus: input.motStatus,
    taxStatus: input.taxStatus
  })
  const vehicles = yield* Vehicles
  return yield* inTransaction(Effect.gen(function*() {
    const vehicle = yield* vehicles.findByIdForUpdate(id).pipe(orNotFound("No such vehicle"))
    const changed = changedStatuses(vehicle, change)
    if (Object.keys(changed).length === 0) return yield* new NoChange({ message: "The vehicle already has these statuses" })
    const updated: Vehicle = { ...vehicle, ...changed, updatedAt: yield* DateTime.now }
    if (!(yield* vehicles.update(updated))) return yield* plateTaken
    yield* recordChange(caller, {
      type: "VEHICLE_STATUS_CHANGED",
      civilianId: vehicle.keeperId,
      vehicleId: vehicle.id,
      target: { type: "vehicle", id: vehicle.id },
      data: { plate: vehicle.plate, reason: change.reason, before: statusesOf(vehicle), after: statusesOf(updated) }
    })
    return vehicleView(updated)
  }))
}, requires("pnc.vehicles.manage"))
