import { Context, Effect } from "effect"
import { HttpRouter, HttpServerResponse } from "effect/http"
import { type HttpApi, type HttpApiGroup, type HttpApiScalar, OpenApi } from "effect/http-api"
import { SESSION_SCHEME } from "@bluelight/api/openapi/security.js"
import { createHash } from "node:crypto"
import { compressed, IMMUTABLE, onFirstRequest, serveCompressed, withoutSourceMapComments } from "./compressed.js"

/** Where the reference page is served. */
export const REFERENCE_PATH = "/api/docs"

/** Where the page loads the description from: the one the server serves, by URL, not a copy in the page. */
export const DESCRIPTION_PATH = "/api/openapi.json"

/** The favicon, one small SVG: the reference page links it, and a browser's own `/favicon.ico` request gets it too. */
export const FAVICON_PATHS = ["/favicon.svg", "/favicon.ico"] as const

/** A blue light on a dark tile: Bluelight's mark, 32 by 32. */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">` +
  `<rect width="32" height="32" rx="7" fill="#0b1d3a"/>` +
  `<path d="M9 22a7 7 0 0 1 14 0z" fill="#2f7bff"/>` +
  `<rect x="7" y="22" width="18" height="3" rx="1.5" fill="#c8d6f0"/>` +
  `<path d="M16 6v4M7.5 9.5l2.8 2.8M24.5 9.5l-2.8 2.8" stroke="#7fb0ff" stroke-width="2" stroke-linecap="round"/>` +
  `</svg>`

const FAVICON_BYTES = new TextEncoder().encode(FAVICON_SVG)

/** A constant, public image: browsers may keep it a day instead of asking on every page. */
export const FAVICON_CACHE_CONTROL = "public, max-age=86400"

/**
 * The icon's answer: an image of its own type that can never run anything
 * (an SVG opened on its own is a document; its policy lets it load nothing
 * and run no script), kept a day.
 */
const favicon = HttpServerResponse.uint8Array(FAVICON_BYTES, {
  contentType: "image/svg+xml",
  headers: { "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox", "cache-control": FAVICON_CACHE_CONTROL }
})

/**
 * Scalar's options this page uses beyond the ones `effect/http-api` types
 * (`ScalarConfig`); Scalar's script validates the whole object against its
 * own schema and ignores what it does not know.
 */
interface ScalarExtras {
  /**
   * `"never"` hides the bar Scalar shows on localhost: Developer Tools, Share, Generate SDKs, Configure.
   * (`showToolbar`, its old name, is deprecated: Scalar warns in the console and copies it here.)
   */
  readonly showDeveloperTools: "always" | "localhost" | "never"
  /** Hides the sidebar's "Open API Client" button (Test Request on each operation stays). */
  readonly hideClientButton: boolean
  /** Scalar's usage reporting from the page; an internal API's reference sends nothing elsewhere. */
  readonly telemetry: boolean
  /** Which security scheme the authentication panel selects at first. */
  readonly authentication: { readonly preferredSecurityScheme: string }
  /** The code samples offered: only clients someone calling this API would use. */
  readonly hiddenClients: Readonly<Record<string, boolean | ReadonlyArray<string>>>
  readonly defaultHttpClient: { readonly targetKey: string; readonly clientKey: string }
  readonly documentDownloadType: "json" | "yaml" | "both" | "none"
}

/**
 * A response's status tabs (201, 400, 401, 403, 409, 413, 415, 422, 429,
 * 500 …) wrap onto a second line; Scalar scrolls them sideways with the
 * scroll bar hidden, so the last ones were cut off out of sight.
 */
const CUSTOM_CSS = `
.response-card .scalar-card-header-tabs { height: auto; }
.response-card .scalar-card-header-title { overflow: visible; white-space: normal; }
.response-card .tab-list { flex-wrap: wrap; overflow: visible; row-gap: 2px; }
`

/** The reference page's Scalar configuration: what applies to this API, nothing else. */
export const REFERENCE_CONFIG: HttpApiScalar.ScalarConfig & ScalarExtras = {
  withDefaultFonts: false,
  favicon: FAVICON_PATHS[0],
  showDeveloperTools: "never",
  hideClientButton: true,
  telemetry: false,
  documentDownloadType: "json",
  // The browser sends the session cookie by itself; the panel says so instead of "No authentication selected".
  authentication: { preferredSecurityScheme: SESSION_SCHEME },
  // Code samples only in the clients someone calling this API would use (curl, JavaScript, Node, Python).
  hiddenClients: Object.fromEntries(
    ["c", "clojure", "csharp", "dart", "fsharp", "go", "http", "java", "kotlin", "objc", "ocaml", "php", "powershell", "r", "ruby", "rust", "swift"].map((
      client
    ) => [client, true])
  ),
  defaultHttpClient: { targetKey: "shell", clientKey: "curl" },
  customCss: CUSTOM_CSS
}

/** Scalar's script, served once under a name of its content's hash. */
export interface ScalarScript {
  /** `/api/docs/scalar-<hash>.js`: a new bundle is a new name, so the old one can be kept for ever. */
  readonly path: `/${string}`
  readonly bytes: Uint8Array
}

/** The prefix of the script's path; the rest is its hash. */
export const SCALAR_SCRIPT_PREFIX = `${REFERENCE_PATH}/scalar-`

