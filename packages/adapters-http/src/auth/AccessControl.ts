import {
  admitCaller,
  admitUser,
  authenticateCredential,
  authenticateSession,
  type AccessRule,
  type Caller,
  type Permission,
  type Permitted,
  RateLimiter,
  Unauthenticated
} from "@bluelight/core/identity"
import { Context, Effect, Layer, Option } from "effect"
import { HttpEffect, HttpServerRequest, HttpServerResponse } from "effect/http"
import type { HttpApiEndpoint } from "effect/http-api"
import { accessRuleOf, isRateLimited } from "@bluelight/api/access.js"
import { type CookieNames, readCookie, withoutSessionCookie } from "./cookies.js"
import { Authenticated, type Authentication, SignedIn } from "@bluelight/api/auth/AccessControlMiddleware.js"
import { CurrentCaller, CurrentUser } from "@bluelight/api/auth/CurrentCaller.js"
import { InvalidOrigin, RateLimited } from "@bluelight/api/auth/errors.js"
import { type RateBudgets, rateLimitHeader } from "./rateLimitHeaders.js"
import { budgetOf } from "@bluelight/api/methods.js"

export interface AccessControlOptions {
  readonly appOrigin: string
  readonly cookies: CookieNames
  readonly budgets: RateBudgets
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
  | Effect.Error<ReturnType<typeof authenticateSession>>
  | Effect.Error<ReturnType<typeof authenticateCredential>>
  | Effect.Error<ReturnType<typeof admitCaller>>
  | InvalidOrigin
  | RateLimited

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

/**
 * The endpoint's handler with its proofs given: the middleware admitted the
 * caller under the endpoint's own rule, and the endpoint's type states only
 * that rule's proofs (`allow`), so this is where they become true.
 */
const proven = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, Exclude<R, Permitted<Permission>>> => effect as never

/**
 * A refusal of the access check, left to HttpApi to answer with the
 * envelope: `allow` declares on each endpoint every refusal its rule can meet
 * (`errors/refusals.ts`), while the middleware's own type declares none (a
 * middleware's declared errors would be added to every endpoint it is on,
 * whatever its rule).
 */
const declared = <A, R, E>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, never, R> => effect as never

/**
 * The two access middlewares (`Authenticated`, `SignedIn`): the sessions and
 * credentials from the endpoint's services, the rate limiter resolved when
 * the layer is built.
 */
export const layerAccessControl = (options: AccessControlOptions) =>
  Layer.unwrap(
    Effect.gen(function*() {
      const limiter = yield* RateLimiter
      const clearCookie = HttpEffect.appendPreResponseHandler((_, response) => Effect.succeed(withoutSessionCookie(options.cookies)(response)))

      /** The caller named by the request, and whether it came by cookie. A present `Authorization` header decides alone. */
      const identify = (
        request: HttpServerRequest.HttpServerRequest
      ): Effect.Effect<Identified, AccessFailure, HttpServerRequest.HttpServerRequest | Authentication> => {
        const authorization = request.headers["authorization"]
        if (authorization !== undefined) {
          const match = BEARER.exec(authorization.trim())
          if (match === null) return Effect.fail(new Unauthenticated({ message: "The Authorization header must be Bearer <credential token>" }))
          return Effect.map(authenticateCredential(match[1]!), (caller): Identified => ({ caller, byCookie: false }))
        }
        const token = readCookie(request, options.cookies.session)
        if (token === undefined) return anonymous
        // A cookie that no longer checks out is cleared from the browser.
        return authenticateSession(token).pipe(
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
          return HttpEffect.appendPreResponseHandler((_, response) => Effect.succeed(HttpServerResponse.setHeader(response, "ratelimit", header))).pipe(
            Effect.andThen(
              decision.allowed
                ? Effect.void
                : Effect.fail(
                  new RateLimited({ message: `The ${budget} budget of ${limit} requests a minute is spent`, retryAfterSeconds: decision.resetSeconds })
                )
            )
          )
        })
      }

      /**
       * The caller `admission` makes of the one the request names under the endpoint's rule, or the
       * refusal. HttpApi hands the middleware its endpoint, whose rule it reads.
       */
      const admit = <A>(
        endpoint: HttpApiEndpoint.Top,
        admission: (rule: AccessRule, caller: Caller | null) => Effect.Effect<A, AccessFailure>
      ): Effect.Effect<A, AccessFailure, HttpServerRequest.HttpServerRequest | Authentication> => {
        const rule = accessRuleOf(endpoint)
        if (Option.isNone(rule)) return Effect.die(new Error(`${endpoint.method} ${endpoint.path} declares no access rule`))
        return HttpServerRequest.HttpServerRequest.use((request) =>
          Effect.flatMap(identify(request), ({ caller, byCookie }) => {
            const origin = caller !== null && byCookie && !isRead(request.method) ? checkOrigin(request, options.appOrigin) : Effect.void
            const limit = caller !== null && isRateLimited(endpoint) ? rateLimit(caller, request.method) : Effect.void
            return origin.pipe(Effect.andThen(limit), Effect.andThen(admission(rule.value, caller)))
          })
        )
      }

      const authenticated = Authenticated.of((httpEffect, { endpoint }) =>
        declared(Effect.flatMap(admit(endpoint, admitCaller), (caller) => proven(Effect.provideService(httpEffect, CurrentCaller, caller))))
      )
      const signedIn = SignedIn.of((httpEffect, { endpoint }) =>
        declared(
          Effect.flatMap(
            admit(endpoint, admitUser),
            (user) => proven(httpEffect.pipe(Effect.provideService(CurrentCaller, user), Effect.provideService(CurrentUser, user)))
          )
        )
      )
      return Layer.succeedContext(Context.make(Authenticated, authenticated).pipe(Context.add(SignedIn, signedIn)))
    })
  )
