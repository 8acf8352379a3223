import {
  addEndorsement,
  changeVehicleStatuses,
  getOfficialCivilian,
  getOfficialLicence,
  getVehicleRecord,
  listPncEvents,
  reinstateLicence,
  removeEndorsement,
  revokeLicence,
  searchCivilians,
  searchVehicles,
  suspendLicence,
  updateLicence
} from "@bluelight/core/civilians"
import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { BluelightApi } from "../Api.js"
import { currentCaller, currentUser } from "../auth/currentUser.js"

const data = <A>(value: A) => ({ data: value })
const list = <A>(page: { readonly items: ReadonlyArray<A>; readonly meta: { readonly limit: number; readonly offset: number; readonly hasMore: boolean } }) => ({
  data: page.items,
  meta: page.meta
})

export const PncHandlers = HttpApiBuilder.group(BluelightApi, "pnc", (handlers) =>
  handlers
    .handle("searchCivilians", ({ urlParams: { limit, offset, search } }) => Effect.map(searchCivilians(search ?? "", { limit, offset }), list))
    .handle("getPerson", ({ path }) => Effect.map(Effect.flatMap(currentCaller, (caller) => getOfficialCivilian(caller, path.id)), data))
    .handle("searchVehicles", ({ urlParams: { limit, offset, search } }) => Effect.map(searchVehicles(search ?? "", { limit, offset }), list))
    .handle("getVehicle", ({ path }) => Effect.map(getVehicleRecord(path.id), data))
    .handle("changeVehicleStatuses", ({ path, payload }) =>
      Effect.map(Effect.flatMap(currentUser, (caller) => changeVehicleStatuses(caller, path.id, payload)), data))
    .handle("getLicence", ({ path }) => Effect.map(getOfficialLicence(path.id), data))
    .handle("updateLicence", ({ path, payload }) => Effect.map(Effect.flatMap(currentUser, (caller) => updateLicence(caller, path.id, payload)), data))
    .handle("suspendLicence", ({ path, payload }) => Effect.map(Effect.flatMap(currentUser, (caller) => suspendLicence(caller, path.id, payload)), data))
    .handle("revokeLicence", ({ path, payload }) => Effect.map(Effect.flatMap(currentUser, (caller) => revokeLicence(caller, path.id, payload)), data))
    .handle("reinstateLicence", ({ path, payload }) =>
      Effect.map(Effect.flatMap(currentUser, (caller) => reinstateLicence(caller, path.id, payload)), data))
    .handle("addEndorsement", ({ path, payload }) => Effect.map(Effect.flatMap(currentUser, (caller) => addEndorsement(caller, path.id, payload)), data))
    .handle("removeEndorsement", ({ path, payload }) =>
      Effect.map(Effect.flatMap(currentUser, (caller) => removeEndorsement(caller, path.id, path.endorsementId, payload)), data))
    .handle("listPncEvents", ({ urlParams: { civilianId, limit, offset, vehicleId } }) =>
      Effect.map(Effect.flatMap(currentCaller, (caller) => listPncEvents(caller, { civilianId, vehicleId }, { limit, offset })), list)))
