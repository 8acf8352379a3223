import type { AccessRule } from "@bluelight/core/identity"
import { HttpApiEndpoint, OpenApi } from "@effect/platform"
import { Context, Option } from "effect"

/** What reading a mark needs of an endpoint: its annotations, whatever its types. */
type Annotated = Pick<HttpApiEndpoint.HttpApiEndpoint.AnyWithProps, "annotations">

/** Where an endpoint keeps its access rule, for the runtime check to read. */
export class AccessRuleOf extends Context.Tag("@bluelight/adapters-http/AccessRuleOf")<AccessRuleOf, AccessRule>() {}

/**
 * The single declaration of who may call an operation. The rule is kept on the
 * endpoint for the runtime check and written into the OpenAPI description as
 * `x-bluelight-access` and `x-bluelight-permissions` (and
 * `x-bluelight-permissions-alternative` when a key grants access on its own),
 * all in one `override` because a later override replaces an earlier one.
 */
export const allow = (rule: AccessRule) =>
<E extends HttpApiEndpoint.HttpApiEndpoint.Any>(endpoint: E): E => {
  const extensions: Record<string, unknown> = {
    "x-bluelight-access": rule.access,
    "x-bluelight-permissions": [...rule.permissions]
  }
  if (rule.alternative !== undefined && rule.alternative.length > 0) {
    extensions["x-bluelight-permissions-alternative"] = [...rule.alternative]
  }
  const annotated = (endpoint as unknown as HttpApiEndpoint.HttpApiEndpoint.AnyWithProps)
    .annotate(AccessRuleOf, rule)
    .annotateContext(OpenApi.annotations({ override: extensions }))
  return annotated as unknown as E
}

/** The declared rule of an endpoint, if it has one. */
export const accessRuleOf = (endpoint: Annotated): Option.Option<AccessRule> =>
  Context.getOption(endpoint.annotations, AccessRuleOf)

/**
 * Marks an endpoint that reads its own request body, so that the shared body
 * rules leave its content alone (Developer Access answers every malformed body
 * with `401 AUTHENTICATION_FAILED`, not `400`). The size limit still applies.
 */
export class ReadsOwnBody extends Context.Tag("@bluelight/adapters-http/ReadsOwnBody")<ReadsOwnBody, true>() {}

export const readsOwnBody = <E extends HttpApiEndpoint.HttpApiEndpoint.Any>(endpoint: E): E =>
  (endpoint as unknown as HttpApiEndpoint.HttpApiEndpoint.AnyWithProps).annotate(ReadsOwnBody, true) as unknown as E

export const isReadingOwnBody = (endpoint: Annotated): boolean =>
  Option.getOrElse(Context.getOption(endpoint.annotations, ReadsOwnBody), () => false)

/**
 * Marks an endpoint the rate limits never refuse, nor count: signing out must
 * work however much of its budget a session has spent. Only for operations
 * that cost little and cannot be repeated to any effect.
 */
export class NotRateLimited extends Context.Tag("@bluelight/adapters-http/NotRateLimited")<NotRateLimited, true>() {}

export const notRateLimited = <E extends HttpApiEndpoint.HttpApiEndpoint.Any>(endpoint: E): E =>
  (endpoint as unknown as HttpApiEndpoint.HttpApiEndpoint.AnyWithProps).annotate(NotRateLimited, true) as unknown as E

export const isRateLimited = (endpoint: Annotated): boolean =>
  !Option.getOrElse(Context.getOption(endpoint.annotations, NotRateLimited), () => false)
