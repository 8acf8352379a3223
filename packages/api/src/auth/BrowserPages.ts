import type { Schema } from "effect"
import type { HttpMethod } from "effect/http"
import { type HttpApiEndpoint, HttpApiMiddleware } from "effect/http-api"

/**
 * A browser flow's answer as a page: signing in, linking a game-platform
 * account and signing out are reached by navigating (or by a form), so a
 * browser that asks for HTML gets a short page giving the reason of a refusal
 * and a way to start again, under the refusal's status and headers, and a
 * sign-out that worked goes back to the home page (`303`). API clients keep
 * the JSON. The server's implementation is `layerBrowserPages`.
 */
export class BrowserPages extends HttpApiMiddleware.Service<BrowserPages>()("@bluelight/api/BrowserPages") {}

/**
 * Marks an operation a browser reaches by navigating. Put it after `allow`,
 * so that it is outside the access check and its refusals become pages too.
 */
export const browserFlow = <
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
) => endpoint.middleware(BrowserPages)
