import type { AccessRule, AccountDisabled, Forbidden, Unauthenticated, UserRequired } from "@bluelight/core/identity"
import type { InvalidInput } from "@bluelight/core/kernel"
import { Context, type Option, type Schema } from "effect"
import type { HttpMethod } from "effect/http"
import { type HttpApiEndpoint, OpenApi } from "effect/http-api"
import type { InvalidOrigin, RateLimited } from "./auth/errors.js"
import { mergedErrors } from "./errors/merged.js"
import { accessRefusalsOf, requestRefusalsOf } from "./errors/refusals.js"
import type { InternalError, PayloadTooLarge, UnsupportedMediaType } from "./errors/requestPath.js"
import { tryItDescription } from "./openapi/tryItNotes.js"
import { securityOf } from "./openapi/security.js"

/** What reading a mark needs of an endpoint: its annotations, whatever its types. */
type Annotated = Pick<HttpApiEndpoint.Top, "annotations">

/** The methods whose requests carry no body the server reads, and spend the read budget (`methods.ts`). */
type Bodiless = "GET" | "HEAD"

/** Whether an endpoint decodes any input (a path, query, headers or body schema), from its types. */
type Decodes<Params, Query, Payload, Headers> = [Params | Query | Payload | Headers] extends [never] ? false : true

/**
 * The refusals of AccessControl under `rule`, as types (`accessRefusalsOf`
 * at run time): none for a public operation; for any other, no valid caller,
 * a disabled account, a spent budget (until `notRateLimited` takes it out),
 * a cookie write from another origin, a credential where only a person may
 * act and a missing permission.
 */
export type AccessRefusals<Rule extends AccessRule, Method> = [Rule["access"]] extends ["public"] ? never :
  | typeof Unauthenticated
  | typeof AccountDisabled
  | typeof RateLimited
  | (Method extends Bodiless ? never : typeof InvalidOrigin)
  | ("session" extends Rule["access"] ? typeof UserRequired : never)
  | (Rule["permissions"] extends readonly [] ? never : typeof Forbidden)

/**
 * The refusals of the request path, as types (`requestRefusalsOf` at run
 * time): a defect anywhere; input that does not decode where there is some;
 * and, where a body may come, one too large, of the wrong type or malformed
 * (until `readsOwnBody` takes the last two out).
 */
export type RequestRefusals<Method, Params, Query, Payload, Headers> =
  | typeof InternalError
  | (Method extends Bodiless ? (Decodes<Params, Query, Payload, Headers> extends true ? typeof InvalidInput : never)
    : typeof InvalidInput | typeof PayloadTooLarge | typeof UnsupportedMediaType)

/**
 * What each step of declaring an endpoint does to its error type, from its
 * access rule (for `allow`), its method, its input and the errors it declared
 * so far.
 */
interface ErrorsAfter<
  Rule extends AccessRule,
  Method extends HttpMethod.HttpMethod,
  Params extends Schema.Top,
  Query extends Schema.Top,
  Payload extends Schema.Top,
  Headers extends Schema.Top,
  Error extends Schema.Top
> {
  /** `withRefusals`: the same (the run-time set is made again from the marks). */
  readonly kept: Error
  /** `allow`: with what AccessControl under the rule and the request path can refuse. */
  readonly allowed: Error | AccessRefusals<Rule, Method> | RequestRefusals<Method, Params, Query, Payload, Headers>
  /** `readsOwnBody`: without a body of the wrong type, nor a malformed one where nothing else decodes. */
  readonly ownBody: Exclude<Error, typeof UnsupportedMediaType | (Decodes<Params, Query, Payload, Headers> extends true ? never : typeof InvalidInput)>
  /** `notRateLimited`: without a spent budget. */
  readonly notRateLimited: Exclude<Error, typeof RateLimited>
}

/** The steps of declaring an endpoint, by what they do to its errors. */
type Change = keyof ErrorsAfter<AccessRule, HttpMethod.HttpMethod, never, never, never, never, never>

/**
 * One step of declaring an endpoint (`withRefusals`, `allow`, a mark): it
 * answers the same endpoint with every type parameter kept but its errors,
 * which change as `ErrorsAfter` says under `How`. Stated once for them all.
 */
interface Step<How extends Change, Rule extends AccessRule = never> {
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
    endpoint: HttpApiEndpoint.HttpApiEndpoint<Name, Method, Path, Params, Query, Payload, Headers, Success, Error, Middleware, MiddlewareServices>
  ): HttpApiEndpoint.HttpApiEndpoint<
    Name,
    Method,
    Path,
    Params,
    Query,
    Payload,
    Headers,
    Success,
    ErrorsAfter<Rule, Method, Params, Query, Payload, Headers, Error>[How],
    Middleware,
    MiddlewareServices
  >
}

/**
 * The errors an endpoint's handler declared, kept when `allow` adds the
 * refusals to them, so that a later mark (`notRateLimited`, `readsOwnBody`)
 * can make the set again from them.
 */
const OwnErrors = Context.Reference<ReadonlyArray<Schema.Top> | undefined>("@bluelight/api/OwnErrors", { defaultValue: () => undefined })

/**
 * The endpoint declaring every error it can answer: its handler's own,
 * merged per status with the refusals its access rule, its marks, its method
 * and its input imply (`errors/refusals.ts`). Made again from the handler's
 * own errors each time, so that a mark added later counts.
 */
