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
  readonly endpoint: ReflectedEndpoint | null
  /** The route reads its own body (a form post), so the JSON body rules leave it alone. */
  readonly ownBody: boolean
  /** An API operation that declares no body: a body it is sent may hold nothing (`{}` at most). */
  readonly takesNoBody: boolean
  /** An API operation that declares a (JSON) body it decodes itself: a `Content-Type` sent to it must be JSON, body or not. */
  readonly takesJsonBody: boolean
  /** The largest body the route takes: 16 KiB unless its endpoint declares more (`maxBodyBytes`). */
  readonly maxBodyBytes: number
  /** The raw (still percent-encoded) path parameters of `pathname`, or `null` when it is not this route's. */
  readonly paramsOf: (pathname: string) => Readonly<Record<string, string>> | null
}

/** A route served beside the API description (docs, development providers). */
export interface ExtraRoute {
  readonly method: string
  readonly path: string
  readonly ownBody?: boolean
}

/** The path of a request target, without its query: the target is split, never parsed as a URL. */
export const pathnameOf = (url: string): string => {
  const query = url.indexOf("?")
  return query === -1 ? url : url.slice(0, query)
}

/** A path segment: a literal, or a parameter matching any non-empty segment. */
type Segment = { readonly literal: string } | { readonly param: string }

const segmentsOf = (path: string): ReadonlyArray<Segment> =>
  path.split("/").map((segment) => (segment.startsWith(":") ? { param: segment.slice(1).replace(/\?$/, "") } : { literal: segment }))

const matcher = (path: string) => {
  const segments = segmentsOf(path)
  return (pathname: string): Readonly<Record<string, string>> | null => {
    const parts = pathname.split("/")
    if (parts.length !== segments.length) return null
    const params: Record<string, string> = {}
    for (let i = 0; i < segments.length; i++) {
      const segment = segments[i]!
      const part = parts[i]!
      if ("literal" in segment) {
        if (part !== segment.literal) return null
      } else {
        if (part === "") return null
        params[segment.param] = part
      }
    }
    return params
  }
}

const paramCount = (path: string) => path.split("/").filter((segment) => segment.startsWith(":")).length

/** The routes of one method: literal paths by path, parameterised ones fewest parameters first. */
interface MethodTable {
  readonly literal: Map<string, RouteEntry>
  readonly parameterised: Array<RouteEntry>
}

/**
 * Every route the server answers, built once from the API description (plus
 * the routes outside it, such as the docs page), so that a wrong method can be
 * told from an unknown path and a decode failure can be traced to its endpoint.
 * A lookup is one map read for a literal path, else a segment-wise match of
 * that method's parameterised routes, already in preference order.
 */
export class RouteIndex {
  private readonly byRoute: ReadonlyMap<string, ReflectedEndpoint | null>
  private readonly byMethod = new Map<string, MethodTable>()
  private readonly methods: ReadonlyArray<string>

  private constructor(entries: ReadonlyArray<RouteEntry>) {
    this.byRoute = new Map(entries.map((entry) => [`${entry.method} ${entry.path}`, entry.endpoint]))
    // Fewest parameters first, as the router prefers literal segments; the sort is stable, so ties keep declaration order.
    for (const entry of [...entries].sort((a, b) => paramCount(a.path) - paramCount(b.path))) {
      let table = this.byMethod.get(entry.method)
      if (table === undefined) {
        table = { literal: new Map(), parameterised: [] }
        this.byMethod.set(entry.method, table)
      }
      if (paramCount(entry.path) === 0) {
        if (!table.literal.has(entry.path)) table.literal.set(entry.path, entry)
      } else {
        table.parameterised.push(entry)
      }
    }
    this.methods = [...this.byMethod.keys()].sort()
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
        endpoint,
        ownBody,
        takesNoBody: endpoint !== null && !ownBody && endpoint.payload.size === 0,
        takesJsonBody: endpoint !== null && !ownBody && endpoint.payload.size > 0,
        maxBodyBytes: (endpoint === null ? undefined : maxBodyBytesOf(endpoint)) ?? MAX_BODY_BYTES,
        paramsOf: matcher(path)
      })
    HttpApi.reflect(api, {
      onGroup: () => {},
      onEndpoint: ({ endpoint }) => add(endpoint.method, endpoint.path, endpoint, isReadingOwnBody(endpoint))
    })
    for (const route of extra) add(route.method, route.path, null, route.ownBody ?? false)
    return new RouteIndex(entries)
  }

  /** The route for this method and path, preferring literal segments over parameters as the router does. */
  find(method: string, pathname: string): RouteEntry | undefined {
    const table = this.byMethod.get(method)
    if (table === undefined) return undefined
    const literal = table.literal.get(pathname)
    if (literal !== undefined) return literal
    for (const entry of table.parameterised) {
      if (entry.paramsOf(pathname) !== null) return entry
    }
    return undefined
  }

  /** The endpoint declared for a route pattern, as the router reports it (`GET`, `/api/staff/:id`). */
  endpointOf(method: string, path: string): ReflectedEndpoint | null {
    return this.byRoute.get(`${method} ${path}`) ?? null
  }

  /** The methods that this path answers to, for `405` and its `Allow` header. */
  methodsFor(pathname: string): ReadonlyArray<string> {
    return this.methods.filter((method) => this.find(method, pathname) !== undefined)
  }
}
