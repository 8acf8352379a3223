import type { SignInStartBudgets } from "@bluelight/core/identity"
import { HttpApiBuilder, HttpApiScalar, type HttpApp, HttpRouter } from "@effect/platform"
import { Layer } from "effect"
import { BluelightApi, BluelightApiWithTestHooks } from "./Api.js"
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
import { FAVICON_PATHS, layerFavicon, REFERENCE_CONFIG, REFERENCE_PATH, withFaviconLink } from "./docs/reference.js"
import { browserAnswers } from "./home/browserAnswers.js"
import { HOME_ROUTE, layerHomePage } from "./home/HomePage.js"
import { policyHeader, type RateBudgets } from "./auth/rateLimitHeaders.js"
import { type DevProviders, layerDevProviders } from "./identity/devProviders/index.js"
import { AdminHandlers } from "./identity/AdminHandlers.js"
import { AuthHandlers } from "./identity/AuthHandlers.js"
import { StaffHandlers } from "./identity/StaffHandlers.js"
import { GameServerHandlers } from "./moderation/GameServerHandlers.js"
import { ModerationHandlers } from "./moderation/ModerationHandlers.js"
import { servedApi, type Served } from "./openapi/describe.js"
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
  { path: REFERENCE_PATH, prepare: (page) => withFaviconLink(withoutSourceMapComments(page)), cacheControl: "no-cache" },
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
  CiviliansHandlers,
  PncHandlers,
  IncidentsHandlers,
  UnitsHandlers,
  CallsHandlers,
  EventsHandlers,
  MdtHandlers,
  PncRecordsHandlers
)

/** The API with its handlers, described as served here; the test hooks only when asked. */
const apiWithHandlers = (testHooks: boolean, served: Served) =>
  testHooks
    ? HttpApiBuilder.api(servedApi(BluelightApiWithTestHooks, served)).pipe(Layer.provide(handlers), Layer.provide(TestHooksHandlers))
    : HttpApiBuilder.api(servedApi(BluelightApi, served)).pipe(Layer.provide(handlers))

/**
 * The API served over whatever `HttpServer` the caller provides: the request
 * path around it, access control on every protected group, the OpenAPI
 * description and the Scalar reference beside it, and the development
 * providers when asked. Needs the core ports its handlers use.
 */
export const layerHttpApi = (options: HttpOptions) => {
  const api = options.testHooks ? BluelightApiWithTestHooks : BluelightApi
  const routes = RouteIndex.fromApi(api, [...DOCS_ROUTES, ...(options.devProviders === null ? [] : devRoutes(options.devProviders))])
  const cookies = cookieNames(options.production)
  const settings = Layer.succeed(HttpSettings, {
    appUrl: options.appUrl,
    appOrigin: new URL(options.appUrl).origin,
    cookies,
    budgets: options.budgets,
    signInStarts: options.signInStarts,
    trustedProxyHops: options.trustedProxyHops
  })
  const access = layerAccessControl({ appOrigin: new URL(options.appUrl).origin, cookies, budgets: options.budgets, routes })
  const apiLive = apiWithHandlers(options.testHooks, { appUrl: options.appUrl, sessionCookie: cookies.session }).pipe(
    Layer.provide(access),
    Layer.provide(settings)
  )
  // Inside the request path (so its headers apply), outermost first: the loopback redirect before
  // anything, browsers' pages around the error envelope, the documents' compression.
  const pages = oneOrigin({ appUrl: options.appUrl, production: options.production })
  const documents = precompressed(DOCUMENTS)
  const inner = (app: HttpApp.Default) => pages(browserAnswers(options.appUrl)(documents(envelopeErrors(routes)(app))))
  return HttpApiBuilder.serve(requestPath(routes, { rateLimitPolicy: policyHeader(options.budgets) })).pipe(
    Layer.provide(HttpApiBuilder.middleware(api, inner)),
    Layer.provide(HttpApiBuilder.middlewareOpenApi({ path: "/api/openapi.json" })),
    Layer.provide(HttpApiScalar.layer({ path: REFERENCE_PATH, scalar: REFERENCE_CONFIG })),
    Layer.provide(layerFavicon),
    Layer.provide(options.devProviders === null ? Layer.empty : layerDevProviders(options.devProviders)),
    Layer.provide(layerHomePage.pipe(Layer.provide(settings))),
    Layer.provide(apiLive),
    Layer.locally(HttpRouter.currentRouterConfig, ROUTER_CONFIG)
  )
}
