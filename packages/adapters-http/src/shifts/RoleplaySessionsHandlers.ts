import { listRoleplaySessions, moveRoleplaySession, type RoleplayMove, type RoleplaySessionId, scheduleRoleplaySession } from "@bluelight/core/shifts"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { page } from "../envelope.js"
import { BluelightApi } from "@bluelight/api/Api.js"
import { CurrentCaller } from "@bluelight/api/auth/CurrentCaller.js"

const moved = (move: RoleplayMove) => ({ params }: { readonly params: { readonly id: RoleplaySessionId } }) =>
  CurrentCaller.use((caller) => moveRoleplaySession(caller, params.id, move)).pipe(Effect.map((data) => ({ data })))

export const RoleplaySessionsHandlers = HttpApiBuilder.group(BluelightApi, "roleplaySessions", (handlers) =>
  handlers
    .handle("listRoleplaySessions", ({ query: { limit, offset, status } }) => Effect.map(listRoleplaySessions({ status }, { limit, offset }), page))
    .handle("scheduleRoleplaySession", ({ payload }) =>
      CurrentCaller.use((caller) => scheduleRoleplaySession(caller, payload)).pipe(Effect.map((data) => ({ data }))))
    .handle("startRoleplaySession", moved("start"))
    .handle("endRoleplaySession", moved("end"))
    .handle("cancelRoleplaySession", moved("cancel")))
