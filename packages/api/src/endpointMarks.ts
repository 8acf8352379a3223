import type { AccessRule, AccountDisabled, Forbidden, Permission, Permitted, ProvedBy, Unauthenticated, UserRequired } from "@bluelight/core/identity"
import type { InvalidInput } from "@bluelight/core/kernel"
import type { Context, Schema } from "effect"
import type { HttpMethod } from "effect/http"
import type { HttpApiEndpoint, HttpApiMiddleware } from "effect/http-api"
import type { Authenticated, SignedIn } from "./auth/AccessControlMiddleware.js"
import type { BrowserPages } from "./auth/BrowserPages.js"
import type { InvalidOrigin, RateLimited } from "./auth/errors.js"
import type { InternalError, PayloadTooLarge, UnsupportedMediaType } from "./errors/requestPath.js"

/** What reading a mark needs of an endpoint: its annotations, whatever its types. */
export type Annotated = Pick<HttpApiEndpoint.Top, "annotations">

/** The methods whose requests carry no body the server reads, and spend the read budget (`methods.ts`). */
type Bodiless = "GET" | "HEAD"

/** Whether an endpoint decodes any input (a path, query, headers or body schema), from its types. */
type Decodes<Params, Query, Payload, Headers> = [Params | Query | Payload | Headers] extends [never] ? false : true

/**
 * The refusals of the access middleware under `rule`, as types (`accessRefusalsOf`
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
  /** `withRefusals` (the run-time set is made again from the marks) and the marks that only annotate: the same. */
  readonly kept: Error
  /** `allow`: with what the access middleware under the rule and the request path can refuse. */
  readonly allowed: Error | AccessRefusals<Rule, Method> | RequestRefusals<Method, Params, Query, Payload, Headers>
  /** `readsOwnBody`: without a body of the wrong type, nor a malformed one where nothing else decodes. */
  readonly ownBody: Exclude<Error, typeof UnsupportedMediaType | (Decodes<Params, Query, Payload, Headers> extends true ? never : typeof InvalidInput)>
  /** `notRateLimited`: without a spent budget. */
  readonly notRateLimited: Exclude<Error, typeof RateLimited>
  /** `browserFlow`: the same errors, answered as pages to a browser. */
  readonly browserFlow: Error
}

/** The steps of declaring an endpoint, by what they do to its errors. */
type Change = keyof ErrorsAfter<AccessRule, HttpMethod.HttpMethod, never, never, never, never, never>

/** The key under which a middleware's identifier states what it provides. */
type MiddlewareTypeId = keyof HttpApiMiddleware.AnyId

/**
 * The access middleware `M` as one endpoint has it: providing the proofs of
 * the endpoint's own rule only (`ProvedBy<Rule>`), out of all that `M`
 * declares. The same service at run time, which admits the caller under
 * that very rule; so a handler may run a use case that `requires` only keys
 * its endpoint's rule names, and the type checker says so.
 */
type Proving<M extends HttpApiMiddleware.AnyId, Rule extends AccessRule> =
  & Omit<M, MiddlewareTypeId>
  & {
    readonly [K in MiddlewareTypeId]: Omit<M[K], "provides"> & {
      readonly provides: Exclude<M[K]["provides"], Permitted<Permission>> | ProvedBy<Rule>
    }
  }

/**
 * The middleware `allow` puts on an endpoint under `rule`: none on a public
 * one, `SignedIn` on a `session` one, else `Authenticated`, each proving the
 * rule's keys (`Proving`); no other step adds any.
 */
export type AccessMiddleware<How extends Change, Rule extends AccessRule> = How extends "allowed" ? [Rule["access"]] extends ["public"] ? never
  : [Rule["access"]] extends ["session"] ? Proving<SignedIn, Rule>
  : Proving<Authenticated, Rule>
  : How extends "browserFlow" ? BrowserPages
  : never

/**
 * One step of declaring an endpoint (`withRefusals`, `allow`, a mark): it
 * answers the same endpoint with every type parameter kept but its errors,
 * which change as `ErrorsAfter` says under `How`, and, for `allow`, its
 * middleware (`AccessMiddleware`), whose caller its handler is given. Stated
 * once for them all.
 */
export interface Step<How extends Change, Rule extends AccessRule = never> {
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
    Middleware | AccessMiddleware<How, Rule>,
    HttpApiMiddleware.ApplyServices<AccessMiddleware<How, Rule>, MiddlewareServices>
  >
}

/**
 * A mark that only annotates: sets `key` on an endpoint to what `valueFor`
 * makes of the endpoint as declared so far (an annotation it already has, to
 * build on), and answers the same endpoint, every type kept. What reads the
 * annotation (the request path, the description) gives it its meaning.
 */
export const annotatedBy = <I, S>(key: Context.Key<I, S>, valueFor: (endpoint: Annotated) => NoInfer<S>): Step<"kept"> => (endpoint) =>
  endpoint.annotate(key, valueFor(endpoint))

/** A mark that only annotates: sets `key` to `value` on an endpoint (`annotatedBy`, whatever the endpoint). */
export const annotated = <I, S>(key: Context.Key<I, S>, value: NoInfer<S>): Step<"kept"> => annotatedBy(key, () => value)