/**
 * The module in which `effect` ships Scalar's browser bundle (the one its
 * `HttpApiScalar.layer` inlines into every page), found beside `effect`'s own
 * entry. Its package exports leave it out, so it is imported by its file's
 * address; `effect` is pinned exactly, and `test/docsDelivery.test.ts` fails
 * on a version that moves it.
 */
const scalarModule = (): string => new URL("./http-api/internal/httpApiScalar.js", import.meta.resolve("effect")).href

const isScalarModule = (module: unknown): module is { readonly javascript: string } =>
  typeof module === "object" && module !== null && "javascript" in module && typeof module.javascript === "string"

/**
 * The placeholder Scalar 1.43 writes into an API key's Value field (the
 * session cookie's, the game signature's): base64 of a joke, which reads as
 * a token someone left there. Scalar has no option for it, so the served
 * script says in words that the field is empty.
 */
export const SCALAR_KEY_PLACEHOLDER = "placeholder:\"QUxMIFlPVVIgQkFTRSBBUkUgQkVMT05HIFRPIFVT\""

/** What an empty Value field shows. (With the session cookie, Test Request uses the browser's own; the operations say so.) */
export const EMPTY_VALUE_PLACEHOLDER = "empty: no value set"

/** Scalar's script as this page serves it: no source map comment naming a file nobody serves, the Value field's placeholder in words. */
export const servedScalarScript = (javascript: string): string =>
  withoutSourceMapComments(javascript).replaceAll(SCALAR_KEY_PLACEHOLDER, `placeholder:${JSON.stringify(EMPTY_VALUE_PLACEHOLDER)}`)

/** Loads Scalar's bundle once, as served, and names it by its hash. */
export const loadScalarScript: Effect.Effect<ScalarScript> = Effect.promise(async () => {
  const module: unknown = await import(scalarModule())
  if (!isScalarModule(module)) throw new Error(`${scalarModule()} no longer exports Scalar's bundle as \`javascript\``)
  const bytes = new TextEncoder().encode(servedScalarScript(module.javascript))
  const hash = createHash("sha256").update(bytes).digest("base64url").slice(0, 20)
  return { path: `${SCALAR_SCRIPT_PREFIX}${hash}.js` as const, bytes }
})

/** Text for an element or an attribute quoted with `quote`: what could end or open something is a character reference. */
const escapeHtml = (text: string, quote: "\"" | "'" = "\""): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(quote === "'" ? /'/g : /"/g, quote === "'" ? "&#39;" : "&quot;")

/**
 * The reference page: a few hundred bytes of its own. Scalar's script is
 * loaded from its own address (kept by the browser for ever: its name
 * changes with its content), and Scalar loads the description from
 * `/api/openapi.json`, the document every other tool reads, instead of a copy
 * inlined into the page. Scalar's own mount reads both from the
 * `#api-reference` element (`data-url`, `data-configuration`), so the page
 * runs no inline script.
 */
export const referencePage = (options: { readonly title: string; readonly scriptPath: string }): string =>
  `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${escapeHtml(options.title)}</title>
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" type="image/svg+xml" href="${FAVICON_PATHS[0]}" />
  </head>
  <body>
    <script id="api-reference" data-url="${DESCRIPTION_PATH}" data-configuration='${escapeHtml(JSON.stringify(REFERENCE_CONFIG), "'")}'></script>
    <script src="${escapeHtml(options.scriptPath)}"></script>
  </body>
</html>
`

const encoder = new TextEncoder()

/**
 * The documents, as routes: the description (`/api/openapi.json`, JSON, never
 * stored), the reference page (kept, revalidated on every use, so a new
 * deployment shows at once), Scalar's script (kept for good under its hash's
 * name) and the icon. Each is compressed once, when first asked for, and
 * answered in the coding the client accepts with a validator
 * (`serveCompressed`).
 */
export const layerDocuments = <Id extends string, Groups extends HttpApiGroup.Constraint>(
  api: HttpApi.HttpApi<Id, Groups>,
  script: ScalarScript
) => {
  const title = Context.getOrElse(api.annotations, OpenApi.Title, () => "API reference")
  const description = onFirstRequest(() => compressed(encoder.encode(JSON.stringify(OpenApi.fromApi(api))), "application/json"))
  const page = onFirstRequest(() => compressed(encoder.encode(referencePage({ title, scriptPath: script.path })), "text/html; charset=utf-8"))
  const scalar = onFirstRequest(() => compressed(script.bytes, "text/javascript; charset=utf-8"))
  return HttpRouter.use((router) =>
    Effect.all([
      router.add("GET", DESCRIPTION_PATH, serveCompressed(description, { cacheControl: "no-store" })),
      router.add("GET", REFERENCE_PATH, serveCompressed(page, { cacheControl: "no-cache" })),
      router.add("GET", script.path, serveCompressed(scalar, { cacheControl: IMMUTABLE })),
      ...FAVICON_PATHS.map((path) => router.add("GET", path, favicon))
    ], { discard: true })
  )
}

/** The documents' routes, for the `405`s of their paths. */
export const documentRoutes = (script: ScalarScript) =>
  [DESCRIPTION_PATH, REFERENCE_PATH, script.path, ...FAVICON_PATHS].map((path) => ({ method: "GET", path }))
