import { createStaffProfile, findStaffMember, listStaff, staffMemberOf, updateStaffProfile } from "@bluelight/core/identity"
import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { BluelightApi } from "../Api.js"
import { currentCaller } from "../auth/currentUser.js"

export const StaffHandlers = HttpApiBuilder.group(BluelightApi, "staff", (handlers) =>
  handlers
    .handle("listStaff", ({ urlParams: { limit, offset, active } }) =>
      Effect.map(listStaff({ active }, { limit, offset }), (page) => ({ data: page.items, meta: page.meta })))
    .handle("getStaff", ({ path }) => Effect.map(findStaffMember(path.id), (data) => ({ data })))
    .handle("createStaff", ({ payload }) =>
      Effect.flatMap(currentCaller, (caller) => createStaffProfile(caller, payload)).pipe(
        Effect.flatMap(staffMemberOf),
        Effect.map((data) => ({ data }))
      ))
    .handle("updateStaff", ({ path, payload }) =>
      Effect.flatMap(currentCaller, (caller) => updateStaffProfile(caller, path.id, payload)).pipe(
        Effect.flatMap(staffMemberOf),
        Effect.map((data) => ({ data }))
      )))
