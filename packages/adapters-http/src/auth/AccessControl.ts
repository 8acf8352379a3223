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

      /** The caller named by the request, and whether it came by cookie. A present `Authorization` header decides alone. */
      const identify = (request: HttpServerRequest.HttpServerRequest) =>
        Effect.gen(function*() {
          const authorization = request.headers["authorization"]
          if (authorization !== undefined) {
            const match = BEARER.exec(authorization.trim())
            if (match === null) return yield* new Unauthenticated({ message: "The Authorization header must be Bearer <credential token>" })
            const caller: Caller = yield* authenticateCredential(match[1]!)
            return { caller, byCookie: false }
          }
          const token = readCookie(request, options.cookies.session)
          if (token === undefined) return { caller: null, byCookie: false }
          // A cookie that no longer checks out is cleared from the browser.
          const caller: Caller = yield* authenticateSession(token).pipe(
            Effect.tapError(() => HttpApp.appendPreResponseHandler((_, response) => Effect.succeed(withoutSessionCookie(options.cookies)(response))))
          )
          return { caller, byCookie: true }
        }).pipe(Effect.provide(services))

      const rateLimit = (caller: Caller, method: string) =>
        Effect.gen(function*() {
          const budget = budgetOf(method)
          const limit = budget === "read" ? options.budgets.readsPerMinute : options.budgets.writesPerMinute
          const id = caller._tag === "User" ? `user:${caller.account.id}` : `service:${caller.credential.id}`
          const decision = yield* limiter.consume(`${budget}:${id}`, limit, 60)
          const header = rateLimitHeader(budget, decision)
          yield* HttpApp.appendPreResponseHandler((_, response) => Effect.succeed(HttpServerResponse.setHeader(response, "ratelimit", header)))
          if (!decision.allowed) {
            return yield* new RateLimited({ message: `The ${budget} budget of ${limit} requests a minute is spent`, retryAfterSeconds: decision.resetSeconds })
          }
        })

      return Effect.gen(function*() {
        const request = yield* HttpServerRequest.HttpServerRequest
        const { route } = yield* HttpRouter.RouteContext
        const endpoint = options.routes.endpointOf(route.method, route.path)
        const rule = endpoint === null ? Option.none() : accessRuleOf(endpoint)
        if (endpoint === null || Option.isNone(rule)) return yield* Effect.dieMessage(`${route.method} ${route.path} declares no access rule`)
        if (rule.value.access === "public") return null
        const { caller, byCookie } = yield* identify(request)
        if (caller !== null && byCookie && !isRead(request.method)) yield* checkOrigin(request, options.appOrigin)
        if (caller !== null && isRateLimited(endpoint)) yield* rateLimit(caller, request.method)
        yield* checkAccess(rule.value, caller)
        return caller
      }).pipe(Effect.mapError((refusal) => new AccessRefused({ refusal })))
    })
  )
