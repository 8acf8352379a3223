import { authenticateCredential, authenticateSession, type Caller, checkAccess, RateLimiter, Unauthenticated } from "@bluelight/core/identity"
import { HttpApiMiddleware, HttpApp, HttpRouter, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Context, Effect, Layer, Option } from "effect"
import { accessRuleOf, isRateLimited } from "../access.js"
import type { RouteIndex } from "../requestPath/routes.js"
import { type CookieNames, readCookie, withoutSessionCookie } from "./cookies.js"
import { CurrentCaller } from "./CurrentCaller.js"
import { AccessRefused, InvalidOrigin, RateLimited } from "./errors.js"
import { budgetOf, type RateBudgets, rateLimitHeader } from "./rateLimitHeaders.js"

/**
 * Authentication, the origin check, the rate limit (unless the endpoint is
 * declared `notRateLimited`) and the endpoint's declared access rule, in that
 * order, before the request is decoded. Provides the caller to the handler.
 * The rule comes from the endpoint's one declaration.
 */
export class AccessControl extends HttpApiMiddleware.Tag<AccessControl>()("AccessControl", {
  provides: CurrentCaller,
  failure: AccessRefused
}) {}

export interface AccessControlOptions {
  readonly appOrigin: string
  readonly cookies: CookieNames
  readonly budgets: RateBudgets
  readonly routes: RouteIndex
}

// The scheme name is case-insensitive (RFC 9110 §11.1).
const BEARER = /^Bearer ([^\s]+)$/i

/** Who the request names, and whether it came by cookie (so its writes must come from the app's origin). */
interface Identified {
  readonly caller: Caller | null
  readonly byCookie: boolean
}

const anonymous = Effect.succeed<Identified>({ caller: null, byCookie: false })

type AccessFailure =
  | Unauthenticated
  | Effect.Effect.Error<ReturnType<typeof authenticateSession>>
  | Effect.Effect.Error<ReturnType<typeof authenticateCredential>>

const isRead = (method: string) => budgetOf(method) === "read"

/**
 * Cookie-authenticated writes must come from the application's own origin:
 * a missing `Origin`, `Origin: null` or a cross-site fetch is refused.
 */
const checkOrigin = (request: HttpServerRequest.HttpServerRequest, appOrigin: string) => {
  const origin = request.headers["origin"]
  const crossSite = request.headers["sec-fetch-site"] === "cross-site"
  return origin === appOrigin && !crossSite
    ? Effect.void
    : Effect.fail(new InvalidOrigin({ message: `Requests with the session cookie must come from ${appOrigin}` }))
}

export const layerAccessControl = (options: AccessControlOptions) =>
  Layer.effect(
    AccessControl,
    Effect.gen(function*() {
      const services = yield* Effect.context<
        | Effect.Effect.Context<ReturnType<typeof authenticateSession>>
        | Effect.Effect.Context<ReturnType<typeof authenticateCredential>>
        | RateLimiter
      >()
      const limiter = Context.get(services, RateLimiter)

      // The use cases' services were resolved when the layer was built; they are handed over only
      // where a credential is checked, so a public or anonymous request copies no context.
      const bySession = (token: string) => Effect.provide(authenticateSession(token), services)
      const byCredential = (token: string) => Effect.provide(authenticateCredential(token), services)
      const clearCookie = HttpApp.appendPreResponseHandler((_, response) => Effect.succeed(withoutSessionCookie(options.cookies)(response)))

      /** The caller named by the request, and whether it came by cookie. A present `Authorization` header decides alone. */
      const identify = (request: HttpServerRequest.HttpServerRequest): Effect.Effect<Identified, AccessFailure> => {
        const authorization = request.headers["authorization"]
        if (authorization !== undefined) {
          const match = BEARER.exec(authorization.trim())
          if (match === null) return Effect.fail(new Unauthenticated({ message: "The Authorization header must be Bearer <credential token>" }))
          return Effect.map(byCredential(match[1]!), (caller): Identified => ({ caller, byCookie: false }))
        }
        const token = readCookie(request, options.cookies.session)
        if (token === undefined) return anonymous
        // A cookie that no longer checks out is cleared from the browser.
        return bySession(token).pipe(
          Effect.tapError(() => clearCookie),
          Effect.map((caller): Identified => ({ caller, byCookie: true }))
        )
      }

      const rateLimit = (caller: Caller, method: string) => {
        const budget = budgetOf(method)
        const limit = budget === "read" ? options.budgets.readsPerMinute : options.budgets.writesPerMinute
        const id = caller._tag === "User" ? `user:${caller.account.id}` : `service:${caller.credential.id}`
        return Effect.flatMap(limiter.consume(`${budget}:${id}`, limit, 60), (decision) => {
          const header = rateLimitHeader(budget, decision)
          return HttpApp.appendPreResponseHandler((_, response) => Effect.succeed(HttpServerResponse.setHeader(response, "ratelimit", header))).pipe(
            Effect.zipRight(
              decision.allowed
                ? Effect.void
                : Effect.fail(new RateLimited({ message: `The ${budget} budget of ${limit} requests a minute is spent`, retryAfterSeconds: decision.resetSeconds }))
            )
          )
        })
      }

      return Effect.flatMap(HttpRouter.RouteContext, ({ route }) => {
        const endpoint = options.routes.endpointOf(route.method, route.path)
        const rule = endpoint === null ? Option.none() : accessRuleOf(endpoint)
        if (endpoint === null || Option.isNone(rule)) return Effect.dieMessage(`${route.method} ${route.path} declares no access rule`)
        if (rule.value.access === "public") return Effect.succeed(null)
        return Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
          Effect.flatMap(identify(request), ({ caller, byCookie }) => {
            const origin = caller !== null && byCookie && !isRead(request.method) ? checkOrigin(request, options.appOrigin) : Effect.void
            const limit = caller !== null && isRateLimited(endpoint) ? rateLimit(caller, request.method) : Effect.void
            return origin.pipe(Effect.zipRight(limit), Effect.zipRight(checkAccess(rule.value, caller)), Effect.as(caller))
          })).pipe(Effect.mapError((refusal) => new AccessRefused({ refusal })))
      })
    })
  )
