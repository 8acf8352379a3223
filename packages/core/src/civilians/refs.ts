import { Schema } from "effect"
import { Id } from "../kernel/index.js"
import { CivilianId, VehicleId } from "./ids.js"

/** How one view of the civilian records names another record: a person, a record, a vehicle. */

export const CivilianRef = Schema.Struct({
  id: CivilianId,
  reference: Schema.String.annotate({ description: "CIV- followed by 6 or more digits" }),
  fullName: Schema.String
}).annotate({ identifier: "CivilianRef" })
export type CivilianRef = typeof CivilianRef.Type

/** A record as an endorsement names it: its id and reference. */
export const RecordRef = Schema.Struct({ id: Id, reference: Schema.String }).annotate({
  identifier: "RecordRef",
  description: "A record: its id and REC- reference"
})
export type RecordRef = typeof RecordRef.Type

/** A vehicle as a marker or a record names it. */
export const VehicleRef = Schema.Struct({ id: VehicleId, plate: Schema.String }).annotate({ identifier: "VehicleRef" })
export type VehicleRef = typeof VehicleRef.Type
