import { DateTime, Effect } from "effect"
import { requires, type UserCaller } from "../identity/index.js"
import { checkedPage, inTransaction, InvalidInput, newId, orNotFound, type Page, validated } from "../kernel/index.js"
import { checkExpiry, isoOrNull, lockedCivilian, namedVehicle, loadedMarkerOf } from "./alerts.js"
import { MarkerNotActive } from "./errors.js"
import { recordChange } from "./history.js"
import { type CivilianId, MarkerId, type VehicleId } from "./ids.js"
import { type Marker, markerActiveAt, markerTargetProblems, MarkerTerms, type MarkerType } from "./Marker.js"
import { markerView } from "./markerView.js"
import { ReasonGiven } from "./officialText.js"
import { AlertReads, type MarkerFilter, Markers } from "./ports.js"

/** The type, reason and details, and the clearing reason, as the marker rules have them: a caller that skipped the contract is held to them too. */
const validTerms = validated(MarkerTerms, "The marker's fields are not valid")
const validClearing = validated(ReasonGiven, "The marker's fields are not valid")

export interface MarkerInput {
  readonly type: MarkerType
  readonly civilianId?: CivilianId | undefined
  readonly vehicleId?: VehicleId | undefined
  readonly reason: string
  readonly details?: string | null | undefined
  readonly expiresAt?: DateTime.Utc | undefined
}

/**
 * `POST /pnc/markers`: a marker set by the caller on a person or a vehicle as
 * its type says (`markerTargetProblems`); an expiry, when given, ends the
 * measure (`MEASURE_END`). Records `MARKER_CREATED`.
 */
export const createMarker = Effect.fn("civilians.createMarker")(function*(caller: UserCaller, input: MarkerInput) {
  const terms = yield* validTerms({ type: input.type, reason: input.reason, details: input.details })
  const now = yield* DateTime.now
  const target = { civilianId: input.civilianId ?? null, vehicleId: input.vehicleId ?? null }
  const problems = markerTargetProblems(terms.type, target)
  if (problems.length > 0) {
    return yield* new InvalidInput({
      message: `A ${terms.type} marker is not set on that`,
      details: problems.map((problem) => ({ path: [problem.field], message: problem.message }))
    })
  }
  const expiresAt = input.expiresAt ?? null
  yield* checkExpiry(expiresAt, now)
  const markers = yield* Markers
  return yield* inTransaction(Effect.gen(function*() {
    const civilian = target.civilianId === null ? null : yield* lockedCivilian(target.civilianId)
    const vehicle = target.vehicleId === null ? null : yield* namedVehicle(target.vehicleId)
    const marker: Marker = {
      id: yield* newId(MarkerId),
      reference: yield* markers.nextReference,
      type: terms.type,
      civilianId: civilian === null ? null : civilian.id,
      vehicleId: vehicle === null ? null : vehicle.id,
      reason: terms.reason,
      details: terms.details ?? null,
      issuedBy: caller.account.id,
      createdAt: now,
      expiresAt,
      clearedAt: null,
      clearedBy: null,
      clearReason: null
    }
    yield* markers.insert(marker)
    yield* recordChange(caller, {
      type: "MARKER_CREATED",
      civilianId: marker.civilianId,
      vehicleId: marker.vehicleId,
      target: { type: "marker", id: marker.id },
      data: { reference: marker.reference, markerType: marker.type, reason: marker.reason, expiresAt: isoOrNull(expiresAt) }
    })
    return markerView(yield* loadedMarkerOf(marker.id), now)
  }))
}, requires("pnc.markers.manage"))

/**
 * `POST /pnc/markers/{id}/clear`: an active marker is cleared, with a reason.
 * One already cleared or past its expiry is `MARKER_NOT_ACTIVE`. Records
 * `MARKER_CLEARED`.
 */
export const clearMarker = Effect.fn("civilians.clearMarker")(function*(caller: UserCaller, id: MarkerId, input: { readonly reason: string }) {
  const { reason } = yield* validClearing({ reason: input.reason })
  const now = yield* DateTime.now
  const markers = yield* Markers
  return yield* inTransaction(Effect.gen(function*() {
    const marker = yield* markers.findByIdForUpdate(id).pipe(orNotFound("No such marker"))
    if (!markerActiveAt(marker, now)) {
      return yield* new MarkerNotActive({ message: marker.clearedAt === null ? "The marker has expired" : "The marker is already cleared" })
    }
    yield* markers.update({ ...marker, clearedAt: now, clearedBy: caller.account.id, clearReason: reason })
    yield* recordChange(caller, {
      type: "MARKER_CLEARED",
      civilianId: marker.civilianId,
      vehicleId: marker.vehicleId,
      target: { type: "marker", id: marker.id },
      data: { reference: marker.reference, markerType: marker.type, reason }
    })
    return markerView(yield* loadedMarkerOf(marker.id), now)
  }))
}, requires("pnc.markers.manage"))

/** `GET /pnc/markers`: newest first; `active` as read now. */
export const listMarkers = Effect.fn("civilians.listMarkers")(function*(filter: MarkerFilter, requested: Page) {
  const page = yield* checkedPage(requested)
  const now = yield* DateTime.now
  const listed = yield* AlertReads.use((reads) => reads.listMarkers(filter, now, page))
  return { items: listed.items.map((file) => markerView(file, now)), meta: listed.meta }
}, requires("pnc.view"))
