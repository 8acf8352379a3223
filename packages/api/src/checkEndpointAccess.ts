import { type Caller, checkAccess } from "@bluelight/core/identity"
import { Effect, Option } from "effect"
import type { HttpApiEndpoint } from "effect/http-api"
import { accessRuleOf } from "./access.js"

/**
 * The access check the server makes before `endpoint`'s use case, with the
 * contract's rule for it: it fails as the server would answer
 * (`Unauthenticated`, `UserRequired`, `Forbidden` with the missing
 * permission). An endpoint without a rule is a defect of the contract, not a
 * refusal. A tool that runs the use case itself admits its caller with
 * core's `admitted(rule, caller)`, which the use case's requirements demand
 * (`requires`); a rule written out in TypeScript proves its keys there, and
 * this check tells a tool what the contract's rule says.
 */
export const checkEndpointAccess = (endpoint: Pick<HttpApiEndpoint.Top, "annotations" | "identifier">, caller: Caller | null) =>
  Option.match(accessRuleOf(endpoint), {
    onNone: () => Effect.die(new Error(`the contract declares no access rule for ${endpoint.identifier}`)),
    onSome: (rule) => checkAccess(rule, caller)
  })
