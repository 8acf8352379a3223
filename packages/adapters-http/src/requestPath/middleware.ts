import { CurrentRequestId } from "@bluelight/core/kernel"
import { HttpApp, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Context, Effect, FiberRef, FiberRefs, HashMap, Option, Tracer } from "effect"
import { randomUUID } from "node:crypto"
import { performance } from "node:perf_hooks"
import { answerAnyFailure } from "./answerFailure.js"
import { checkBody } from "./bodyRules.js"
import { CLIENT_CLOSED, clientWentAway, isClientGone } from "./clientGone.js"
import { pathnameOf, type RouteIndex } from "./routes.js"

const responseHeaders = (requestId: string, rateLimitPolicy: string) => ({
  "x-request-id": requestId,
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "ratelimit-policy": rateLimitPolicy
})

/**
 * Names the request on its own fiber, once, for everything that runs in it:
 * the audit and the error envelope read the id from the context, and every log
 * line carries it as an annotation. The request path is the whole of the
 * request's fiber, so nothing needs restoring afterwards.
 */
const nameRequest = (requestId: string) =>
  Effect.updateFiberRefs((fiberId, refs) => {
    const context = Context.add(FiberRefs.getOrDefault(refs, FiberRef.currentContext), CurrentRequestId, requestId)
    const annotations = HashMap.set(FiberRefs.getOrDefault(refs, FiberRef.currentLogAnnotations), "requestId", requestId)
    return FiberRefs.updateAs(
      FiberRefs.updateAs(refs, { fiberId, fiberRef: FiberRef.currentContext, value: context }),
      { fiberId, fiberRef: FiberRef.currentLogAnnotations, value: annotations }
    )
  })

/**
 * The outer request path, around routing: a request id and the headers every
 * response carries (set as a pre-response handler so that defects and unknown
 * routes get them too), the body rules, and one structured log line per
 * request (status 499 when the client went away before its answer). Failures
 * inside the app are answered by `envelopeErrors`: by the time they reach here
 * the platform has already written its own response. Every request runs this,
 * so it is kept to straight-line steps: one id, one path split, one route
 * lookup, one annotation.
 */
/**
 * The request's span, when traces are exported, carries the request id. With
 * tracing off there is no span, and `Effect.annotateCurrentSpan` would build a
 * `NoSuchElementException` (a stack capture) per request to find that out.
 */
const annotateSpan = (requestId: string) =>
  Effect.map(Effect.serviceOption(Tracer.ParentSpan), (span) => {
    if (Option.isSome(span) && span.value._tag === "Span") span.value.attribute("requestId", requestId)
  })

export const requestPath = (routes: RouteIndex, options: { readonly rateLimitPolicy: string }) => (app: HttpApp.Default): HttpApp.Default =>
  Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
    const requestId = randomUUID()
    const started = performance.now()
    const headers = responseHeaders(requestId, options.rateLimitPolicy)
    const route = routes.find(request.method, pathnameOf(request.url))
    // A refusal made here never reaches the pre-response handlers, so it gets the headers itself.
    const answer = checkBody(request, { ownBody: route?.ownBody ?? false, takesNoBody: route?.takesNoBody ?? false }).pipe(
      Effect.flatMap((checked) => checked === request ? app : Effect.provideService(app, HttpServerRequest.HttpServerRequest, checked)),
      Effect.catchAllCause((cause) =>
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
    return nameRequest(requestId).pipe(
      Effect.zipRight(annotateSpan(requestId)),
      Effect.zipRight(HttpApp.appendPreResponseHandler((_request, response) => Effect.succeed(HttpServerResponse.setHeaders(response, headers)))),
      Effect.zipRight(answer),
      Effect.flatMap(logged)
    )
  })

/**
 * The inner error mapping, given to `HttpApiBuilder.middleware`: it sees the
 * API's raw failures and defects before HttpApi or the server encode them
 * with their own bodies, and answers each with the error envelope.
 */
export const envelopeErrors = (routes: RouteIndex) => (app: HttpApp.Default): HttpApp.Default =>
  Effect.catchAllCause(app, (cause) => answerAnyFailure(routes, cause, { passDeclared: true }))
