import { assignUnit, clearUnit, closeIncident, createIncident, getIncident, listIncidents, updateIncident } from "@bluelight/core/cad"
import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { BluelightApi } from "../Api.js"
import { currentCaller } from "../auth/currentUser.js"

import { data, page } from "./present.js"

export const IncidentsHandlers = HttpApiBuilder.group(BluelightApi, "cadIncidents", (handlers) =>
  handlers
    .handle("listIncidents", ({ urlParams: { limit, offset, status } }) =>
      Effect.map(listIncidents(status, { limit, offset }), page))
    .handle("createIncident", ({ payload }) => Effect.flatMap(currentCaller, (caller) => createIncident(caller, payload)).pipe(Effect.map(data)))
    .handle("getIncident", ({ path }) => Effect.map(getIncident(path.id), data))
    .handle("updateIncident", ({ path, payload: { version, ...fields } }) =>
      Effect.flatMap(currentCaller, (caller) => updateIncident(caller, path.id, fields, version)).pipe(Effect.map(data)))
    .handle("closeIncident", ({ path, payload }) =>
      Effect.flatMap(currentCaller, (caller) => closeIncident(caller, path.id, payload.version)).pipe(Effect.map(data)))
    .handle("assignUnit", ({ path, payload }) =>
      Effect.flatMap(currentCaller, (caller) => assignUnit(caller, path.id, payload.unitId, payload.version)).pipe(Effect.map(data)))
    .handle("clearUnit", ({ path, payload }) =>
      Effect.flatMap(currentCaller, (caller) => clearUnit(caller, path.id, payload.unitId, payload.version)).pipe(Effect.map(data))))
