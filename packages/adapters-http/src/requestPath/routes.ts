import { Effect, type Layer } from "effect"
import { FindMyWay, HttpRouter, HttpServerRequest } from "effect/http"
import { HttpApi, type HttpApiGroup } from "effect/http-api"
import { errorResponse } from "../errors/respond.js"

/** A route served beside the API description (the documents, the composition's extra routes). */
export interface ExtraRoute {
  readonly method: string
  readonly path: string
}

/**
 * Routes the composition mounts beside the API (the development providers):
 * the layer that adds them to the server's router, and their routes, so that
 * a known path asked for with another method is answered `405` like the
 * API's. The HTTP adapter serves them without knowing what they are.
 */
export interface ExtraRoutes {
  readonly layer: Layer.Layer<never, never, HttpRouter.HttpRouter>
  readonly routes: ReadonlyArray<ExtraRoute>
}

/** The path of a request target, without its query: the target is split, never parsed as a URL. */
export const pathnameOf = (url: string): string => {
  const query = url.indexOf("?")
  return query === -1 ? url : url.slice(0, query)
}

/**
 * The router's settings: find-my-way's defaults (a trailing slash and
 * repeated slashes ignored, paths case-insensitive) and no limit of its own
 * on a path parameter. Past 100 characters it would give up on the parameter
 * and report the route as unknown before the `Id` schema could refuse it with
 * `400`; Node's header limit (16 KiB for the request line and headers)
 * already bounds one.
 */
export const ROUTER_CONFIG = { maxParamLength: Number.MAX_SAFE_INTEGER }

/** The methods a known path answers `405` to when it has no route of that method (a `HEAD` takes the `GET`'s, as the router does). */
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const

/** Every route of the API, and those beside it, as method and path. */
export const routesOf = <Id extends string, Groups extends HttpApiGroup.Constraint>(
  api: HttpApi.HttpApi<Id, Groups>,
  extra: ReadonlyArray<ExtraRoute>
): ReadonlyArray<ExtraRoute> => {
  const routes: Array<ExtraRoute> = [...extra]
  HttpApi.reflect(api, { onGroup: () => {}, onEndpoint: ({ endpoint }) => routes.push({ method: endpoint.method, path: endpoint.path }) })
  return routes
}

/**
 * The `405` routes: for each known path, a route for every method it has
 * none of, answering `405 METHOD_NOT_ALLOWED` with `Allow` listing the
 * methods it has; so the router answers a wrong method itself, and only a
 * path no route knows is left to `404`. Which methods a path has is asked of
 * a matcher with the router's own settings holding the real routes, with the
 * path's pattern as the request: a method another route already answers on
 * that path (`DELETE /things/new` taken by `DELETE /things/:id`) gets no
 * `405` route, which would hide it. Worked out once, when the server starts.
 */
export const methodNotAllowedRoutes = (
  routes: ReadonlyArray<ExtraRoute>
): ReadonlyArray<{ readonly path: string; readonly method: string; readonly allow: string }> => {
  const matcher = FindMyWay.make<true>(ROUTER_CONFIG)
  for (const route of routes) matcher.on(route.method, route.path as FindMyWay.PathInput, true)
  const answered = (method: string, path: string) => matcher.find(method, path) !== undefined
  const paths = [...new Set(routes.map((route) => route.path))]
  return paths.flatMap((path) => {
    const allowed = METHODS.filter((method) => answered(method, path))
    const allow = [...allowed].sort().join(", ")
    return METHODS.filter((method) => !allowed.includes(method)).map((method) => ({ path, method, allow }))
  })
}

const methodNotAllowed = (allow: string) =>
  HttpServerRequest.HttpServerRequest.use((request) =>
    errorResponse({
      code: "METHOD_NOT_ALLOWED",
      message: `${request.method} is not allowed on ${pathnameOf(request.url)}; use ${allow}`,
      headers: { allow }
    })
  )

/** The router's `405` for each route `methodNotAllowedRoutes` finds. */
export const layerMethodNotAllowed = (routes: ReadonlyArray<ExtraRoute>) =>
  HttpRouter.use((router) =>
    Effect.forEach(
      methodNotAllowedRoutes(routes),
      // The router's type lists the methods it knows by name; every one of METHODS is among them.
      ({ path, method, allow }) => router.add(method as (typeof METHODS)[number], path as HttpRouter.PathInput, methodNotAllowed(allow)),
      { discard: true }
    )
  )