const withRefusals: Step<"kept"> = (endpoint) => {
  const own = Context.get(endpoint.annotations, OwnErrors) ?? [...endpoint.error]
  const facts = {
    method: endpoint.method,
    rule: accessRuleOf(endpoint),
    rateLimited: isRateLimited(endpoint),
    ownBody: isReadingOwnBody(endpoint),
    decodes: [endpoint.params, endpoint.query, endpoint.headers].some((schema) => schema !== undefined) || endpoint.payload.size > 0
  }
  const error = mergedErrors(own, [...accessRefusalsOf(facts), ...requestRefusalsOf(facts)])
  // `annotate` made a new endpoint: its error set is its own to replace.
  return Object.assign(endpoint.annotate(OwnErrors, own), { error })
}

/** Whether `allow` has declared the endpoint's refusals already (a mark after it makes them again). */
const hasRefusals = (endpoint: Annotated): boolean => Context.get(endpoint.annotations, OwnErrors) !== undefined

/** Where an endpoint keeps its access rule, for the runtime check to read. */
export class AccessRuleOf extends Context.Service<AccessRuleOf, AccessRule>()("@bluelight/api/AccessRuleOf") {}

/** What an operation says of itself in the reference: its OpenAPI summary and description. */
interface Described {
  readonly summary: string
  readonly description: string
}

/** `allow`, after setting the endpoint's summary and description when they are given. */
const allowDescribed = <const Rule extends AccessRule>(rule: Rule, described: Described | undefined): Step<"allowed", Rule> => (endpoint) => {
  const extensions: Record<string, unknown> = {
    "x-bluelight-access": rule.access,
    "x-bluelight-permissions": [...rule.permissions]
  }
  if (rule.alternative !== undefined && rule.alternative.length > 0) {
    extensions["x-bluelight-permissions-alternative"] = [...rule.alternative]
  }
  const describe = (spec: Record<string, unknown>): Record<string, unknown> => ({
    ...spec,
    ...extensions,
    security: securityOf(rule),
    description: tryItDescription(endpoint.method, spec["description"], rule)
  })
  const documented = described === undefined
    ? endpoint
    : endpoint.annotate(OpenApi.Summary, described.summary).annotate(OpenApi.Description, described.description)
  return withRefusals(documented.annotate(AccessRuleOf, rule).annotate(OpenApi.Transform, describe))
}

/**
 * The single declaration of who may call an operation. The rule is kept on the
 * endpoint for the runtime check, and the operation's description is made
 * from it: `x-bluelight-access` and `x-bluelight-permissions` (and
 * `x-bluelight-permissions-alternative` when a key grants access on its own),
 * the `security` schemes it accepts, and the access sentence after the
 * operation's own description, with the notes on trying it from the reference
 * (`openapi/tryItNotes.ts`). All in the endpoint's one OpenAPI `transform`,
 * which runs after its summary and description are set; `override` is left
 * to the endpoint.
 *
 * It also completes the endpoint's errors: the handler's own (`failsWith`)
 * merged with what AccessControl and the request path can refuse it with, so
 * that the contract declares (and a client derived from it reads back, and the
 * description lists) every error the operation can answer. The endpoint's type
 * carries them too. Put `notRateLimited` and `readsOwnBody` after it.
 */
export const allow = <const Rule extends AccessRule>(rule: Rule) => allowDescribed(rule, undefined)

/**
 * An operation's summary and description, then who may call it (`allow`),
 * stated once: `operation(rule)` answers, for a summary and a description,
 * the mark that sets both on an endpoint and declares its access, so that a
 * group states its rule once and each endpoint its words in one line.
 */
export const operation = <const Rule extends AccessRule>(rule: Rule) => (summary: string, description: string) => allowDescribed(rule, { summary, description })

/** The declared rule of an endpoint, if it has one. */
export const accessRuleOf = (endpoint: Annotated): Option.Option<AccessRule> => Context.getOption(endpoint.annotations, AccessRuleOf)

/**
 * A mark: sets `annotation` on an endpoint and answers the same endpoint, its
 * error type without the refusals the mark takes out (`ErrorsAfter`), which
 * the errors made again by `withRefusals` no longer declare.
 */
const mark = <How extends "ownBody" | "notRateLimited">(annotation: Context.Reference<boolean>): Step<How> => (endpoint) => {
  const marked = endpoint.annotate(annotation, true)
  // The error set is a run-time value the type cannot follow: `withRefusals` made it without them.
  return (hasRefusals(marked) ? withRefusals(marked) : marked) as never
}

/**
 * Marks an endpoint that reads its own request body, so that the shared body
 * rules leave its content alone (Developer Access answers every malformed body
 * with `401 AUTHENTICATION_FAILED`, not `400`). The size limit still applies.
 */
export const ReadsOwnBody = Context.Reference<boolean>("@bluelight/api/ReadsOwnBody", { defaultValue: () => false })

export const readsOwnBody = mark<"ownBody">(ReadsOwnBody)

export const isReadingOwnBody = (endpoint: Annotated): boolean => Context.get(endpoint.annotations, ReadsOwnBody)

/**
 * Marks an endpoint the rate limits never refuse, nor count: signing out must
 * work however much of its budget a session has spent. Only for operations
 * that cost little and cannot be repeated to any effect.
 */
export const NotRateLimited = Context.Reference<boolean>("@bluelight/api/NotRateLimited", { defaultValue: () => false })

export const notRateLimited = mark<"notRateLimited">(NotRateLimited)

export const isRateLimited = (endpoint: Annotated): boolean => !Context.get(endpoint.annotations, NotRateLimited)
