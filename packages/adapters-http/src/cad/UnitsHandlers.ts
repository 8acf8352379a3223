import { addCrew, createUnit, getUnit, listEligibleCrew, listUnits, removeCrew, setUnitStatus, updateUnit } from "@bluelight/core/cad"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { BluelightApi } from "@bluelight/api/Api.js"
import { CurrentCaller } from "@bluelight/api/auth/CurrentCaller.js"
import { data, page } from "../envelope.js"

export const UnitsHandlers = HttpApiBuilder.group(BluelightApi, "cadUnits", (handlers) =>
  handlers
    .handle("listUnits", ({ query }) => Effect.map(listUnits(query), page))
    .handle("createUnit", ({ payload }) => CurrentCaller.use((caller) => createUnit(caller, payload)).pipe(Effect.map(data)))
    .handle("listEligibleCrew", ({ query: { limit, offset, search } }) => Effect.map(listEligibleCrew(search, { limit, offset }), page))
    .handle("getUnit", ({ params }) => Effect.map(getUnit(params.id), data))
    .handle("updateUnit", ({ params, payload: { version, ...fields } }) =>
      CurrentCaller.use((caller) => updateUnit(caller, params.id, fields, version)).pipe(Effect.map(data)))
    .handle("setUnitStatus", ({ params, payload }) =>
      CurrentCaller.use((caller) =>
        setUnitStatus(caller, params.id, payload.status, payload.version)
      ).pipe(Effect.map(data)))
    .handle("addCrew", ({ params, payload }) =>
      CurrentCaller.use((caller) => addCrew(caller, params.id, payload)).pipe(Effect.map(data)))
    .handle("removeCrew", ({ params }) => CurrentCaller.use((caller) => removeCrew(caller, params.id, params.crewId)).pipe(Effect.map(data))))
