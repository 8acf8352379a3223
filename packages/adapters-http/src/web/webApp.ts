import { Effect } from "effect"
import { HttpEffect, HttpServerRequest, HttpServerResponse } from "effect/http"
import { chooseCoding, IMMUTABLE } from "../docs/precompressed.js"
import { FAVICON_PATHS } from "../docs/reference.js"
import { pathnameOf } from "../requestPath/routes.js"
import type { WebFile, WebFiles } from "./webFiles.js"

/**
 * The web client's policy: scripts, styles, images and connections from this origin only, no inline
 * script or style element (the build writes none), no plugins, no framing, forms to this origin.
 */
export const APP_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; " +
  "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

const FAVICONS: ReadonlySet<string> = new Set(FAVICON_PATHS)

/** Whether a path is the app's: everything but the API, the development providers and the icons. */
const isAppPath = (pathname: string): boolean =>
  !(pathname === "/api" || pathname.startsWith("/api/") || pathname === "/dev" || pathname.startsWith("/dev/") || FAVICONS.has(pathname))

const answer = (
  request: HttpServerRequest.HttpServerRequest,
  file: WebFile,
  headers: Readonly<Record<string, string>>
): HttpServerResponse.HttpServerResponse => {
  const coding = chooseCoding(request)
  const body = coding === "br" ? file.br : coding === "gzip" ? file.gzip : file.identity
  const all = { ...headers, etag: file.etag, vary: "accept-encoding", ...(coding === "identity" ? {} : { "content-encoding": coding }) }
  return request.method === "HEAD"
    ? HttpServerResponse.empty({ status: 200, headers: { ...all, "content-type": file.contentType, "content-length": String(body.length) } })
    : HttpServerResponse.uint8Array(body, { contentType: file.contentType, headers: all })
}

/** The answer with its own `Cache-Control`, set last (the request path gives every answer `no-store` first). */
const kept = (response: HttpServerResponse.HttpServerResponse, cacheControl: string) =>
  Effect.as(
    HttpEffect.appendPreResponseHandler((_, final) => Effect.succeed(HttpServerResponse.setHeader(final, "cache-control", cacheControl))),
    response
  )

/**
 * Serves the web client on the API's origin: a hashed file under `/assets/` kept a year
 * (`immutable`, its name changes with its content), and every other path outside `/api` and `/dev`
 * (the client's own routes: `/`, `/control`, `/mdt`, …) answered with the app's page, never stored
 * (`no-store`, so a new deployment shows at the next load), under the app's policy. Both in the
 * coding the browser accepts, compressed when the build ran. An unknown `/assets/` file, and every
 * method but `GET` and `HEAD`, go on to the router (a `404` or `405` envelope). Without a built client
 * (`null`), `/` says how to build it.
 */
export const webApp = (files: WebFiles | null) =>
<E, R>(
  app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R | HttpServerRequest.HttpServerRequest> =>
  HttpServerRequest.HttpServerRequest.use((request): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R | HttpServerRequest.HttpServerRequest> => {
    if (request.method !== "GET" && request.method !== "HEAD") return app
    const pathname = pathnameOf(request.url)
    if (!isAppPath(pathname)) return app
    if (files === null) return pathname === "/" ? Effect.succeed(notBuilt) : app
    if (pathname.startsWith("/assets/")) {
      const file = files.assets.get(pathname)
      return file === undefined ? app : kept(answer(request, file, {}), IMMUTABLE)
    }
    return kept(answer(request, files.index, { "content-security-policy": APP_POLICY, "referrer-policy": "same-origin" }), "no-store")
  })

const notBuilt = HttpServerResponse.text(
  "Bluelight's web client is not built here: run `npm run build` (or `npm start`), which builds it into packages/web/dist. " +
    "The API and its reference (/api/docs) are served without it.\n",
  { status: 503, headers: { "cache-control": "no-store" } }
)
