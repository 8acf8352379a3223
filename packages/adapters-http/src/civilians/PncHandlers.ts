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
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { data, page } from "../envelope.js"
import { BluelightApi } from "@bluelight/api/Api.js"
import { CurrentCaller, CurrentUser } from "@bluelight/api/auth/CurrentCaller.js"

export const PncHandlers = HttpApiBuilder.group(BluelightApi, "pnc", (handlers) =>
  handlers
    .handle("searchCivilians", ({ query: { limit, offset, search } }) => Effect.map(searchCivilians(search ?? "", { limit, offset }), page))
    .handle("getPerson", ({ params }) => Effect.map(CurrentCaller.use((caller) => getOfficialCivilian(caller, params.id)), data))
    .handle("searchVehicles", ({ query: { limit, offset, search } }) => Effect.map(searchVehicles(search ?? "", { limit, offset }), page))
    .handle("getVehicle", ({ params }) => Effect.map(getVehicleRecord(params.id), data))
    .handle("changeVehicleStatuses", ({ params, payload }) => Effect.map(CurrentUser.use((caller) => changeVehicleStatuses(caller, params.id, payload)), data))
    .handle("getLicence", ({ params }) => Effect.map(getOfficialLicence(params.id), data))
    .handle("updateLicence", ({ params, payload }) => Effect.map(CurrentUser.use((caller) => updateLicence(caller, params.id, payload)), data))
    .handle("suspendLicence", ({ params, payload }) => Effect.map(CurrentUser.use((caller) => suspendLicence(caller, params.id, payload)), data))
    .handle("revokeLicence", ({ params, payload }) => Effect.map(CurrentUser.use((caller) => revokeLicence(caller, params.id, payload)), data))
    .handle(
      "reinstateLicence",
      ({ params, payload }) => Effect.map(CurrentUser.use((caller) => reinstateLicence(caller, params.id, payload)), data)
    )
    .handle("addEndorsement", ({ params, payload }) => Effect.map(CurrentUser.use((caller) => addEndorsement(caller, params.id, payload)), data))
    .handle(
      "removeEndorsement",
      ({ params, payload }) => Effect.map(CurrentUser.use((caller) => removeEndorsement(caller, params.id, params.endorsementId, payload)), data)
    )
    .handle(
      "listPncEvents",
      ({ query: { civilianId, limit, offset, vehicleId } }) =>
        Effect.map(CurrentCaller.use((caller) => listPncEvents(caller, { civilianId, vehicleId }, { limit, offset })), page)
    ))
