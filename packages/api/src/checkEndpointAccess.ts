import { type Caller, checkAccess } from "@bluelight/core/identity"
import { Effect, Option } from "effect"
import type { HttpApiEndpoint } from "effect/http-api"
import { accessRuleOf } from "./access.js"

/**
 * The access check the server makes before `endpoint`'s use case, for a tool
 * or a harness that calls the core directly (the core's use cases trust their
 * caller): it fails as the server would answer (`Unauthenticated`,
 * `UserRequired`, `Forbidden` with the missing permission). An endpoint
 * without a rule is a defect of the contract, not a refusal.
 *
 *   checkEndpointAccess(BluelightApi.groups.cadCalls.endpoints.closeCall, caller).pipe(Effect.andThen(closeCall(caller, id, reason)))
 */
export const checkEndpointAccess = (endpoint: Pick<HttpApiEndpoint.Top, "annotations" | "identifier">, caller: Caller | null) =>
  Option.match(accessRuleOf(endpoint), {
    onNone: () => Effect.die(new Error(`the contract declares no access rule for ${endpoint.identifier}`)),
    onSome: (rule) => checkAccess(rule, caller)
  })
