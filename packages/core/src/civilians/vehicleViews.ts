import { type DateTime, Schema } from "effect"
import { Timestamp } from "../kernel/index.js"
import { CivilianRef } from "./refs.js"
import type { Vehicle, VehicleStatuses } from "./Vehicle.js"
import { vehicleAlertFields, vehicleViewFields } from "./viewFields.js"

/** A vehicle as the views show it: on its own, kept by a character, and in a PNC search with its keeper and alerts. */

/** The vehicle fields every view shares: the vehicle without its keeper (the API's `Vehicle`). */
export const VehicleView = Schema.Struct(vehicleViewFields).annotate({ identifier: "Vehicle" })
export type VehicleView = typeof VehicleView.Type

export const vehicleView = (vehicle: Vehicle): VehicleView => {
  const { keeperId: _keeperId, keeperSince: _keeperSince, ...view } = vehicle
  return view
}

/** A vehicle its owner's character keeps, and since when (the API's `KeptVehicle`). */
export const KeptVehicleView = Schema.Struct({ ...vehicleViewFields, keeperSince: Timestamp }).annotate({ identifier: "KeptVehicle" })
export type KeptVehicleView = typeof KeptVehicleView.Type

/** A vehicle in a search or on a person's record, as loaded. */
export interface LoadedVehicleSummary {
  readonly vehicle: Vehicle
  readonly keeper: CivilianRef | null
  /** Active markers on the vehicle, and whether one of them is `STOLEN_VEHICLE`. */
  readonly markers: number
  readonly stolen: boolean
}

export const PncVehicleSummary = Schema.Struct({
  ...vehicleViewFields,
  ...vehicleAlertFields,
  keeper: Schema.NullOr(CivilianRef)
}).annotate({ identifier: "PncVehicleSummary", description: "A vehicle with its keeper; `stolen` while an active STOLEN_VEHICLE marker exists" })
export type PncVehicleSummary = typeof PncVehicleSummary.Type

export const pncVehicleSummary = (loaded: LoadedVehicleSummary): PncVehicleSummary => ({
  ...vehicleView(loaded.vehicle),
  stolen: loaded.stolen,
  alerts: { markers: loaded.markers },
  keeper: loaded.keeper
})

/** A vehicle the character keeps, as loaded. */
export interface LoadedKeptVehicle extends LoadedVehicleSummary {
  readonly keeperSince: DateTime.Utc
}

/** The statuses of a vehicle, for history and audit data. */
export const statusesOf = (vehicle: VehicleStatuses): VehicleStatuses => ({
  registrationStatus: vehicle.registrationStatus,
  insuranceStatus: vehicle.insuranceStatus,
  motStatus: vehicle.motStatus,
  taxStatus: vehicle.taxStatus
})
