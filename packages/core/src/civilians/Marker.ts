import { DateTime, Schema } from "effect"
import { AccountId } from "../identity/index.js"
import { OneOf, Timestamp } from "../kernel/index.js"
import { CivilianId, MarkerId, VehicleId } from "./ids.js"
import { OfficialReason, OptionalDetails } from "./officialText.js"

export const MarkerType = OneOf("PERSON_BOLO", "VEHICLE_BOLO", "WANTED", "MISSING_PERSON", "OFFICER_SAFETY", "STOLEN_VEHICLE", "GENERAL")
  .annotate({ identifier: "MarkerType" })
export type MarkerType = typeof MarkerType.Type

/** What an officer writes of a new marker: its type, why, and its details if any. */
export const MarkerTerms = Schema.Struct({ type: MarkerType, reason: OfficialReason, details: OptionalDetails })
export type MarkerTerms = typeof MarkerTerms.Type

/** `MRK-` and six or more digits, from a sequence. */
export const markerReference = (n: number): string => `MRK-${String(n).padStart(6, "0")}`

export const Marker = Schema.Struct({
  id: MarkerId,
  reference: Schema.String,
  type: MarkerType,
  civilianId: Schema.NullOr(CivilianId),
  vehicleId: Schema.NullOr(VehicleId),
  reason: Schema.String,
  details: Schema.NullOr(Schema.String),
  issuedBy: AccountId,
  createdAt: Timestamp,
  expiresAt: Schema.NullOr(Timestamp),
  clearedAt: Schema.NullOr(Timestamp),
  clearedBy: Schema.NullOr(AccountId),
  clearReason: Schema.NullOr(Schema.String)
}).annotate({ identifier: "MarkerRecord" })
export type Marker = typeof Marker.Type

/** Active until cleared, and before its `expiresAt` (from that instant on it is not). */
export const markerActiveAt = (marker: Pick<Marker, "clearedAt" | "expiresAt">, at: DateTime.Utc): boolean =>
  marker.clearedAt === null && (marker.expiresAt === null || DateTime.isLessThan(at, marker.expiresAt))

/** What a marker of each type is set on. */
export type MarkerTarget = "vehicle" | "person" | "either"

const VEHICLE_TYPES: ReadonlyArray<MarkerType> = ["VEHICLE_BOLO", "STOLEN_VEHICLE"]

export const markerTarget = (type: MarkerType): MarkerTarget => type === "GENERAL" ? "either" : VEHICLE_TYPES.includes(type) ? "vehicle" : "person"

/** A problem with a marker's target, by the body field it is about. */
export interface TargetProblem {
  readonly field: "civilianId" | "vehicleId"
  readonly message: string
}

/**
 * Vehicle types (`VEHICLE_BOLO`, `STOLEN_VEHICLE`) are set on a vehicle and
 * name no person; person types on a person and name no vehicle; `GENERAL` on a
 * person, a vehicle or both. Answers every problem (none: the target is right).
 */
export const markerTargetProblems = (
  type: MarkerType,
  target: { readonly civilianId: string | null; readonly vehicleId: string | null }
): ReadonlyArray<TargetProblem> => {
  const kind = markerTarget(type)
  const problems: Array<TargetProblem> = []
  if (kind === "vehicle") {
    if (target.vehicleId === null) problems.push({ field: "vehicleId", message: `a ${type} marker needs a vehicle` })
    if (target.civilianId !== null) problems.push({ field: "civilianId", message: `a ${type} marker is set on a vehicle, not a person` })
  } else if (kind === "person") {
    if (target.civilianId === null) problems.push({ field: "civilianId", message: `a ${type} marker needs a person` })
    if (target.vehicleId !== null) problems.push({ field: "vehicleId", message: `a ${type} marker is set on a person, not a vehicle` })
  } else if (target.civilianId === null && target.vehicleId === null) {
    problems.push({ field: "civilianId", message: "a GENERAL marker needs a person, a vehicle or both" })
  }
  return problems
}
