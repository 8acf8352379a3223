import { attachCall, closeCall, listCalls, receiveCall } from "@bluelight/core/cad"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { BluelightApi } from "@bluelight/api/Api.js"
import { CurrentCaller } from "@bluelight/api/auth/CurrentCaller.js"
import { data, page } from "../envelope.js"

export const CallsHandlers = HttpApiBuilder.group(BluelightApi, "cadCalls", (handlers) =>
  handlers
    .handle("listCalls", ({ query: { limit, offset, status } }) => Effect.map(listCalls(status, { limit, offset }), page))
    .handle("receiveCall", ({ payload }) => CurrentCaller.use((caller) => receiveCall(caller, payload)).pipe(Effect.map(data)))
    .handle("attachCall", ({ params, payload }) => CurrentCaller.use((caller) => attachCall(caller, params.id, payload.incidentId)).pipe(Effect.map(data)))
    .handle("closeCall", ({ params, payload }) => CurrentCaller.use((caller) => closeCall(caller, params.id, payload.reason)).pipe(Effect.map(data))))
