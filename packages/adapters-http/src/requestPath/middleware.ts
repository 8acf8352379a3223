import { CurrentRequestId } from "@bluelight/core/kernel"
import { Context, Effect, Option, Tracer } from "effect"
import { HttpEffect, HttpServerRequest, HttpServerResponse } from "effect/http"
import { randomUUID } from "node:crypto"
import { performance } from "node:perf_hooks"
import { answerAnyFailure } from "./answerFailure.js"
import { checkBody, needsBodyCheck } from "./bodyRules.js"
import { CLIENT_CLOSED, clientWentAway, isClientGone } from "./clientGone.js"
import { pathnameOf, type RouteIndex } from "./routes.js"

/** The app the request path wraps: the router, with what runs around it. */
type App<E, R> = Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>

const responseHeaders = (requestId: string, rateLimitPolicy: string) => ({
  "x-request-id": requestId,
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "ratelimit-policy": rateLimitPolicy
})

/**
 * Names the request for everything that runs in it: the audit and the error
 * envelope read the id from the context, and every log line carries it as an
 * annotation.
 */
const namedRequest = (requestId: string) => <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  effect.pipe(Effect.provideService(CurrentRequestId, requestId), Effect.annotateLogs("requestId", requestId))

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
 * The request's first step, one plain function over its context: the span's
 * annotation and the pre-response handler that sets the headers every
 * response carries.
 */
const openRequest = (requestId: string, headers: Readonly<Record<string, string>>) =>
  Effect.withFiber((fiber) => {
    annotateSpan(fiber.context, requestId)
    HttpEffect.appendPreResponseHandlerUnsafe(fiber.context, (_request, response) => Effect.succeed(HttpServerResponse.setHeaders(response, headers)))
    return Effect.void
  })

/**
 * The outer request path, around routing: a request id and the headers every
 * response carries (set as a pre-response handler so that defects and unknown
 * routes get them too), the body rules, and one structured log line per
 * request (status 499 when the client went away before its answer). Failures
 * inside are answered by `envelopeErrors`; what reaches here (a refusal of the
 * body rules, a defect of the pages around the API) is answered the same way.
 * Every request runs this, so it is kept to straight-line steps: one id, one
 * path split, one route lookup, one annotation.
 */
export const requestPath =
  (routes: RouteIndex, options: { readonly rateLimitPolicy: string }) => <E, R>(app: App<E, R>): App<never, R | HttpServerRequest.HttpServerRequest> =>
    HttpServerRequest.HttpServerRequest.use((request) => {
      const requestId = randomUUID()
      const started = performance.now()
      const headers = responseHeaders(requestId, options.rateLimitPolicy)
      const route = routes.find(request.method, pathnameOf(request.url))
      // A refusal made here never reaches the pre-response handlers, so it gets the headers itself.
      const takesJsonBody = route?.takesJsonBody ?? false
      const routed = needsBodyCheck(request, { takesJsonBody })
        ? Effect.flatMap(
          checkBody(request, {
            ownBody: route?.ownBody ?? false,
            takesNoBody: route?.takesNoBody ?? false,
            takesJsonBody,
            maxBodyBytes: route?.maxBodyBytes
          }),
          (checked) => checked === request ? app : Effect.provideService(app, HttpServerRequest.HttpServerRequest, checked)
        )
        : app
      const answer = routed.pipe(
        Effect.catchCause((cause) =>
          // A client that went away is no defect: nothing to answer, nothing to alert on.
          isClientGone(cause)
            ? Effect.succeed(HttpServerResponse.empty({ status: CLIENT_CLOSED }))
            : Effect.map(answerAnyFailure(routes, cause), (refusal) => HttpServerResponse.setHeaders(refusal, headers))
        )
      )
      const logged = (response: HttpServerResponse.HttpServerResponse) =>
        Effect.flatMap(clientWentAway, (gone) =>
          Effect.as(
            Effect.annotateLogs(Effect.logInfo("request"), {
              method: request.method,
              route: route?.path ?? "(unmatched)",
              status: gone ? CLIENT_CLOSED : response.status,
              ms: Math.round((performance.now() - started) * 100) / 100
            }),
            response
          ))
      return openRequest(requestId, headers).pipe(
        Effect.andThen(answer),
        Effect.flatMap(logged),
        namedRequest(requestId)
      )
    })

/**
 * The inner error mapping, right around the router: it sees what the API
 * answered with a failure or a defect (unknown routes, decode failures,
 * anything the endpoints did not encode themselves) before the pages and
 * documents around it, and answers each with the error envelope.
 */
export const envelopeErrors = (routes: RouteIndex) => <E, R>(app: App<E, R>): App<never, R | HttpServerRequest.HttpServerRequest> =>
  Effect.catchCause(app, (cause) => answerAnyFailure(routes, cause))
