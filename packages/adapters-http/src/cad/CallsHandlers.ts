import { attachCall, closeCall, listCalls, receiveCall } from "@bluelight/core/cad"
import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { BluelightApi } from "../Api.js"
import { currentCaller } from "../auth/currentUser.js"
import { data, page } from "./present.js"

export const CallsHandlers = HttpApiBuilder.group(BluelightApi, "cadCalls", (handlers) =>
  handlers
    .handle("listCalls", ({ urlParams: { limit, offset, status } }) => Effect.map(listCalls(status, { limit, offset }), page))
    .handle("receiveCall", ({ payload }) => Effect.flatMap(currentCaller, (caller) => receiveCall(caller, payload)).pipe(Effect.map(data)))
    .handle("attachCall", ({ path, payload }) =>
      Effect.flatMap(currentCaller, (caller) => attachCall(caller, path.id, payload.incidentId)).pipe(Effect.map(data)))
    .handle("closeCall", ({ path, payload }) => Effect.flatMap(currentCaller, (caller) => closeCall(caller, path.id, payload.reason)).pipe(Effect.map(data))))
