import { createCivilian, getOwnCivilian, issueLicence, listCivilians, registerVehicle, transferVehicle, updateCivilian } from "@bluelight/core/civilians"
import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { BluelightApi } from "../Api.js"
import { currentUser } from "../auth/currentUser.js"

const data = <A>(value: A) => ({ data: value })

export const CiviliansHandlers = HttpApiBuilder.group(BluelightApi, "civilians", (handlers) =>
  handlers
    .handle("listCivilians", ({ urlParams: { limit, offset, ownerId } }) =>
      Effect.flatMap(currentUser, (caller) => listCivilians(caller, ownerId, { limit, offset })).pipe(
        Effect.map((page) => ({ data: page.items, meta: page.meta }))
      ))
    .handle("createCivilian", ({ payload }) => Effect.map(Effect.flatMap(currentUser, (caller) => createCivilian(caller, payload)), data))
    .handle("getCivilian", ({ path }) => Effect.map(Effect.flatMap(currentUser, (caller) => getOwnCivilian(caller, path.id)), data))
    .handle("updateCivilian", ({ path, payload }) =>
      Effect.map(Effect.flatMap(currentUser, (caller) => updateCivilian(caller, path.id, payload)), data))
    .handle("issueLicence", ({ path, payload }) =>
      Effect.map(Effect.flatMap(currentUser, (caller) => issueLicence(caller, path.id, payload)), data))
    .handle("registerVehicle", ({ path, payload }) =>
      Effect.map(Effect.flatMap(currentUser, (caller) => registerVehicle(caller, path.id, payload)), data))
    .handle("transferVehicle", ({ path, payload }) =>
      Effect.map(Effect.flatMap(currentUser, (caller) => transferVehicle(caller, path.id, path.vehicleId, payload)), data)))
