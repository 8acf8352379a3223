import { endShift, listShifts, shiftSummary, startShift } from "@bluelight/core/shifts"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { page } from "../envelope.js"
import { BluelightApi } from "@bluelight/api/Api.js"
import { CurrentCaller } from "@bluelight/api/auth/CurrentCaller.js"
import { presentShift } from "./present.js"

export const ShiftsHandlers = HttpApiBuilder.group(BluelightApi, "shifts", (handlers) =>
  handlers
    .handle("listShifts", ({ query: { limit, offset, ...filter } }) =>
      CurrentCaller.use((caller) => listShifts(caller, filter, { limit, offset })).pipe(
        Effect.map((page) => ({ data: page.items.map(presentShift), meta: page.meta }))
      ))
    .handle("shiftSummary", ({ query: { limit, offset, ...range } }) => Effect.map(shiftSummary(range, { limit, offset }), page))
    .handle("startShift", ({ payload }) =>
      CurrentCaller.use((caller) => startShift(caller, payload)).pipe(Effect.map((shift) => ({ data: presentShift(shift) }))))
    .handle("endShift", ({ payload }) =>
      CurrentCaller.use((caller) => endShift(caller, payload)).pipe(Effect.map((shift) => ({ data: presentShift(shift) })))))
