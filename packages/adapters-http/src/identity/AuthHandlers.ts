import {
  callerOf,
  completePlatformLink,
  completeSignIn,
  countSignInStart,
  disableDeveloperAccess,
  enableDeveloperAccess,
  meOf,
  type SignInProvider,
  signOut,
  startPlatformLink,
  startSignIn,
  Unauthenticated,
  type UserCaller
} from "@bluelight/core/identity"
import { InvalidInput } from "@bluelight/core/kernel"
import { Effect } from "effect"
import { HttpEffect, HttpServerRequest, HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { BluelightApi } from "@bluelight/api/Api.js"
import { readCookie, withoutSessionCookie, withoutSignInStateCookie, withSessionCookie, withSignInStateCookie } from "../auth/cookies.js"
import { clientAddress } from "../auth/clientAddress.js"
import { CurrentUser } from "@bluelight/api/auth/CurrentCaller.js"
import { RateLimited } from "@bluelight/api/auth/errors.js"
import { HttpSettings } from "../auth/HttpSettings.js"
import { rateLimitHeader } from "../auth/rateLimitHeaders.js"
import { isJsonMediaType } from "../requestPath/bodyRules.js"

/**
 * Counts a sign-in start against its client address's budget and the one all
 * callers share (core's rule); the response carries what is left of the
 * tighter as `RateLimit: "sign-in";r=…;t=…`, the refusal too.
 */
const limitSignInStarts = (settings: typeof HttpSettings.Service, provider: SignInProvider) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const { budget, decision } = yield* countSignInStart(provider, clientAddress(request, settings.trustedProxyHops), settings.signInStarts)
    const header = rateLimitHeader("sign-in", decision)
    yield* HttpEffect.appendPreResponseHandler((_, response) => Effect.succeed(HttpServerResponse.setHeader(response, "ratelimit", header)))
    if (!decision.allowed) {
      return yield* new RateLimited({
        message: budget === "address"
          ? "Too many sign-ins are starting from your address; try again shortly"
          : "Too many sign-ins are starting; try again shortly",
        retryAfterSeconds: decision.resetSeconds
      })
    }
  })

/**
 * The developer password from whatever body came: only `{"password": "..."}`
 * sent as JSON counts; anything else (another content type, malformed JSON,
 * another shape, an extra property) is an attempt without a password.
 */
const developerPassword = HttpServerRequest.HttpServerRequest.use((request) =>
  Effect.map(Effect.orElseSucceed(request.text, () => ""), (text) => {
    if (!isJsonMediaType(request.headers["content-type"])) return undefined
    try {
      const body: unknown = JSON.parse(text)
      if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined
      const keys = Object.keys(body)
      const password = (body as { password?: unknown }).password
      return keys.length === 1 && typeof password === "string" ? password : undefined
    } catch {
      return undefined
    }
  })
)

/**
 * A platform callback that cannot complete a link: the platform reported an
 * error (the person cancelled, or it refused), or sent no code or no state.
 * The caller is signed in (the access check ran), so this is a failed link,
 * `400 INVALID_INPUT` naming what the platform left out, never
 * `UNAUTHENTICATED` (which tells a client its session is gone). The platform's
 * error text is not repeated: anyone can put any text in the address.
 */
const incompleteLink = (query: { readonly code?: string | undefined; readonly state?: string | undefined; readonly error?: string | undefined }) =>
  new InvalidInput({
    message: "The game platform did not complete the link, so nothing was linked; start the link again",
    details: query.error !== undefined
      ? [{ path: ["query", "error"], message: "the game platform refused or cancelled the link" }]
      : [
        ...(query.code === undefined ? [{ path: ["query", "code"], message: "the game platform sent no code" }] : []),
        ...(query.state === undefined ? [{ path: ["query", "state"], message: "the game platform sent no state" }] : [])
      ]
  })

const meWithSession = (caller: UserCaller, session: UserCaller["session"]) => Effect.map(callerOf(caller.account, session), (next) => ({ data: meOf(next) }))

export const AuthHandlers = HttpApiBuilder.group(BluelightApi, "auth", (handlers) =>
  Effect.gen(function*() {
    const settings = yield* HttpSettings
    /** A failed callback also forgets the state bound to the browser. */
    const clearSignInState = HttpEffect.appendPreResponseHandler((_, response) => Effect.succeed(withoutSignInStateCookie(settings.cookies)(response)))
    return handlers
      .handle("signIn", () =>
        Effect.gen(function*() {
          yield* limitSignInStarts(settings, "idp")
          const { redirectTo, state } = yield* startSignIn
          return HttpServerResponse.redirect(redirectTo, { status: 302 }).pipe(withSignInStateCookie(settings.cookies, state))
        }))
      .handle("signInCallback", ({ query, request }) =>
        Effect.gen(function*() {
          if (query.error !== undefined || query.code === undefined || query.state === undefined) {
            return yield* new Unauthenticated({ message: "The identity provider did not complete the sign-in" })
          }
          const { token } = yield* completeSignIn({
            state: query.state,
            boundState: readCookie(request, settings.cookies.signInState),
            code: query.code,
            previousSessionToken: readCookie(request, settings.cookies.session)
          })
          return HttpServerResponse.redirect(`${settings.appUrl}/`, { status: 302 }).pipe(
            withoutSignInStateCookie(settings.cookies),
            withSessionCookie(settings.cookies, token)
          )
        }).pipe(Effect.tapError(() => clearSignInState)))
      .handle("signOut", () =>
        Effect.gen(function*() {
          yield* signOut(yield* CurrentUser)
          return HttpServerResponse.jsonUnsafe({ data: { signedOut: true } }).pipe(withoutSessionCookie(settings.cookies))
        }))
      .handle("linkPlatform", () =>
        Effect.gen(function*() {
          yield* limitSignInStarts(settings, "platform")
          const { redirectTo, state } = yield* startPlatformLink(yield* CurrentUser)
          return HttpServerResponse.redirect(redirectTo, { status: 302 }).pipe(withSignInStateCookie(settings.cookies, state))
        }))
      .handle("linkPlatformCallback", ({ query, request }) =>
        Effect.gen(function*() {
          const caller = yield* CurrentUser
          if (query.error !== undefined || query.code === undefined || query.state === undefined) {
            return yield* incompleteLink(query)
          }
          yield* completePlatformLink(caller, {
            state: query.state,
            boundState: readCookie(request, settings.cookies.signInState),
            code: query.code
          })
          return HttpServerResponse.redirect(`${settings.appUrl}/`, { status: 302 }).pipe(withoutSignInStateCookie(settings.cookies))
        }).pipe(Effect.tapError(() => clearSignInState)))
      .handle("enableDeveloperAccess", () =>
        Effect.gen(function*() {
          const caller = yield* CurrentUser
          const { session, token } = yield* enableDeveloperAccess(caller, yield* developerPassword)
          const body = yield* meWithSession(caller, session)
          return HttpServerResponse.jsonUnsafe(body).pipe(withSessionCookie(settings.cookies, token))
        }))
      .handle("disableDeveloperAccess", () =>
        Effect.gen(function*() {
          const caller = yield* CurrentUser
          const { session, token } = yield* disableDeveloperAccess(caller)
          const body = yield* meWithSession(caller, session)
          return HttpServerResponse.jsonUnsafe(body).pipe(withSessionCookie(settings.cookies, token))
        }))
      .handle("me", () => CurrentUser.useSync((caller) => ({ data: meOf(caller) })))
  }))
