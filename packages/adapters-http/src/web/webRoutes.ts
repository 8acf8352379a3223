import { Effect } from "effect"
import { HttpRouter, HttpServerError, HttpServerRequest, HttpServerResponse } from "effect/http"
import { answerCompressed, IMMUTABLE } from "../docs/compressed.js"
import { pathnameOf } from "../requestPath/routes.js"
import type { WebFiles } from "./webFiles.js"

/**
 * The web client's policy: scripts, styles, images and connections from this origin only, no inline
 * script or style element (the build writes none), no plugins, no framing, forms to this origin.
 */
export const APP_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; " +
  "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

/** No route: the request path answers `404` (a known path asked with another method has its `405` route). */
const noRoute = HttpServerRequest.HttpServerRequest.use((request) =>
  Effect.fail(new HttpServerError.HttpServerError({ reason: new HttpServerError.RouteNotFound({ request }) }))
)

const notBuilt = HttpServerResponse.text(
  "Bluelight's web client is not built here: run `npm run build` (or `npm start`), which builds it into packages/web/dist. " +
    "The API and its reference (/api/docs) are served without it.\n",
  { status: 503 }
)

/**
 * The web client on the API's origin, as routes: a hashed file under
 * `/assets/` kept a year (`immutable`: its name changes with its content),
 * and every other `GET` outside `/api` and `/dev` (the client's own routes:
 * `/`, `/control`, a record's address) answered with the app's page, never
 * stored (`no-store`, so a new deployment shows at the next load), under the
 * app's policy; both in the coding the browser accepts. `/api/*` and `/dev/*`
 * are the API's and the development providers': a path there that no route
 * takes is `404`, as is an unknown asset. Without a built client (`null`),
 * `/` says how to build it.
 */
export const layerWebClient = (files: WebFiles | null) =>
  HttpRouter.use((router) =>
    Effect.all([
      router.add("GET", "/api/*", noRoute),
      router.add("GET", "/dev/*", noRoute),
      ...(files === null ? [router.add("GET", "/", Effect.succeed(notBuilt))] : [
        router.add("GET", "/assets/*", (request) => {
          const file = files.assets.get(pathnameOf(request.url))
          return file === undefined ? noRoute : Effect.succeed(answerCompressed(request, file, { cacheControl: IMMUTABLE }))
        }),
        router.add("GET", "/*", (request) =>
          Effect.succeed(
            answerCompressed(request, files.index, {
              cacheControl: "no-store",
              headers: { "content-security-policy": APP_POLICY, "referrer-policy": "same-origin" }
            })
          ))
      ])
    ], { discard: true })
  )
