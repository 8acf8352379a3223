import { Schema } from "effect"
import { CalendarDate, IntegerBetween, Timestamp } from "../kernel/index.js"
import { Gender } from "./Civilian.js"
import { CivilianId, VehicleId } from "./ids.js"
import { InsuranceStatus, MotStatus, RegistrationStatus, TaxStatus, VehicleType } from "./Vehicle.js"

/**
 * The fields several views of the civilian records share (docs/architecture.md,
 * "Where a new thing goes", an answer): each view is a schema, the one
 * description of that answer, its type derived from it, named for OpenAPI by its
 * `identifier`. The text of a view is as stored, so its fields are plain
 * strings: the field rules hold what is written (`CivilianFields`,
 * `VehicleFields`, …), not what is read. Statuses, points and `active` depend on
 * the time of reading, so the views work them out at `now`, never stored. The
 * context's own: `index.ts` does not publish this file.
 */

/** A whole number from zero: points, counts. */
export const Count = IntegerBetween({ min: 0, max: Number.MAX_SAFE_INTEGER })

/** The vehicle as every view shows it, without its keeper. */
export const vehicleViewFields = {
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
  createdAt: Timestamp,
  updatedAt: Timestamp
}

/** What a vehicle in a search or on its record says of its alerts: whether it is stolen, and its active markers. */
export const vehicleAlertFields = {
  stolen: Schema.Boolean,
  alerts: Schema.Struct({ markers: Count })
}

/** The character fields both the owner's and the PNC's view show. */
export const civilianViewFields = {
  id: CivilianId,
  reference: Schema.String,
  fullName: Schema.String,
  dateOfBirth: CalendarDate,
  gender: Gender,
  address: Schema.String
}
