import { HttpApi, type HttpApiEndpoint } from "@effect/platform"

/** One route of the API, matchable against a raw request path. */
export interface RouteEntry {
  readonly method: string
  readonly path: string
  readonly pattern: RegExp
  readonly endpoint: HttpApiEndpoint.HttpApiEndpoint.AnyWithProps | null
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
  private constructor(private readonly entries: ReadonlyArray<RouteEntry>) {}

  static fromApi(api: HttpApi.HttpApi.Any, extra: ReadonlyArray<{ readonly method: string; readonly path: string }>) {
    const entries: Array<RouteEntry> = []
    HttpApi.reflect(api as HttpApi.HttpApi.AnyWithProps, {
      onGroup: () => {},
      onEndpoint: ({ endpoint }) => {
        const withProps = endpoint as unknown as HttpApiEndpoint.HttpApiEndpoint.AnyWithProps
        entries.push({ method: endpoint.method, path: endpoint.path, pattern: toPattern(endpoint.path), endpoint: withProps })
      }
    })
    for (const route of extra) entries.push({ ...route, pattern: toPattern(route.path), endpoint: null })
    return new RouteIndex(entries)
  }

  /** The route for this method and path, preferring literal segments over parameters as the router does. */
  find(method: string, pathname: string): RouteEntry | undefined {
    const matches = this.entries.filter((entry) => entry.method === method && entry.pattern.test(pathname))
    return matches.sort((a, b) => paramCount(a.path) - paramCount(b.path))[0]
  }

  /** The methods that this path answers to, for `405` and its `Allow` header. */
  methodsFor(pathname: string): ReadonlyArray<string> {
    return [...new Set(this.entries.filter((entry) => entry.pattern.test(pathname)).map((entry) => entry.method))].sort()
  }
}

const paramCount = (path: string) => path.split("/").filter((segment) => segment.startsWith(":")).length
