import { bookOff, bookOn, myMdt, setMyUnitStatus } from "@bluelight/core/cad"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { BluelightApi } from "@bluelight/api/Api.js"
import { CurrentUser } from "@bluelight/api/auth/CurrentCaller.js"
import { data } from "../envelope.js"

export const MdtHandlers = HttpApiBuilder.group(BluelightApi, "mdt", (handlers) =>
  handlers
    .handle("myMdt", () => CurrentUser.use(myMdt).pipe(Effect.map(data)))
    .handle("bookOn", ({ payload }) => CurrentUser.use((user) => bookOn(user, payload)).pipe(Effect.map(data)))
    .handle("bookOff", () => CurrentUser.use(bookOff).pipe(Effect.map(data)))
    .handle("setMyUnitStatus", ({ payload }) => CurrentUser.use((user) => setMyUnitStatus(user, payload.status, payload.version)).pipe(Effect.map(data))))
