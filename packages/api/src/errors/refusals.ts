import type { ErrorCode } from "@bluelight/core/kernel"
import { type Context, Option } from "effect"
import { accessRuleOf, isRateLimited, isReadingOwnBody } from "../access.js"
import { budgetOf, mayHaveBody } from "../methods.js"

/** What the refusals of an operation depend on: its method, its input and its annotations. */
export interface EndpointShape {
  readonly method: string
  readonly annotations: Context.Context<never>
  readonly params: unknown
  readonly query: unknown
  readonly headers: unknown
  readonly payload: ReadonlyMap<string, unknown>
}

/**
 * What AccessControl can refuse an operation with, read from its one access
 * declaration by the rules AccessControl applies: a public operation is never
 * refused; any other is refused without a valid caller or for a disabled
 * account, for a cookie write from another origin, once the caller's budget
 * is spent (unless exempt), for a credential where only a person may act,
 * and for a missing permission.
 */
export const accessRefusalsOf = (endpoint: EndpointShape): ReadonlyArray<ErrorCode> => {
  const rule = accessRuleOf(endpoint)
  if (Option.isNone(rule) || rule.value.access === "public") return []
  return [
    "UNAUTHENTICATED",
    "ACCOUNT_DISABLED",
    ...(budgetOf(endpoint.method) === "write" ? ["INVALID_ORIGIN" as const] : []),
    ...(isRateLimited(endpoint) ? ["RATE_LIMITED" as const] : []),
    ...(rule.value.access === "session" ? ["USER_REQUIRED" as const] : []),
    ...(rule.value.permissions.length > 0 ? ["FORBIDDEN" as const] : [])
  ]
}

/**
 * What the request path can refuse an operation with, by the body rules and
 * the decoding of its input: a method that may carry a body can be too large
 * (`413`) and, unless the operation reads its own body, of the wrong type
 * (`415`) or malformed (`400`); an operation that decodes a path, query,
 * headers or body can get input that does not decode (`400`). Any operation
 * can meet a defect (`500`).
 */
export const requestRefusalsOf = (endpoint: EndpointShape): ReadonlyArray<ErrorCode> => {
  const body = mayHaveBody(endpoint.method)
  const ownBody = isReadingOwnBody(endpoint)
  const decodes = [endpoint.params, endpoint.query, endpoint.headers].some((schema) => schema !== undefined) || endpoint.payload.size > 0
  return [
    ...(decodes || (body && !ownBody) ? ["INVALID_INPUT" as const] : []),
    ...(body ? ["PAYLOAD_TOO_LARGE" as const] : []),
    ...(body && !ownBody ? ["UNSUPPORTED_MEDIA_TYPE" as const] : []),
    "INTERNAL_ERROR"
  ]
}
