import { PlatformProvider, type SignInStartBudgets } from "@bluelight/core/identity"
import { Context, Effect, Layer, type Types } from "effect"
import { HttpRouter, type HttpServerRequest, type HttpServerResponse } from "effect/http"
import { type HttpApi, HttpApiBuilder, type HttpApiGroup, OpenApi } from "effect/http-api"
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
import { IMMUTABLE, precompressed, type StaticDocument } from "./docs/precompressed.js"
import { DESCRIPTION_PATH, FAVICON_PATHS, layerFavicon, layerReference, loadScalarScript, REFERENCE_PATH, type ScalarScript } from "./docs/reference.js"
import { browserAnswers } from "./home/browserAnswers.js"
import { webApp } from "./web/webApp.js"
import { loadWebFiles, type WebFiles } from "./web/webFiles.js"
import { policyHeader, type RateBudgets } from "./auth/rateLimitHeaders.js"
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
import { type ExtraRoute, type ExtraRoutes, ROUTER_CONFIG, RouteIndex } from "./requestPath/routes.js"
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
  /**
   * Routes of the composition's own to mount beside the API (the development providers,
   * never in production), with what the route index needs of them; `null` for none.
   */
  readonly extraRoutes: ExtraRoutes | null
  /** Mounts the `/api/__test/*` endpoints for black-box tests. Never on in production. */
  readonly testHooks: boolean
  /** Where the built web client is (`packages/web/dist`), served at `/`; `null` for none. */
  readonly webDir: string | null
  /** Whether Developer Access can be turned on here (a developer password is set): the web client offers it only then. */
  readonly developerAccess: boolean
}

const docsRoutes = (script: ScalarScript): ReadonlyArray<ExtraRoute> => [
  { method: "GET", path: DESCRIPTION_PATH },
  { method: "GET", path: REFERENCE_PATH },
  { method: "GET", path: script.path },
  ...FAVICON_PATHS.map((path) => ({ method: "GET", path }))
]

/**
 * The reference page, Scalar's script and the description: constant, served
 * compressed with a validator. The page is revalidated on each use, the
 * script kept for good under its hash's name, the description (JSON) never
 * stored.
 */
const documents = (script: ScalarScript): ReadonlyArray<StaticDocument> => [
  { path: REFERENCE_PATH, cacheControl: "no-cache" },
  { path: script.path, cacheControl: IMMUTABLE },
  { path: DESCRIPTION_PATH, cacheControl: "no-store" }
]

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

/**
 * The description as this server serves it: `servedApi`'s (`APP_URL`, the
 * cookie's name), with the `Origin` header declared on the cookie's writes.
 */
const describedHere = <Groups extends HttpApiGroup.Constraint>(api: HttpApi.HttpApi<"bluelight", Groups>, served: Served) =>
  withOriginHeader(servedApi(api, served), served.appUrl)

/** The API's routes with their handlers and its description as served here; the test hooks only when asked. */
const apiWithHandlers = (testHooks: boolean, served: Served) =>
  testHooks
    ? HttpApiBuilder.layer(describedHere(BluelightApiWithTestHooks, served), { openapiPath: DESCRIPTION_PATH }).pipe(
      Layer.provide(handlers),
      Layer.provide(TestHooksHandlers)
    )
    : HttpApiBuilder.layer(describedHere(BluelightApi, served), { openapiPath: DESCRIPTION_PATH }).pipe(Layer.provide(handlers))

/** The routes of the API as served, and its reference page (titled as the description is). */
const describedAs = <Groups extends HttpApiGroup.Constraint>(
  api: HttpApi.HttpApi<"bluelight", Groups>,
  script: ScalarScript,
  extra: ReadonlyArray<ExtraRoute>
) => ({
  routes: RouteIndex.fromApi(api, extra),
  reference: layerReference({ title: Context.getOrElse(api.annotations, OpenApi.Title, () => "API reference"), script })
})

/**
 * The API served over whatever `HttpServer` the caller provides: the request
 * path around it, access control on every protected group, the OpenAPI
 * description and the Scalar reference beside it, and the caller's extra
 * routes (the development providers) when given. Needs the core ports its handlers use. Scalar's
 * script is loaded (and hashed) once, when the layer is built.
 */
export const layerHttpApi = (options: HttpOptions) =>
  Layer.unwrap(Effect.gen(function*() {
    const script = yield* loadScalarScript
    const platformLink = (yield* PlatformProvider).available
    const web = options.webDir === null ? null : yield* loadWebFiles(options.webDir, { developerAccess: options.developerAccess, platformLink })
    return served(options, script, web)
  }))

const served = (options: HttpOptions, script: ScalarScript, web: WebFiles | null) => {
  const cookies = cookieNames(options.production)
  const description: Served = { appUrl: options.appUrl, sessionCookie: cookies.session }
  const extra = [...docsRoutes(script), ...(options.extraRoutes?.routes ?? [])]
  const { routes, reference } = options.testHooks ? describedAs(BluelightApiWithTestHooks, script, extra) : describedAs(BluelightApi, script, extra)
  const settings = Layer.succeed(HttpSettings, {
    appUrl: options.appUrl,
    appOrigin: new URL(options.appUrl).origin,
    cookies,
    budgets: options.budgets,
    signInStarts: options.signInStarts,
    trustedProxyHops: options.trustedProxyHops
  })
  const access = layerAccessControl({ appOrigin: new URL(options.appUrl).origin, cookies, budgets: options.budgets })
  const apiLive = apiWithHandlers(options.testHooks, description).pipe(
    Layer.provide(access),
    Layer.provide(settings)
  )
  // Around the router, outermost first: the request path, the loopback redirect, the web client,
  // browsers' pages around the error envelope, the documents' compression.
  const pages = oneOrigin({ appUrl: options.appUrl, production: options.production })
  const compressed = precompressed(documents(script))
  const webClient = webApp(web)
  const outer = requestPath(routes, { rateLimitPolicy: policyHeader(options.budgets) })
  const around = <E, R>(
    router: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
  ): Effect.Effect<HttpServerResponse.HttpServerResponse, never, R | HttpServerRequest.HttpServerRequest> =>
    outer(pages(webClient(browserAnswers(options.appUrl)(compressed(envelopeErrors(routes)(router))))))
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
    options.extraRoutes?.layer ?? Layer.empty
  )
  // The request path writes the one log line of each request, and the server announces itself.
  return HttpRouter.serve(app, { routerConfig: ROUTER_CONFIG, disableLogger: true, disableListenLog: true })
}
