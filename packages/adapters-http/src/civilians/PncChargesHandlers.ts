import { changeCharge, createCharge, getCharge, listCharges } from "@bluelight/core/civilians"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { data, page } from "../envelope.js"
import { BluelightApi } from "@bluelight/api/Api.js"
import { CurrentUser } from "@bluelight/api/auth/CurrentCaller.js"

export const PncChargesHandlers = HttpApiBuilder.group(BluelightApi, "pncCharges", (handlers) =>
  handlers
    .handle("listCharges", ({ query: { active, limit, offset, search } }) => Effect.map(listCharges({ search, active }, { limit, offset }), page))
    .handle("getCharge", ({ params }) => Effect.map(getCharge(params.id), data))
    .handle("createCharge", ({ payload }) => Effect.map(CurrentUser.use((caller) => createCharge(caller, payload)), data))
    .handle("changeCharge", ({ params, payload }) => Effect.map(CurrentUser.use((caller) => changeCharge(caller, params.id, payload)), data)))
