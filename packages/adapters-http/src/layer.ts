import type { AuditQueries } from "@bluelight/core/audit"
import { type Permission, type Permitted, PlatformProvider, type SignInStartBudgets } from "@bluelight/core/identity"
import type { AuditLog, Transactor } from "@bluelight/core/kernel"
import type { BodyRules } from "@bluelight/api/bodyRules.js"
import { Effect, Layer, type Types } from "effect"
import { HttpRouter, type HttpServerRequest, type HttpServerResponse } from "effect/http"
import { type HttpApi, HttpApiBuilder, type HttpApiGroup } from "effect/http-api"
import { BluelightApi } from "@bluelight/api/Api.js"
import { BluelightApiWithTestHooks } from "@bluelight/api/testHooks/TestHooksApi.js"
import { servedApi, type Served } from "@bluelight/api/openapi/describe.js"
import { withOriginHeader } from "@bluelight/api/openapi/originHeader.js"
import { AuditHandlers } from "./audit/AuditHandlers.js"
import { layerAccessControl } from "./auth/AccessControl.js"
import { cookieNames } from "./auth/cookies.js"
import { HttpSettings } from "./auth/HttpSettings.js"
import { policyHeader, type RateBudgets } from "./auth/rateLimitHeaders.js"
import { CallsHandlers } from "./cad/CallsHandlers.js"
import { EventsHandlers } from "./cad/EventsHandlers.js"
import { IncidentsHandlers } from "./cad/IncidentsHandlers.js"
import { MdtHandlers } from "./cad/MdtHandlers.js"
import { UnitsHandlers } from "./cad/UnitsHandlers.js"
import { CiviliansHandlers } from "./civilians/CiviliansHandlers.js"
import { PncChargesHandlers } from "./civilians/PncChargesHandlers.js"
import { PncHandlers } from "./civilians/PncHandlers.js"
import { PncRecordsHandlers } from "./civilians/PncRecordsHandlers.js"
import { SettingsHandlers } from "./civilians/SettingsHandlers.js"
import { WebhooksHandlers } from "./webhooks/WebhooksHandlers.js"
import { documentRoutes, layerDocuments, loadScalarScript, type ScalarScript } from "./docs/reference.js"
import { GameLiveHandlers } from "./game/LiveHandlers.js"
import { GameEventsHandlers } from "./game/webhookHandlers.js"
import { layerBrowserPages } from "./home/browserPages.js"
import { AdminHandlers } from "./identity/AdminHandlers.js"
import { AuthHandlers } from "./identity/AuthHandlers.js"
import { StaffHandlers } from "./identity/StaffHandlers.js"
import { GameServerHandlers } from "./moderation/GameServerHandlers.js"
import { ModerationHandlers } from "./moderation/ModerationHandlers.js"
import { layerBodyRules } from "./requestPath/bodyRules.js"
import { loopbackRedirect } from "./requestPath/loopbackRedirect.js"
import { requestPath } from "./requestPath/requestPath.js"
import { type ExtraRoutes, layerMethodNotAllowed, ROUTER_CONFIG, routesOf } from "./requestPath/routes.js"
import { RoleplaySessionsHandlers } from "./shifts/RoleplaySessionsHandlers.js"
import { ShiftsHandlers } from "./shifts/ShiftsHandlers.js"
import { SystemHandlers } from "./system/SystemHandlers.js"
import { layerWebClient } from "./web/webRoutes.js"
import { loadWebFiles, type WebFiles } from "./web/webFiles.js"

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
   * never in production), with their methods and paths for the `405`s; `null` for none.
   */
  readonly extraRoutes: ExtraRoutes | null
  /** The handlers of the `/api/__test/*` endpoints for black-box tests, to mount them; `null` for none (always in production). */
  readonly testHooks: TestHooks | null
  /** Where the built web client is (`packages/web/dist`), served at `/`; `null` for none. */
  readonly webDir: string | null
  /** Whether Developer Access can be turned on here (a developer password is set): the web client offers it only then. */
  readonly developerAccess: boolean
}

/** The test server's endpoints' handlers (the group of `BluelightApiWithTestHooks`), which the composition owns. */
export type TestHooks = Layer.Layer<HttpApiGroup.Service<"bluelight", "testHooks">, never, Transactor | AuditLog | AuditQueries | BodyRules>

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
  PncRecordsHandlers,
  PncChargesHandlers,
  SettingsHandlers,
  WebhooksHandlers
)

