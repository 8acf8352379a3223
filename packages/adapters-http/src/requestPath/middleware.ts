import { CurrentRequestId } from "@bluelight/core/kernel"
import { HttpApp, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { randomUUID } from "node:crypto"
import { performance } from "node:perf_hooks"
import { answerAnyFailure } from "./answerFailure.js"
import { checkBody } from "./bodyRules.js"
import { CLIENT_CLOSED, clientWentAway, isClientGone } from "./clientGone.js"
import type { RouteIndex } from "./routes.js"

const responseHeaders = (requestId: string, rateLimitPolicy: string) => ({
  "x-request-id": requestId,
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "ratelimit-policy": rateLimitPolicy
})

/**
 * The outer request path, around routing: a request id and the headers every
 * response carries (set as a pre-response handler so that defects and unknown
 * routes get them too), the body rules, and one structured log line per
 * request (status 499 when the client went away before its answer). Failures
 * inside the app are answered by `envelopeErrors`: by the time they reach here
 * the platform has already written its own response.
 */
export const requestPath = (routes: RouteIndex, options: { readonly rateLimitPolicy: string }) => (app: HttpApp.Default): HttpApp.Default =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const requestId = randomUUID()
    const started = performance.now()
    yield* Effect.annotateCurrentSpan("requestId", requestId)
    const headers = responseHeaders(requestId, options.rateLimitPolicy)
    yield* HttpApp.appendPreResponseHandler((_request, response) =>
      Effect.succeed(HttpServerResponse.setHeaders(response, headers))
    )
    const pathname = new URL(request.url, "http://localhost").pathname
    const route = routes.find(request.method, pathname)
    const ownBody = route?.ownBody ?? false
    // A refusal made here never reaches the pre-response handlers, so it gets the headers itself.
    const response = yield* checkBody(request, { ownBody }).pipe(
      Effect.flatMap((checked) => Effect.provideService(app, HttpServerRequest.HttpServerRequest, checked)),
      Effect.catchAllCause((cause) =>
        // A client that went away is no defect: nothing to answer, nothing to alert on.
        isClientGone(cause)
          ? Effect.succeed(HttpServerResponse.empty({ status: CLIENT_CLOSED }))
          : Effect.map(answerAnyFailure(routes, cause), (refusal) => HttpServerResponse.setHeaders(refusal, headers))
      ),
      Effect.provideService(CurrentRequestId, requestId),
      Effect.annotateLogs("requestId", requestId)
    )
    const gone = yield* clientWentAway
    yield* Effect.logInfo("request").pipe(
      Effect.annotateLogs({
        requestId,
        method: request.method,
        route: route?.path ?? "(unmatched)",
        status: gone ? CLIENT_CLOSED : response.status,
        ms: Math.round((performance.now() - started) * 100) / 100
      })
    )
    return response
  })

/**
 * The inner error mapping, given to `HttpApiBuilder.middleware`: it sees the
 * API's raw failures and defects before HttpApi or the server encode them
 * with their own bodies, and answers each with the error envelope.
 */
export const envelopeErrors = (routes: RouteIndex) => (app: HttpApp.Default): HttpApp.Default =>
  Effect.catchAllCause(app, (cause) => answerAnyFailure(routes, cause, { passDeclared: true }))
