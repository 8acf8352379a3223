import { DateTime, Effect } from "effect"
import type { UserCaller } from "../identity/Caller.js"
import { InvalidInput, orNotFound } from "../kernel/errors.js"
import { newId } from "../kernel/Ids.js"
import type { Page } from "../kernel/paging.js"
import { inTransaction } from "../kernel/Transactor.js"
import { checkExpiry, isoOrNull, lockedCivilian, namedVehicle, markerFileOf } from "./alerts.js"
import { MarkerNotActive } from "./errors.js"
import { recordChange } from "./history.js"
import { type CivilianId, MarkerId, type VehicleId } from "./ids.js"
import { type Marker, markerActiveAt, markerTargetProblems, type MarkerType } from "./Marker.js"
import { AlertFiles, type MarkerFilter, Markers } from "./ports.js"
import { markerView } from "./views.js"

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
  const now = yield* DateTime.now
  const target = { civilianId: input.civilianId ?? null, vehicleId: input.vehicleId ?? null }
  const problems = markerTargetProblems(input.type, target)
  if (problems.length > 0) {
    return yield* new InvalidInput({
      message: `A ${input.type} marker is not set on that`,
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
      type: input.type,
      civilianId: civilian === null ? null : civilian.id,
      vehicleId: vehicle === null ? null : vehicle.id,
      reason: input.reason,
      details: input.details ?? null,
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
      audit: "pnc.marker.created",
      civilianId: marker.civilianId,
      vehicleId: marker.vehicleId,
      target: { type: "marker", id: marker.id },
      data: { reference: marker.reference, markerType: marker.type, reason: marker.reason, expiresAt: isoOrNull(expiresAt) }
    })
    return markerView(yield* markerFileOf(marker.id), now)
  }))
})

/**
 * `POST /pnc/markers/{id}/clear`: an active marker is cleared, with a reason.
 * One already cleared or past its expiry is `MARKER_NOT_ACTIVE`. Records
 * `MARKER_CLEARED`.
 */
export const clearMarker = Effect.fn("civilians.clearMarker")(function*(caller: UserCaller, id: MarkerId, input: { readonly reason: string }) {
  const now = yield* DateTime.now
  const markers = yield* Markers
  return yield* inTransaction(Effect.gen(function*() {
    const marker = yield* Effect.flatMap(markers.findByIdForUpdate(id), orNotFound("No such marker"))
    if (!markerActiveAt(marker, now)) {
      return yield* new MarkerNotActive({ message: marker.clearedAt === null ? "The marker has expired" : "The marker is already cleared" })
    }
    yield* markers.update({ ...marker, clearedAt: now, clearedBy: caller.account.id, clearReason: input.reason })
    yield* recordChange(caller, {
      type: "MARKER_CLEARED",
      audit: "pnc.marker.cleared",
      civilianId: marker.civilianId,
      vehicleId: marker.vehicleId,
      target: { type: "marker", id: marker.id },
      data: { reference: marker.reference, markerType: marker.type, reason: input.reason }
    })
    return markerView(yield* markerFileOf(marker.id), now)
  }))
})

/** `GET /pnc/markers`: newest first; `active` as read now. */
export const listMarkers = Effect.fn("civilians.listMarkers")(function*(filter: MarkerFilter, page: Page) {
  const now = yield* DateTime.now
  const listed = yield* AlertFiles.use((files) => files.listMarkers(filter, now, page))
  return { items: listed.items.map((file) => markerView(file, now)), meta: listed.meta }
})
