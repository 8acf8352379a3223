import { createStaffProfile, findStaffMember, listStaff, staffMemberOf, updateStaffProfile } from "@bluelight/core/identity"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { page } from "../envelope.js"
import { BluelightApi } from "@bluelight/api/Api.js"
import { CurrentCaller } from "@bluelight/api/auth/CurrentCaller.js"

export const StaffHandlers = HttpApiBuilder.group(BluelightApi, "staff", (handlers) =>
  handlers
    .handle("listStaff", ({ query: { limit, offset, active } }) => Effect.map(listStaff({ active }, { limit, offset }), page))
    .handle("getStaff", ({ params }) => Effect.map(findStaffMember(params.id), (data) => ({ data })))
    .handle("createStaff", ({ payload }) =>
      CurrentCaller.use((caller) => createStaffProfile(caller, payload)).pipe(
        Effect.flatMap(staffMemberOf),
        Effect.map((data) => ({ data }))
      ))
    .handle("updateStaff", ({ params, payload }) =>
      CurrentCaller.use((caller) => updateStaffProfile(caller, params.id, payload)).pipe(
        Effect.flatMap(staffMemberOf),
        Effect.map((data) => ({ data }))
      )))