/** The proofs of access a layer's handlers still need: those their endpoints' rules do not give. */
type Unproved<L> = L extends Layer.Layer<infer _A, infer _E, infer R> ?
  R extends HttpRouter.Request<"Requires", infer S> ? Extract<S, Permitted<Permission>> : never
  : never

/**
 * A handler that runs a use case its endpoint's rule does not admit (`requires` a key the rule does not
 * name) fails to type-check here, naming the proof (`Permitted<"key">`), as well as where the server is
 * composed.
 */
export const everyUseCaseAdmitted: [Unproved<typeof handlers>] extends [never] ? true : Unproved<typeof handlers> = true

/**
 * The API's routes with their handlers, its description as served here
 * (`servedApi`: `APP_URL`, the cookie's name; the `Origin` header declared on
 * the cookie's writes), and the documents and `405`s of its paths; the test
 * hooks only when asked.
 */
const apiRoutes = <Groups extends HttpApiGroup.Constraint>(
  api: HttpApi.HttpApi<"bluelight", Groups>,
  served: Served,
  script: ScalarScript,
  extra: ExtraRoutes | null
) => {
  const described = withOriginHeader(servedApi(api, served), served.appUrl)
  return Layer.mergeAll(
    HttpApiBuilder.layer(described),
    layerDocuments(described, script),
    layerMethodNotAllowed(routesOf(api, [...documentRoutes(script), ...(extra?.routes ?? [])]))
  )
}

/**
 * The API served over whatever `HttpServer` the caller provides (the request
 * path writes the one log line of each request, the server announces itself): one router
 * holding every route (the API's endpoints, the documents, the web client,
 * the caller's extra routes such as the development providers, and the
 * `405` of every known path), with the request path as its one global
 * middleware. Needs the core ports its handlers use. Scalar's script and the
 * web client's files are read once, when the layer is built.
 */
export const layerHttpApi = (options: HttpOptions) =>
  HttpRouter.serve(layerHttpApp(options), { routerConfig: ROUTER_CONFIG, disableLogger: true, disableListenLog: true })

/**
 * `layerHttpApi`'s routes and middleware, before they are served: what the
 * request-cost bench runs in process (`HttpRouter.toWebHandler`, with
 * `ROUTER_CONFIG`), as the server serves it.
 */
export const layerHttpApp = (options: HttpOptions) =>
  Layer.unwrap(Effect.gen(function*() {
    const script = yield* loadScalarScript
    const platformLink = (yield* PlatformProvider).available
    const web = options.webDir === null ? null : yield* loadWebFiles(options.webDir, { developerAccess: options.developerAccess, platformLink })
    return routed(options, script, web)
  }))

const routed = (options: HttpOptions, script: ScalarScript, web: WebFiles | null) => {
  const cookies = cookieNames(options.production)
  const description: Served = { appUrl: options.appUrl, sessionCookie: cookies.session }
  const appOrigin = new URL(options.appUrl).origin
  const settings = Layer.succeed(HttpSettings, {
    appUrl: options.appUrl,
    appOrigin,
    cookies,
    budgets: options.budgets,
    signInStarts: options.signInStarts,
    trustedProxyHops: options.trustedProxyHops
  })
  // What the endpoints' middleware needs: the body rules, the browser flows' pages, the access check.
  const middleware = Layer.mergeAll(
    layerBodyRules,
    layerBrowserPages(options.appUrl),
    layerAccessControl({ appOrigin, cookies, budgets: options.budgets })
  )
  const served = <A, E, R>(routes: Layer.Layer<A, E, R>) => routes.pipe(Layer.provide(handlers), Layer.provide(middleware), Layer.provide(settings))
  const api = options.testHooks === null
    ? served(apiRoutes(BluelightApi, description, script, options.extraRoutes))
    : served(apiRoutes(BluelightApiWithTestHooks, description, script, options.extraRoutes).pipe(Layer.provide(options.testHooks)))
  const path = requestPath({
    rateLimitPolicy: policyHeader(options.budgets),
    redirect: loopbackRedirect({ appUrl: options.appUrl, production: options.production })
  })
  return Layer.mergeAll(
    // A global router middleware, not the server's: it wraps unknown routes too, and what it answers is what is sent.
    HttpRouter.middleware(
      // It answers every failure; the router's type of a global middleware still passes what it cannot see on.
      (router): Effect.Effect<HttpServerResponse.HttpServerResponse, Types.unhandled, HttpServerRequest.HttpServerRequest> => path(router),
      { global: true }
    ),
    api,
    layerWebClient(web),
    options.extraRoutes?.layer ?? Layer.empty
  )
}
