import { createStaffProfile, StaffProfiles, type StaffProfile, updateStaffProfile } from "@bluelight/core/identity"
import { NotFound } from "@bluelight/core/kernel"
import { HttpApiBuilder } from "@effect/platform"
import { Effect, Option } from "effect"
import { BluelightApi } from "../Api.js"
import { currentCaller } from "../auth/currentUser.js"
import { presentStaff } from "./present.js"

const present = (profile: StaffProfile) => Effect.map(presentStaff([profile]), (views) => views[0]!)

export const StaffHandlers = HttpApiBuilder.group(BluelightApi, "staff", (handlers) => Effect.gen(function*() {
  const staff = yield* StaffProfiles
  return handlers
    .handle("listStaff", ({ urlParams: { limit, offset, active } }) =>
      Effect.gen(function*() {
        const page = yield* staff.list({ active }, { limit, offset })
        return { data: yield* presentStaff(page.items), meta: page.meta }
      }))
    .handle("getStaff", ({ path }) =>
      Effect.gen(function*() {
        const profile = yield* staff.findById(path.id)
        if (Option.isNone(profile)) return yield* new NotFound({ message: "No such staff profile" })
        return { data: yield* present(profile.value) }
      }))
    .handle("createStaff", ({ payload }) =>
      Effect.flatMap(Effect.flatMap(currentCaller, (caller) => createStaffProfile(caller, payload)), (profile) =>
        Effect.map(present(profile), (data) => ({ data }))))
    .handle("updateStaff", ({ path, payload }) =>
      Effect.flatMap(Effect.flatMap(currentCaller, (caller) => updateStaffProfile(caller, path.id, payload)), (profile) =>
        Effect.map(present(profile), (data) => ({ data }))))
}))
