import type { AccessRule } from "@bluelight/core/identity"
import { Context, type Option, type Schema } from "effect"
import type { HttpMethod } from "effect/http"
import { type HttpApiEndpoint, OpenApi } from "effect/http-api"
import { withAccessSentence } from "./openapi/accessSentence.js"
import { securityOf } from "./openapi/security.js"

/**
 * Any endpoint: `annotate` answers the same type it was given, so marking an
 * endpoint keeps every type parameter and needs no cast.
 */
type Endpoint<
  Name extends string,
  Method extends HttpMethod.HttpMethod,
  Path extends string,
  Params extends Schema.Top,
  Query extends Schema.Top,
  Payload extends Schema.Top,
  Headers extends Schema.Top,
  Success extends Schema.Top,
  Error extends Schema.Top,
  Middleware,
  MiddlewareServices
> = HttpApiEndpoint.HttpApiEndpoint<Name, Method, Path, Params, Query, Payload, Headers, Success, Error, Middleware, MiddlewareServices>

/** What reading a mark needs of an endpoint: its annotations, whatever its types. */
type Annotated = Pick<HttpApiEndpoint.Top, "annotations">

/** Where an endpoint keeps its access rule, for the runtime check to read. */
export class AccessRuleOf extends Context.Service<AccessRuleOf, AccessRule>()("@bluelight/adapters-http/AccessRuleOf") {}

/**
 * The single declaration of who may call an operation. The rule is kept on the
 * endpoint for the runtime check, and the operation's description is made
 * from it: `x-bluelight-access` and `x-bluelight-permissions` (and
 * `x-bluelight-permissions-alternative` when a key grants access on its own),
 * the `security` schemes it accepts, and the access sentence after the
 * operation's own description. All in the endpoint's one OpenAPI `transform`,
 * which runs after its summary and description are set; `override` is left
 * to the endpoint.
 */
export const allow = (rule: AccessRule) =>
<
  Name extends string,
  Method extends HttpMethod.HttpMethod,
  Path extends string,
  Params extends Schema.Top,
  Query extends Schema.Top,
  Payload extends Schema.Top,
  Headers extends Schema.Top,
  Success extends Schema.Top,
  Error extends Schema.Top,
  Middleware,
  MiddlewareServices
>(
  endpoint: Endpoint<Name, Method, Path, Params, Query, Payload, Headers, Success, Error, Middleware, MiddlewareServices>
): Endpoint<Name, Method, Path, Params, Query, Payload, Headers, Success, Error, Middleware, MiddlewareServices> => {
  const extensions: Record<string, unknown> = {
    "x-bluelight-access": rule.access,
    "x-bluelight-permissions": [...rule.permissions]
  }
  if (rule.alternative !== undefined && rule.alternative.length > 0) {
    extensions["x-bluelight-permissions-alternative"] = [...rule.alternative]
  }
  const describe = (operation: Record<string, unknown>): Record<string, unknown> => ({
    ...operation,
    ...extensions,
    security: securityOf(rule),
    description: withAccessSentence(operation["description"], rule)
  })
  return endpoint.annotate(AccessRuleOf, rule).annotate(OpenApi.Transform, describe)
}

/** The declared rule of an endpoint, if it has one. */
export const accessRuleOf = (endpoint: Annotated): Option.Option<AccessRule> =>
  Context.getOption(endpoint.annotations, AccessRuleOf)

/**
 * Marks an endpoint that reads its own request body, so that the shared body
 * rules leave its content alone (Developer Access answers every malformed body
 * with `401 AUTHENTICATION_FAILED`, not `400`). The size limit still applies.
 */
export const ReadsOwnBody = Context.Reference<boolean>("@bluelight/adapters-http/ReadsOwnBody", { defaultValue: () => false })

export const readsOwnBody = <
  Name extends string,
  Method extends HttpMethod.HttpMethod,
  Path extends string,
  Params extends Schema.Top,
  Query extends Schema.Top,
  Payload extends Schema.Top,
  Headers extends Schema.Top,
  Success extends Schema.Top,
  Error extends Schema.Top,
  Middleware,
  MiddlewareServices
>(
  endpoint: Endpoint<Name, Method, Path, Params, Query, Payload, Headers, Success, Error, Middleware, MiddlewareServices>
) => endpoint.annotate(ReadsOwnBody, true)

export const isReadingOwnBody = (endpoint: Annotated): boolean => Context.get(endpoint.annotations, ReadsOwnBody)

/**
 * Marks an endpoint the rate limits never refuse, nor count: signing out must
 * work however much of its budget a session has spent. Only for operations
 * that cost little and cannot be repeated to any effect.
 */
export const NotRateLimited = Context.Reference<boolean>("@bluelight/adapters-http/NotRateLimited", { defaultValue: () => false })

export const notRateLimited = <
  Name extends string,
  Method extends HttpMethod.HttpMethod,
  Path extends string,
  Params extends Schema.Top,
  Query extends Schema.Top,
  Payload extends Schema.Top,
  Headers extends Schema.Top,
  Success extends Schema.Top,
  Error extends Schema.Top,
  Middleware,
  MiddlewareServices
>(
  endpoint: Endpoint<Name, Method, Path, Params, Query, Payload, Headers, Success, Error, Middleware, MiddlewareServices>
) => endpoint.annotate(NotRateLimited, true)

export const isRateLimited = (endpoint: Annotated): boolean => !Context.get(endpoint.annotations, NotRateLimited)
