import type { Layer } from "effect"
import { FindMyWay, type HttpRouter } from "effect/http"
import { HttpApi, type HttpApiEndpoint, type HttpApiGroup } from "effect/http-api"
import { isReadingOwnBody } from "@bluelight/api/access.js"
import { maxBodyBytesOf } from "@bluelight/api/bodyLimit.js"
import { MAX_BODY_BYTES } from "./bodyRules.js"

/** An endpoint as `HttpApi.reflect` hands it over: its schemas and annotations, whatever its types. */
export type ReflectedEndpoint = HttpApiEndpoint.Top

/** One route of the API, matchable against a raw request path. */
export interface RouteEntry {
  readonly method: string
  readonly path: string
  /** The route reads its own body (a form post), so the JSON body rules leave it alone. */
  readonly ownBody: boolean
  /** An API operation that declares no body: a body it is sent may hold nothing (`{}` at most). */
  readonly takesNoBody: boolean
  /** An API operation that declares a (JSON) body it decodes itself: a `Content-Type` sent to it must be JSON, body or not. */
  readonly takesJsonBody: boolean
  /** The largest body the route takes: 16 KiB unless its endpoint declares more (`maxBodyBytes`). */
  readonly maxBodyBytes: number
}

/** A route served beside the API description (docs, the composition's extra routes). */
export interface ExtraRoute {
  readonly method: string
  readonly path: string
  readonly ownBody?: boolean
}

/**
 * Routes the composition mounts beside the API (the development providers): the
 * layer that adds them to the server's router, and their routes for the route
 * index, so the request path knows them and their body rules. The HTTP adapter
 * serves them without knowing what they are.
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
 * The router's own settings, shared by the server's router and this index so
 * that the two always match a request alike: find-my-way's defaults (a
 * trailing slash and repeated slashes ignored, paths case-insensitive) and no
 * limit of its own on a path parameter. Past 100 characters it would give up
 * on the parameter and report the route as unknown (a `405` on a known path)
 * before the `Id` schema could refuse it with `400`; Node's header limit
 * (16 KiB for the request line and headers) already bounds one.
 */
export const ROUTER_CONFIG = { maxParamLength: Number.MAX_SAFE_INTEGER }

/**
 * Every route the server answers, built once from the API description (plus
 * the routes outside it, such as the docs page), so that the request path can
 * apply an operation's body rules before the router runs, log the route it
 * took, and tell a wrong method from an unknown path. The matching is the
 * router's own (Effect's find-my-way, with `ROUTER_CONFIG`), so this index and
 * the router never disagree on what a request names.
 */
export class RouteIndex {
  private readonly router = FindMyWay.make<RouteEntry>(ROUTER_CONFIG)
  private readonly methods: ReadonlyArray<string>

  private constructor(entries: ReadonlyArray<RouteEntry>) {
    for (const entry of entries) this.router.on(entry.method, entry.path as FindMyWay.PathInput, entry)
    this.methods = [...new Set(entries.map((entry) => entry.method))].sort()
  }

  static fromApi<Id extends string, Groups extends HttpApiGroup.Constraint>(
    api: HttpApi.HttpApi<Id, Groups>,
    extra: ReadonlyArray<ExtraRoute>
  ) {
    const entries: Array<RouteEntry> = []
    const add = (method: string, path: string, endpoint: ReflectedEndpoint | null, ownBody: boolean) =>
      entries.push({
        method,
        path,
        ownBody,
        takesNoBody: endpoint !== null && !ownBody && endpoint.payload.size === 0,
        takesJsonBody: endpoint !== null && !ownBody && endpoint.payload.size > 0,
        maxBodyBytes: (endpoint === null ? undefined : maxBodyBytesOf(endpoint)) ?? MAX_BODY_BYTES
      })
    HttpApi.reflect(api, {
      onGroup: () => {},
      onEndpoint: ({ endpoint }) => add(endpoint.method, endpoint.path, endpoint, isReadingOwnBody(endpoint))
    })
    for (const route of extra) add(route.method, route.path, null, route.ownBody ?? false)
    return new RouteIndex(entries)
  }

  /** The route the router takes for this method and path (a `HEAD` without its own takes the `GET`, as the router does). */
  find(method: string, pathname: string): RouteEntry | undefined {
    const found = this.router.find(method, pathname) ?? (method === "HEAD" ? this.router.find("GET", pathname) : undefined)
    return found?.handler
  }

  /** The methods that this path answers to, for `405` and its `Allow` header. */
  methodsFor(pathname: string): ReadonlyArray<string> {
    return this.methods.filter((method) => this.router.find(method, pathname) !== undefined)
  }
}
