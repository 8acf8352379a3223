import { assignUnit, clearUnit, closeIncident, createIncident, getIncident, listIncidents, updateIncident } from "@bluelight/core/cad"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { BluelightApi } from "@bluelight/api/Api.js"
import { CurrentCaller } from "@bluelight/api/auth/CurrentCaller.js"

import { data, page } from "../envelope.js"

export const IncidentsHandlers = HttpApiBuilder.group(BluelightApi, "cadIncidents", (handlers) =>
  handlers
    .handle("listIncidents", ({ query: { limit, offset, status } }) => Effect.map(listIncidents(status, { limit, offset }), page))
    .handle("createIncident", ({ payload }) => CurrentCaller.use((caller) => createIncident(caller, payload)).pipe(Effect.map(data)))
    .handle("getIncident", ({ params }) => Effect.map(getIncident(params.id), data))
    .handle("updateIncident", ({ params, payload: { version, ...fields } }) =>
      CurrentCaller.use((caller) => updateIncident(caller, params.id, fields, version)).pipe(Effect.map(data)))
    .handle("closeIncident", ({ params, payload }) =>
      CurrentCaller.use((caller) => closeIncident(caller, params.id, payload.version)).pipe(Effect.map(data)))
    .handle("assignUnit", ({ params, payload }) =>
      CurrentCaller.use((caller) =>
        assignUnit(caller, params.id, payload.unitId, payload.version)
      ).pipe(Effect.map(data)))
    .handle("clearUnit", ({ params, payload }) =>
      CurrentCaller.use((caller) =>
        clearUnit(caller, params.id, payload.unitId, payload.version)
      ).pipe(Effect.map(data))))
