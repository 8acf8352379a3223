import { CurrentRequestId } from "@bluelight/core/kernel"
import { Context, Effect, Option, Tracer } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { randomUUID } from "node:crypto"
import { performance } from "node:perf_hooks"
import { answerFailure } from "./answerFailure.js"
import { CLIENT_CLOSED, clientWentAway, isClientGone } from "./clientGone.js"

/** What the request path needs to know of the deployment. */
export interface RequestPathOptions {
  /** `RateLimit-Policy`, the same on every answer. */
  readonly rateLimitPolicy: string
  /** The page a request on another name of this host is sent to (`loopbackRedirect`), if any. */
  readonly redirect: (request: HttpServerRequest.HttpServerRequest) => string | undefined
}

/**
 * The headers every answer carries. A route that may be kept by a cache
 * (the web client's files, the documents, the icon) says so in its own
 * `Cache-Control`, which is kept; every other answer is `no-store`.
 */
const withCommonHeaders = (response: HttpServerResponse.HttpServerResponse, requestId: string, rateLimitPolicy: string) =>
  HttpServerResponse.setHeaders(response, {
    "x-request-id": requestId,
    "cache-control": response.headers["cache-control"] ?? "no-store",
    "x-content-type-options": "nosniff",
    "ratelimit-policy": rateLimitPolicy
  })

/**
 * The request's span, when traces are exported, carries the request id. With
 * tracing off there is no span, and `Effect.annotateCurrentSpan` would look
 * for one on every request to find that out.
 */
const annotateSpan = (context: Context.Context<never>, requestId: string) => {
  const span = Context.getOption(context, Tracer.ParentSpan)
  if (Option.isSome(span) && span.value._tag === "Span") span.value.attribute("requestId", requestId)
}

/**
 * The route the router took, read after it answered: the router puts it in
 * the request's context and leaves it there until the request ends (Effect's
 * `HttpRouter.asHttpEffect`), so the request path reads it without a lookup
 * of its own. `test/requestPath.test.ts` holds the log line to it.
 */
const routeTaken = (context: Context.Context<never>): string => {
  const route = Context.getOption(context, HttpRouter.RouteContext)
  return Option.isSome(route) ? route.value.route.path : "(unmatched)"
}

/**
 * The request path: the one global middleware around the router, and the one
 * place a failure that no endpoint answered becomes the error envelope
 * (`answerFailure`: unknown routes, defects, input HttpApi could not decode).
 * It names the request (an id the audit, the envelope and every log line
 * carry: the logger reads it from the fiber, `CurrentRequestId`), sends a
 * page asked for on the other loopback name to `APP_URL`, gives every answer
 * the common headers, and writes one log line per request (status 499 when
 * the client went away before its answer). Everything else a request meets is
 * on its route: the body rules and the access check are the endpoints'
 * middleware, the documents and the web client are routes. Every request
 * runs this, so it is kept to straight-line steps.
 */
export const requestPath = (options: RequestPathOptions) =>
<E, R>(
  router: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
): Effect.Effect<HttpServerResponse.HttpServerResponse, never, R | HttpServerRequest.HttpServerRequest> =>
  Effect.withFiber((fiber) => {
    const request = Context.getUnsafe(fiber.context, HttpServerRequest.HttpServerRequest)
    const requestId = randomUUID()
    const started = performance.now()
    annotateSpan(fiber.context, requestId)
    const location = options.redirect(request)
    const logged = (response: HttpServerResponse.HttpServerResponse) =>
      Effect.withFiber((done) =>
        Effect.flatMap(clientWentAway, (gone) =>
          Effect.as(
            Effect.annotateLogs(Effect.logInfo("request"), {
              method: request.method,
              route: routeTaken(done.context),
              status: gone ? CLIENT_CLOSED : response.status,
              ms: Math.round((performance.now() - started) * 100) / 100
            }),
            withCommonHeaders(response, requestId, options.rateLimitPolicy)
          ))
      )
    const answered = location !== undefined
      ? logged(HttpServerResponse.redirect(location, { status: 302 }))
      : Effect.matchCauseEffect(router, {
        onSuccess: logged,
        // A client that went away is no defect: nothing to answer, nothing to alert on.
        onFailure: (cause) => isClientGone(cause) ? logged(HttpServerResponse.empty({ status: CLIENT_CLOSED })) : Effect.flatMap(answerFailure(cause), logged)
      })
    return Effect.provideService(answered, CurrentRequestId, requestId)
  })
