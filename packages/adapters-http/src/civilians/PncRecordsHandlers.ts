import {
  clearMarker,
  closeRecord,
  closeWarrant,
  createMarker,
  createRecord,
  getRecord,
  issueWarrant,
  listCivilianRecords,
  listMarkers,
  listWarrants,
  voidRecord
} from "@bluelight/core/civilians"
import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { BluelightApi } from "../Api.js"
import { currentUser } from "../auth/currentUser.js"

const data = <A>(value: A) => ({ data: value })
const list = <A>(page: { readonly items: ReadonlyArray<A>; readonly meta: { readonly limit: number; readonly offset: number; readonly hasMore: boolean } }) => ({
  data: page.items,
  meta: page.meta
})

export const PncRecordsHandlers = HttpApiBuilder.group(BluelightApi, "pncRecords", (handlers) =>
  handlers
    .handle("createRecord", ({ payload }) => Effect.map(Effect.flatMap(currentUser, (caller) => createRecord(caller, payload)), data))
    .handle("getRecord", ({ path }) => Effect.map(getRecord(path.id), data))
    .handle("closeRecord", ({ path, payload }) => Effect.map(Effect.flatMap(currentUser, (caller) => closeRecord(caller, path.id, payload)), data))
    .handle("voidRecord", ({ path, payload }) => Effect.map(Effect.flatMap(currentUser, (caller) => voidRecord(caller, path.id, payload)), data))
    .handle("listCivilianRecords", ({ path, urlParams: { limit, offset } }) => Effect.map(listCivilianRecords(path.id, { limit, offset }), list))
    .handle("listWarrants", ({ urlParams: { civilianId, limit, offset, status } }) =>
      Effect.map(listWarrants({ status, civilianId }, { limit, offset }), list))
    .handle("issueWarrant", ({ payload }) => Effect.map(Effect.flatMap(currentUser, (caller) => issueWarrant(caller, payload)), data))
    .handle("closeWarrant", ({ path, payload }) => Effect.map(Effect.flatMap(currentUser, (caller) => closeWarrant(caller, path.id, payload)), data))
    .handle("listMarkers", ({ urlParams: { active, civilianId, limit, offset, type, vehicleId } }) =>
      Effect.map(listMarkers({ active, type, civilianId, vehicleId }, { limit, offset }), list))
    .handle("createMarker", ({ payload }) => Effect.map(Effect.flatMap(currentUser, (caller) => createMarker(caller, payload)), data))
    .handle("clearMarker", ({ path, payload }) => Effect.map(Effect.flatMap(currentUser, (caller) => clearMarker(caller, path.id, payload)), data)))
