import { type DateTime, Schema } from "effect"
import { Person } from "../identity/index.js"
import { Timestamp } from "../kernel/index.js"
import { MarkerId } from "./ids.js"
import { type Marker, markerActiveAt, MarkerType } from "./Marker.js"
import { CivilianRef, VehicleRef } from "./refs.js"

/** A marker on a person or a vehicle as the PNC shows it, `active` worked out at `now`. */

/** A marker as loaded: with the person or vehicle it is on, and who set and cleared it. */
export interface LoadedMarker {
  readonly marker: Marker
  readonly civilian: CivilianRef | null
  readonly vehicle: VehicleRef | null
  readonly issuedBy: Person
  readonly clearedBy: Person | null
}

/** A marker as the PNC shows it; `active` is worked out at reading (the API's `Marker`). */
export const MarkerView = Schema.Struct({
  id: MarkerId,
  reference: Schema.String.annotate({ description: "MRK- followed by 6 or more digits" }),
  type: MarkerType,
  civilian: Schema.NullOr(CivilianRef),
  vehicle: Schema.NullOr(VehicleRef),
  reason: Schema.String,
  details: Schema.NullOr(Schema.String),
  issuedBy: Person,
  createdAt: Timestamp,
  expiresAt: Schema.NullOr(Timestamp),
  active: Schema.Boolean,
  clearedAt: Schema.NullOr(Timestamp),
  clearedBy: Schema.NullOr(Person),
  clearReason: Schema.NullOr(Schema.String)
}).annotate({ identifier: "Marker", description: "A marker on a person or a vehicle; `active` is false once cleared or past `expiresAt`" })
export type MarkerView = typeof MarkerView.Type

export const markerView = (loaded: LoadedMarker, now: DateTime.Utc): MarkerView => ({
  id: loaded.marker.id,
  reference: loaded.marker.reference,
  type: loaded.marker.type,
  civilian: loaded.civilian,
  vehicle: loaded.vehicle,
  reason: loaded.marker.reason,
  details: loaded.marker.details,
  issuedBy: loaded.issuedBy,
  createdAt: loaded.marker.createdAt,
  expiresAt: loaded.marker.expiresAt,
  active: markerActiveAt(loaded.marker, now),
  clearedAt: loaded.marker.clearedAt,
  clearedBy: loaded.clearedBy,
  clearReason: loaded.marker.clearReason
})
