import { HttpApi, type HttpApiEndpoint, type HttpApiGroup, type HttpMethod } from "@effect/platform"
import { isReadingOwnBody } from "../access.js"

/** An endpoint as `HttpApi.reflect` hands it over: its schemas and annotations, whatever its types. */
export type ReflectedEndpoint = HttpApiEndpoint.HttpApiEndpoint<string, HttpMethod.HttpMethod>

/** One route of the API, matchable against a raw request path. */
export interface RouteEntry {
  readonly method: string
  readonly path: string
  readonly pattern: RegExp
  readonly endpoint: ReflectedEndpoint | null
  /** The route reads its own body (a form post), so the JSON body rules leave it alone. */
  readonly ownBody: boolean
}

/** A route served beside the API description (docs, development providers). */
export interface ExtraRoute {
  readonly method: string
  readonly path: string
  readonly ownBody?: boolean
}

const toPattern = (path: string): RegExp =>
  new RegExp(
    "^" +
      path
        .split("/")
        .map((segment) => (segment.startsWith(":") ? `(?<${segment.slice(1).replace(/\?$/, "")}>[^/]+)` : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
        .join("/") +
      "$"
  )

/**
 * Every route the server answers, built once from the API description (plus
 * the routes outside it, such as the docs page), so that a wrong method can be
 * told from an unknown path and a decode failure can be traced to its endpoint.
 */
export class RouteIndex {
  private readonly byRoute: ReadonlyMap<string, ReflectedEndpoint | null>

  private constructor(private readonly entries: ReadonlyArray<RouteEntry>) {
    this.byRoute = new Map(entries.map((entry) => [`${entry.method} ${entry.path}`, entry.endpoint]))
  }

  static fromApi<Id extends string, Groups extends HttpApiGroup.HttpApiGroup.Any, E, R>(
    api: HttpApi.HttpApi<Id, Groups, E, R>,
    extra: ReadonlyArray<ExtraRoute>
  ) {
    const entries: Array<RouteEntry> = []
    HttpApi.reflect(api, {
      onGroup: () => {},
      onEndpoint: ({ endpoint }) => {
        entries.push({
          method: endpoint.method,
          path: endpoint.path,
          pattern: toPattern(endpoint.path),
          endpoint,
          ownBody: isReadingOwnBody(endpoint)
        })
      }
    })
    for (const route of extra) {
      entries.push({ method: route.method, path: route.path, pattern: toPattern(route.path), endpoint: null, ownBody: route.ownBody ?? false })
    }
    return new RouteIndex(entries)
  }

  /** The route for this method and path, preferring literal segments over parameters as the router does. */
  find(method: string, pathname: string): RouteEntry | undefined {
    const matches = this.entries.filter((entry) => entry.method === method && entry.pattern.test(pathname))
    return matches.sort((a, b) => paramCount(a.path) - paramCount(b.path))[0]
  }

  /** The endpoint declared for a route pattern, as the router reports it (`GET`, `/api/staff/:id`). */
  endpointOf(method: string, path: string): ReflectedEndpoint | null {
    return this.byRoute.get(`${method} ${path}`) ?? null
  }

  /** The methods that this path answers to, for `405` and its `Allow` header. */
  methodsFor(pathname: string): ReadonlyArray<string> {
    return [...new Set(this.entries.filter((entry) => entry.pattern.test(pathname)).map((entry) => entry.method))].sort()
  }
}

const paramCount = (path: string) => path.split("/").filter((segment) => segment.startsWith(":")).length
