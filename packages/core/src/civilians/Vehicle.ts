import { Schema } from "effect"
import { OneLineText, OneOf, Timestamp } from "../kernel/index.js"
import { EnteredCivilianReference } from "./Civilian.js"
import { CivilianId, VehicleId } from "./ids.js"
import { OfficialReason } from "./officialText.js"

export const VehicleType = OneOf("CAR", "MOTORCYCLE", "VAN", "LORRY", "BUS", "OTHER").annotate({ identifier: "VehicleType" })
export type VehicleType = typeof VehicleType.Type

export const RegistrationStatus = OneOf("REGISTERED", "SUSPENDED", "SCRAPPED").annotate({ identifier: "RegistrationStatus" })
export type RegistrationStatus = typeof RegistrationStatus.Type
export const InsuranceStatus = OneOf("INSURED", "UNINSURED").annotate({ identifier: "InsuranceStatus" })
export type InsuranceStatus = typeof InsuranceStatus.Type
export const MotStatus = OneOf("VALID", "EXPIRED").annotate({ identifier: "MotStatus" })
export type MotStatus = typeof MotStatus.Type
export const TaxStatus = OneOf("TAXED", "UNTAXED", "SORN").annotate({ identifier: "TaxStatus" })
export type TaxStatus = typeof TaxStatus.Type

/**
 * A vehicle as stored, with its current keeper (null once none). Its text is
 * as stored; what is written is held to `VehicleFields`.
 */
export const Vehicle = Schema.Struct({
  id: VehicleId,
  plate: Schema.String,
  make: Schema.String,
  model: Schema.String,
  colour: Schema.String,
  type: VehicleType,
  registrationStatus: RegistrationStatus,
  insuranceStatus: InsuranceStatus,
  motStatus: MotStatus,
  taxStatus: TaxStatus,
  keeperId: Schema.NullOr(CivilianId),
  keeperSince: Schema.NullOr(Timestamp),
  createdAt: Timestamp,
  updatedAt: Timestamp
}).annotate({ identifier: "VehicleRecord" })
export type Vehicle = typeof Vehicle.Type

/** The four official statuses, the ones `PATCH /pnc/vehicles/{id}` changes. */
export const VEHICLE_STATUS_FIELDS = ["registrationStatus", "insuranceStatus", "motStatus", "taxStatus"] as const
export type VehicleStatuses = Pick<Vehicle, (typeof VEHICLE_STATUS_FIELDS)[number]>
/** Some of the statuses, as a change names them. */
export type VehicleStatusChange = { readonly [K in keyof VehicleStatuses]?: VehicleStatuses[K] | undefined }

/** What an officer sends to change a vehicle's statuses: the reason, and the statuses that change. */
export const VehicleStatusFields = Schema.Struct({
  reason: OfficialReason,
  registrationStatus: Schema.optional(RegistrationStatus),
  insuranceStatus: Schema.optional(InsuranceStatus),
  motStatus: Schema.optional(MotStatus),
  taxStatus: Schema.optional(TaxStatus)
})
export type VehicleStatusFields = typeof VehicleStatusFields.Type

/** A new vehicle's statuses: registered, insured, MOT valid, taxed. */
export const NEW_VEHICLE_STATUSES: VehicleStatuses = {
  registrationStatus: "REGISTERED",
  insuranceStatus: "INSURED",
  motStatus: "VALID",
  taxStatus: "TAXED"
}

/** A plate as stored: as entered (trimmed, inner blanks kept to one), upper case. */
export const storedPlate = (plate: string): string => plate.trim().replace(/\s+/g, " ").toUpperCase()

/** What two plates are compared by: no spaces, no hyphens, upper case (`ab-12 cde` is `AB12CDE`). */
export const plateKey = (plate: string): string => plate.replace(/[\s-]+/g, "").toUpperCase()

/** A registration as entered: letters, digits, spaces and hyphens; 1 to 10 letters and digits. */
export const Plate = OneLineText({ min: 1, max: 16 }, {
  test: (plate) => /^[A-Za-z0-9 -]+$/.test(plate) && plateKey(plate).length >= 1 && plateKey(plate).length <= 10,
  message: "must be 1 to 10 letters and digits, with spaces or hyphens between them",
  jsonSchema: { pattern: "^[A-Za-z0-9 -]+$" }
})

/** A vehicle's make and model: one line of 1 to 40 characters each. */
export const VehicleMake = OneLineText({ min: 1, max: 40 })
export const VehicleModel = OneLineText({ min: 1, max: 40 })
/** A vehicle's colour: one line of 1 to 30 characters. */
export const VehicleColour = OneLineText({ min: 1, max: 30 })

/** What a keeper writes of a vehicle they register. */
export const VehicleFields = Schema.Struct({
  plate: Plate,
  make: VehicleMake,
  model: VehicleModel,
  colour: VehicleColour,
  type: VehicleType
})
export type VehicleFields = typeof VehicleFields.Type

/** Whom a keeper passes a vehicle to: a character's reference, as typed. */
export const VehicleTransfer = Schema.Struct({ toReference: EnteredCivilianReference })
export type VehicleTransfer = typeof VehicleTransfer.Type

/** A plate counts towards uniqueness while its vehicle is not scrapped. */
export const holdsPlate = (vehicle: Pick<Vehicle, "registrationStatus">): boolean => vehicle.registrationStatus !== "SCRAPPED"

/** The statuses in `change` that differ from the vehicle's; empty means nothing would change. */
export const changedStatuses = (vehicle: VehicleStatuses, change: VehicleStatusChange): Partial<VehicleStatuses> => {
  const changed: Partial<Record<keyof VehicleStatuses, string>> = {}
  for (const field of VEHICLE_STATUS_FIELDS) {
    const next = change[field]
    if (next !== undefined && next !== vehicle[field]) changed[field] = next
  }
  return changed as Partial<VehicleStatuses>
}

/** One period a character kept a vehicle. */
export const KeeperPeriod = Schema.Struct({
  vehicleId: VehicleId,
  civilianId: CivilianId,
  startedAt: Timestamp,
  endedAt: Schema.NullOr(Timestamp)
})
export type KeeperPeriod = typeof KeeperPeriod.Type
