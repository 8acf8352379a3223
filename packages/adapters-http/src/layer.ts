import type { SignInStartBudgets } from "@bluelight/core/identity"
import { type Effect, Layer, type Types } from "effect"
import { HttpRouter, type HttpServerRequest, type HttpServerResponse } from "effect/http"
import { type HttpApi, HttpApiBuilder, type HttpApiGroup, HttpApiScalar } from "effect/http-api"
import { BluelightApi } from "@bluelight/api/Api.js"
import { BluelightApiWithTestHooks } from "@bluelight/api/testHooks/TestHooksApi.js"
import { AuditHandlers } from "./audit/AuditHandlers.js"
import { CiviliansHandlers } from "./civilians/CiviliansHandlers.js"
import { PncHandlers } from "./civilians/PncHandlers.js"
import { CallsHandlers } from "./cad/CallsHandlers.js"
import { EventsHandlers } from "./cad/EventsHandlers.js"
import { IncidentsHandlers } from "./cad/IncidentsHandlers.js"
import { MdtHandlers } from "./cad/MdtHandlers.js"
import { UnitsHandlers } from "./cad/UnitsHandlers.js"
import { PncRecordsHandlers } from "./civilians/PncRecordsHandlers.js"
import { layerAccessControl } from "./auth/AccessControl.js"
import { cookieNames } from "./auth/cookies.js"
import { HttpSettings } from "./auth/HttpSettings.js"
import { precompressed, type StaticDocument, withoutSourceMapComments } from "./docs/precompressed.js"
import { FAVICON_PATHS, layerFavicon, REFERENCE_CONFIG, REFERENCE_PATH, withFaviconLink, withScriptTagMount } from "./docs/reference.js"
import { browserAnswers } from "./home/browserAnswers.js"
import { HOME_ROUTE, layerHomePage } from "./home/HomePage.js"
import { policyHeader, type RateBudgets } from "./auth/rateLimitHeaders.js"
import { type DevProviders, layerDevProviders } from "./identity/devProviders/index.js"
import { AdminHandlers } from "./identity/AdminHandlers.js"
import { AuthHandlers } from "./identity/AuthHandlers.js"
import { StaffHandlers } from "./identity/StaffHandlers.js"
import { GameLiveHandlers } from "./game/LiveHandlers.js"
import { GameEventsHandlers } from "./game/webhookHandlers.js"
import { GameServerHandlers } from "./moderation/GameServerHandlers.js"
import { ModerationHandlers } from "./moderation/ModerationHandlers.js"
import { servedApi, type Served } from "@bluelight/api/openapi/describe.js"
import { withOriginHeader } from "@bluelight/api/openapi/originHeader.js"
import { envelopeErrors, requestPath } from "./requestPath/middleware.js"
import { oneOrigin } from "./requestPath/oneOrigin.js"
import { type ExtraRoute, RouteIndex } from "./requestPath/routes.js"
import { RoleplaySessionsHandlers } from "./shifts/RoleplaySessionsHandlers.js"
import { ShiftsHandlers } from "./shifts/ShiftsHandlers.js"
import { SystemHandlers } from "./system/SystemHandlers.js"
import { TestHooksHandlers } from "./testHooks/TestHooksHandlers.js"

export interface HttpOptions {
  /** `APP_URL`: the public origin. */
  readonly appUrl: string
  readonly production: boolean
  readonly budgets: RateBudgets
  /** Sign-in starts a minute per provider: shared by all callers, and per client address. */
  readonly signInStarts: SignInStartBudgets
  /** Reverse proxies of our own in front, whose `X-Forwarded-For` entries name the client (0: none). */
  readonly trustedProxyHops: number
  /** Serves the development identity provider and/or game platform (never in production). */
  readonly devProviders: DevProviders | null
  /** Mounts the `/api/__test/*` endpoints for black-box tests. Never on in production. */
  readonly testHooks: boolean
}

const DOCS_ROUTES: ReadonlyArray<ExtraRoute> = [
  { method: "GET", path: "/api/openapi.json" },
  { method: "GET", path: REFERENCE_PATH },
  ...FAVICON_PATHS.map((path) => ({ method: "GET", path })),
  HOME_ROUTE
]

/**
 * The reference page and the description: constant and large, served
 * compressed with a validator. The page is revalidated on each use; the
 * description is JSON, never stored.
 */
const DOCUMENTS: ReadonlyArray<StaticDocument> = [
  { path: REFERENCE_PATH, prepare: (page) => withFaviconLink(withScriptTagMount(withoutSourceMapComments(page))), cacheControl: "no-cache" },
  { path: "/api/openapi.json", cacheControl: "no-store" }
]

const devRoutes = (dev: DevProviders): ReadonlyArray<ExtraRoute> =>
  [...(dev.identity ? ["/dev/idp"] : []), ...(dev.platform ? ["/dev/platform"] : [])].flatMap((base) => [
    { method: "GET", path: `${base}/authorize` },
    { method: "GET", path: `${base}/approve` },
    // OAuth token requests are form-encoded, as the protocol says.
    { method: "POST", path: `${base}/token`, ownBody: true },
    { method: "GET", path: `${base}/userinfo` }
  ])

