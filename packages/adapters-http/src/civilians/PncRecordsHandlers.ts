import {
  approveWarrant,
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
  rejectWarrant,
  voidRecord
} from "@bluelight/core/civilians"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { data, page } from "../envelope.js"
import { BluelightApi } from "@bluelight/api/Api.js"
import { CurrentUser } from "@bluelight/api/auth/CurrentCaller.js"

export const PncRecordsHandlers = HttpApiBuilder.group(BluelightApi, "pncRecords", (handlers) =>
  handlers
    .handle("createRecord", ({ payload }) => Effect.map(CurrentUser.use((caller) => createRecord(caller, payload)), data))
    .handle("getRecord", ({ params }) => Effect.map(getRecord(params.id), data))
    .handle("closeRecord", ({ params, payload }) => Effect.map(CurrentUser.use((caller) => closeRecord(caller, params.id, payload)), data))
    .handle("voidRecord", ({ params, payload }) => Effect.map(CurrentUser.use((caller) => voidRecord(caller, params.id, payload)), data))
    .handle("listCivilianRecords", ({ params, query: { limit, offset } }) => Effect.map(listCivilianRecords(params.id, { limit, offset }), page))
    .handle("listWarrants", ({ query: { civilianId, limit, offset, status } }) => Effect.map(listWarrants({ status, civilianId }, { limit, offset }), page))
    .handle("issueWarrant", ({ payload }) => Effect.map(CurrentUser.use((caller) => issueWarrant(caller, payload)), data))
    .handle("closeWarrant", ({ params, payload }) => Effect.map(CurrentUser.use((caller) => closeWarrant(caller, params.id, payload)), data))
    .handle("approveWarrant", ({ params, payload }) => Effect.map(CurrentUser.use((caller) => approveWarrant(caller, params.id, payload)), data))
    .handle("rejectWarrant", ({ params, payload }) => Effect.map(CurrentUser.use((caller) => rejectWarrant(caller, params.id, payload)), data))
    .handle("listMarkers", ({ query: { active, civilianId, limit, offset, type, vehicleId } }) =>
      Effect.map(listMarkers({ active, type, civilianId, vehicleId }, { limit, offset }), page))
    .handle("createMarker", ({ payload }) =>
      Effect.map(
        CurrentUser.use((caller) =>
          createMarker(caller, payload)
        ),
        data
      ))
    .handle("clearMarker", ({ params, payload }) => Effect.map(CurrentUser.use((caller) => clearMarker(caller, params.id, payload)), data)))
