import { bookOff, bookOn, myMdt, setMyUnitStatus } from "@bluelight/core/cad"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { BluelightApi } from "@bluelight/api/Api.js"
import { currentUser } from "../auth/currentUser.js"
import { data } from "./present.js"

export const MdtHandlers = HttpApiBuilder.group(BluelightApi, "mdt", (handlers) =>
  handlers
    .handle("myMdt", () => Effect.flatMap(currentUser, myMdt).pipe(Effect.map(data)))
    .handle("bookOn", ({ payload }) => Effect.flatMap(currentUser, (user) => bookOn(user, payload)).pipe(Effect.map(data)))
    .handle("bookOff", () => Effect.flatMap(currentUser, bookOff).pipe(Effect.map(data)))
    .handle("setMyUnitStatus", ({ payload }) =>
      Effect.flatMap(currentUser, (user) => setMyUnitStatus(user, payload.status, payload.version)).pipe(Effect.map(data))))