/**
 * The router gives up on a path parameter longer than 100 characters and
 * reports the route as unknown (a `405` on a known path), before the `Id`
 * schema can refuse it with `400`. Node's header limit (16 KiB for the request
 * line and headers) already bounds a parameter, so the router adds none.
 */
const ROUTER_CONFIG = { maxParamLength: Number.MAX_SAFE_INTEGER }

const handlers = Layer.mergeAll(
  SystemHandlers,
  AuthHandlers,
  StaffHandlers,
  AdminHandlers,
  AuditHandlers,
  ShiftsHandlers,
  RoleplaySessionsHandlers,
  ModerationHandlers,
  GameServerHandlers,
  GameLiveHandlers,
  GameEventsHandlers,
  CiviliansHandlers,
  PncHandlers,
  IncidentsHandlers,
  UnitsHandlers,
  CallsHandlers,
  EventsHandlers,
  MdtHandlers,
  PncRecordsHandlers
)

/** Where the description is served. */
const OPENAPI_PATH = "/api/openapi.json"

/**
 * The description as this server serves it: `servedApi`'s (`APP_URL`, the
 * cookie's name), with the `Origin` header declared on the cookie's writes.
 */
const describedHere = <Groups extends HttpApiGroup.Constraint>(api: HttpApi.HttpApi<"bluelight", Groups>, served: Served) =>
  withOriginHeader(servedApi(api, served), served.appUrl)

/** The API's routes with their handlers and its description as served here; the test hooks only when asked. */
const apiWithHandlers = (testHooks: boolean, served: Served) =>
  testHooks
    ? HttpApiBuilder.layer(describedHere(BluelightApiWithTestHooks, served), { openapiPath: OPENAPI_PATH }).pipe(
      Layer.provide(handlers),
      Layer.provide(TestHooksHandlers)
    )
    : HttpApiBuilder.layer(describedHere(BluelightApi, served), { openapiPath: OPENAPI_PATH }).pipe(Layer.provide(handlers))

/** The routes of the API as served, and its reference page (with the description as served). */
const describedAs = <Groups extends HttpApiGroup.Constraint>(
  api: HttpApi.HttpApi<"bluelight", Groups>,
  served: Served,
  extra: ReadonlyArray<ExtraRoute>
) => ({
  routes: RouteIndex.fromApi(api, extra),
  reference: HttpApiScalar.layer(servedApi(api, served), { path: REFERENCE_PATH, scalar: REFERENCE_CONFIG })
})

/**
 * The API served over whatever `HttpServer` the caller provides: the request
 * path around it, access control on every protected group, the OpenAPI
 * description and the Scalar reference beside it, and the development
 * providers when asked. Needs the core ports its handlers use.
 */
export const layerHttpApi = (options: HttpOptions) => {
  const cookies = cookieNames(options.production)
  const served: Served = { appUrl: options.appUrl, sessionCookie: cookies.session }
  const extra = [...DOCS_ROUTES, ...(options.devProviders === null ? [] : devRoutes(options.devProviders))]
  const { routes, reference } = options.testHooks ? describedAs(BluelightApiWithTestHooks, served, extra) : describedAs(BluelightApi, served, extra)
  const settings = Layer.succeed(HttpSettings, {
    appUrl: options.appUrl,
    appOrigin: new URL(options.appUrl).origin,
    cookies,
    budgets: options.budgets,
    signInStarts: options.signInStarts,
    trustedProxyHops: options.trustedProxyHops
  })
  const access = layerAccessControl({ appOrigin: new URL(options.appUrl).origin, cookies, budgets: options.budgets })
  const apiLive = apiWithHandlers(options.testHooks, served).pipe(
    Layer.provide(access),
    Layer.provide(settings)
  )
  // Around the router, outermost first: the request path, the loopback redirect, browsers' pages
  // around the error envelope, the documents' compression.
  const pages = oneOrigin({ appUrl: options.appUrl, production: options.production })
  const documents = precompressed(DOCUMENTS)
  const outer = requestPath(routes, { rateLimitPolicy: policyHeader(options.budgets) })
  const around = <E, R>(
    router: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
  ): Effect.Effect<HttpServerResponse.HttpServerResponse, never, R | HttpServerRequest.HttpServerRequest> =>
    outer(pages(browserAnswers(options.appUrl)(documents(envelopeErrors(routes)(router)))))
  // A global router middleware, not the server's: it wraps unknown routes too, and what it answers is what is sent.
  const app = Layer.mergeAll(
    HttpRouter.middleware(
      // It answers every failure; the router's type of a global middleware still passes what it cannot see on.
      (router): Effect.Effect<HttpServerResponse.HttpServerResponse, Types.unhandled, HttpServerRequest.HttpServerRequest> => around(router),
      { global: true }
    ),
    apiLive,
    reference,
    layerFavicon,
    options.devProviders === null ? Layer.empty : layerDevProviders(options.devProviders),
    layerHomePage.pipe(Layer.provide(settings))
  )
  // The request path writes the one log line of each request, and the server announces itself.
  return HttpRouter.serve(app, { routerConfig: ROUTER_CONFIG, disableLogger: true, disableListenLog: true })
}
