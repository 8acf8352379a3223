import { Context, type Schema } from "effect"
import type { HttpMethod } from "effect/http"
import type { HttpApiEndpoint } from "effect/http-api"

/**
 * The largest body an operation takes, when it is not the request path's
 * usual 16 KiB: the game's event webhook takes up to 64 KiB, because the game
 * batches its events and a delivery must be read whole to verify its
 * signature. Read by the request path before anything of the body is.
 */
export const MaxBodyBytes = Context.Reference<number | undefined>("@bluelight/api/MaxBodyBytes", { defaultValue: () => undefined })

/** Marks an endpoint as taking bodies up to `bytes` (the same endpoint, its types kept). */
export const maxBodyBytes = (bytes: number) =>
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
) => endpoint.annotate(MaxBodyBytes, bytes)

/** The body limit an endpoint declares, if it declares one. */
export const maxBodyBytesOf = (endpoint: Pick<HttpApiEndpoint.Top, "annotations">): number | undefined => Context.get(endpoint.annotations, MaxBodyBytes)
