import { Cause, Effect, Option, Result } from "effect"
import { HttpServerError, HttpServerRequest, type HttpServerResponse } from "effect/http"
import { HttpApiError } from "effect/http-api"
import { ApiFailure } from "../errors/ApiFailure.js"
import { errorResponse, internalErrorResponse, isEnvelopeFailure } from "../errors/respond.js"
import { decodeDetails } from "./decodeDetails.js"
import { pathnameOf, type RouteIndex } from "./routes.js"

const routeNotFound = (routes: RouteIndex, request: HttpServerRequest.HttpServerRequest) => {
  const pathname = pathnameOf(request.url)
  const allowed = routes.methodsFor(pathname)
  return allowed.length === 0
    ? new ApiFailure({ code: "NOT_FOUND", message: `No route ${request.method} ${pathname}` })
    : new ApiFailure({
      code: "METHOD_NOT_ALLOWED",
      message: `${request.method} is not allowed on ${pathname}; use ${allowed.join(", ")}`,
      headers: { allow: allowed.join(", ") }
    })
}

const unknown = Effect.succeed(Option.none<HttpServerResponse.HttpServerResponse>())

const isRouteNotFound = (error: unknown): boolean =>
  error instanceof HttpServerError.RouteNotFound ||
  (error instanceof HttpServerError.HttpServerError && error.reason instanceof HttpServerError.RouteNotFound)

/**
 * Answers the failures the API knows with its error envelope: domain errors,
 * request-path refusals, decode failures (`400` with every problem; HttpApi
 * raises them as defects) and unknown routes (`404`, or `405` when the path
 * exists with another method). Anything else is `None`: the caller decides
 * (pass it on, or a `500`). Every refusal passes here, so it is straight-line
 * code.
 */
export const answerKnownFailure = (
  routes: RouteIndex,
  cause: Cause.Cause<unknown>
): Effect.Effect<Option.Option<HttpServerResponse.HttpServerResponse>, never, HttpServerRequest.HttpServerRequest> => {
  const decodeFailure = Cause.findDefect(cause)
  if (Result.isSuccess(decodeFailure) && decodeFailure.success instanceof HttpApiError.HttpApiSchemaError) {
    const details = decodeDetails(decodeFailure.success)
    return Effect.map(errorResponse({ code: "INVALID_INPUT", message: "The request is not valid", details }), Option.some)
  }
  const failure = Cause.findErrorOption(cause)
  if (Option.isNone(failure)) return unknown
  const error = failure.value
  if (isEnvelopeFailure(error)) return Effect.map(errorResponse(error), Option.some)
  if (isRouteNotFound(error)) {
    return HttpServerRequest.HttpServerRequest.use((request) => Effect.map(errorResponse(routeNotFound(routes, request)), Option.some))
  }
  return unknown
}

/**
 * Answers every cause. A defect (or a failure the envelope does not know) is
 * logged and answered `500 INTERNAL_ERROR`. An interrupted-only cause means the
 * client went away: there is nobody to answer.
 */
export const answerAnyFailure = (routes: RouteIndex, cause: Cause.Cause<unknown>) =>
  Effect.flatMap(answerKnownFailure(routes, cause), (known) =>
    Option.match(known, {
      onSome: Effect.succeed,
      onNone: () => Cause.hasInterruptsOnly(cause) ? Effect.failCause(cause as Cause.Cause<never>) : internalErrorResponse(cause)
    }))
