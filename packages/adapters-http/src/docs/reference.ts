import { Effect } from "effect"
import { HttpEffect, HttpRouter, HttpServerResponse } from "effect/http"
import type { HttpApiScalar } from "effect/http-api"
import { SESSION_SCHEME } from "@bluelight/api/openapi/security.js"

/** Where the reference page is served. */
export const REFERENCE_PATH = "/api/docs"

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
 * and run no script). The request path gives every answer `no-store`; this
 * one's own `Cache-Control` is set after it, as the documents' is.
 */
const favicon = Effect.as(
  HttpEffect.appendPreResponseHandler((_, response) => Effect.succeed(HttpServerResponse.setHeader(response, "cache-control", FAVICON_CACHE_CONTROL))),
  HttpServerResponse.uint8Array(FAVICON_BYTES, {
    contentType: "image/svg+xml",
    headers: { "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox" }
  })
)

/** Serves the favicon at its paths. */
export const layerFavicon = HttpRouter.use((router) => Effect.forEach(FAVICON_PATHS, (path) => router.add("GET", path, favicon), { discard: true }))

/**
 * Scalar's options this page uses beyond the ones `effect/http-api` types
 * (`ScalarConfig`); the page passes the whole object to Scalar (bundled by
 * `effect`), which
 * validates it against its own schema and ignores what it does not know.
 */
interface ScalarExtras {
  /** `"never"` hides the bar Scalar shows on localhost: Developer Tools, Share, Generate SDKs, Configure. */
  readonly showToolbar: "always" | "localhost" | "never"
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
  favicon: "/favicon.svg",
  showToolbar: "never",
  hideClientButton: true,
  telemetry: false,
  documentDownloadType: "json",
  // The browser sends the session cookie by itself; the panel says so instead of "No authentication selected".
  authentication: { preferredSecurityScheme: SESSION_SCHEME },
  hiddenClients: {
    c: true,
    clojure: true,
    csharp: true,
    dart: true,
    fsharp: true,
    go: true,
    http: true,
    java: true,
    kotlin: true,
    objc: true,
    ocaml: true,
    php: true,
    powershell: true,
    r: true,
    ruby: true,
    rust: true,
    swift: true
  },
  defaultHttpClient: { targetKey: "shell", clientKey: "curl" },
  customCss: CUSTOM_CSS
}

const MOUNT = "<script>\n      window.Scalar.createApiReference(document.getElementById('api-reference-container'), {\n        ..."
const CONTENT = ",\n        content: "
const MOUNT_END = "\n      })\n    </script>"
const CONTAINER = "<div id=\"api-reference-container\"></div>"

/**
 * The page with the description and the configuration in their own elements,
 * read by Scalar's script when it loads (its `#api-reference` mount), as the
 * page has always been laid out: the description as JSON in
 * `<script id="api-reference">`, the configuration in its `data-configuration`,
 * then the script. Effect 4 writes both into one inline call after the script,
 * where they can be read only by running it. A page of another layout is
 * served as it is.
 */
export const withScriptTagMount = (html: string): string => {
  const container = html.indexOf(CONTAINER)
  const mount = html.lastIndexOf(MOUNT)
  const content = html.lastIndexOf(CONTENT)
  const end = html.lastIndexOf(MOUNT_END)
  if (container === -1 || mount === -1 || content < mount || end < content) return html
  const script = html.slice(container + CONTAINER.length, mount).trim()
  const configuration = html.slice(mount + MOUNT.length, content)
  const description = html.slice(content + CONTENT.length, end)
  const body = `<script id="api-reference" type="application/json">\n      ${description}\n    </script>\n` +
    `    <script>\n      document.getElementById('api-reference').dataset.configuration = JSON.stringify(${configuration})\n    </script>\n` +
    `    ${script}`
  return html.slice(0, container) + body + html.slice(end + MOUNT_END.length)
}

/** The icon's `<link>` in the page's head, so that it shows before Scalar's script has run. */
export const withFaviconLink = (html: string): string =>
  html.replace("</head>", `  <link rel="icon" type="image/svg+xml" href="${FAVICON_PATHS[0]}" />\n  </head>`)
