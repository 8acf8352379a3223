import { addCrew, createUnit, getUnit, listEligibleCrew, listUnits, removeCrew, setUnitStatus, updateUnit } from "@bluelight/core/cad"
import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { BluelightApi } from "../Api.js"
import { currentCaller } from "../auth/currentUser.js"
import { data, page } from "./present.js"

export const UnitsHandlers = HttpApiBuilder.group(BluelightApi, "cadUnits", (handlers) =>
  handlers
    .handle("listUnits", ({ urlParams }) => Effect.map(listUnits(urlParams), page))
    .handle("createUnit", ({ payload }) => Effect.flatMap(currentCaller, (caller) => createUnit(caller, payload)).pipe(Effect.map(data)))
    .handle("listEligibleCrew", ({ urlParams: { limit, offset, search } }) => Effect.map(listEligibleCrew(search, { limit, offset }), page))
    .handle("getUnit", ({ path }) => Effect.map(getUnit(path.id), data))
    .handle("updateUnit", ({ path, payload: { version, ...fields } }) =>
      Effect.flatMap(currentCaller, (caller) => updateUnit(caller, path.id, fields, version)).pipe(Effect.map(data)))
    .handle("setUnitStatus", ({ path, payload }) =>
      Effect.flatMap(currentCaller, (caller) => setUnitStatus(caller, path.id, payload.status, payload.version)).pipe(Effect.map(data)))
    .handle("addCrew", ({ path, payload }) => Effect.flatMap(currentCaller, (caller) => addCrew(caller, path.id, payload)).pipe(Effect.map(data)))
    .handle("removeCrew", ({ path }) => Effect.flatMap(currentCaller, (caller) => removeCrew(caller, path.id, path.crewId)).pipe(Effect.map(data))))
