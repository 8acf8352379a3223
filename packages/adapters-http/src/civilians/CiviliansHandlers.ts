import { createCivilian, getOwnCivilian, issueLicence, listCivilians, registerVehicle, transferVehicle, updateCivilian } from "@bluelight/core/civilians"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { data, page } from "../envelope.js"
import { BluelightApi } from "@bluelight/api/Api.js"
import { CurrentUser } from "@bluelight/api/auth/CurrentCaller.js"

export const CiviliansHandlers = HttpApiBuilder.group(BluelightApi, "civilians", (handlers) =>
  handlers
    .handle("listCivilians", ({ query: { limit, offset, ownerId } }) =>
      CurrentUser.use((caller) => listCivilians(caller, ownerId, { limit, offset })).pipe(
        Effect.map(page)
      ))
    .handle("createCivilian", ({ payload }) => Effect.map(CurrentUser.use((caller) => createCivilian(caller, payload)), data))
    .handle("getCivilian", ({ params }) => Effect.map(CurrentUser.use((caller) => getOwnCivilian(caller, params.id)), data))
    .handle("updateCivilian", ({ params, payload }) => Effect.map(CurrentUser.use((caller) => updateCivilian(caller, params.id, payload)), data))
    .handle("issueLicence", ({ params, payload }) => Effect.map(CurrentUser.use((caller) => issueLicence(caller, params.id, payload)), data))
    .handle("registerVehicle", ({ params, payload }) => Effect.map(CurrentUser.use((caller) => registerVehicle(caller, params.id, payload)), data))
    .handle("transferVehicle", ({ params, payload }) =>
      Effect.map(
        CurrentUser.use((caller) => transferVehicle(caller, params.id, params.vehicleId, payload)),
        data
      )))
