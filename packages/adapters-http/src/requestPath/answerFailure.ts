import { isDomainError } from "@bluelight/core/kernel"
import { Cause, Effect, Option, Result } from "effect"
import { HttpServerError, HttpServerRequest, type HttpServerResponse } from "effect/http"
import { HttpApiError } from "effect/http-api"
import { errorResponse, internalErrorResponse } from "../errors/respond.js"
import { decodeDetails } from "./decodeDetails.js"
import { pathnameOf } from "./routes.js"

const isRouteNotFound = (error: unknown): boolean =>
  error instanceof HttpServerError.RouteNotFound ||
  (error instanceof HttpServerError.HttpServerError && error.reason instanceof HttpServerError.RouteNotFound)

/** The refusal of a request no route takes (a known path with another method is the router's `405`: `methodNotAllowed.ts`). */
const notFound = HttpServerRequest.HttpServerRequest.use((request) =>
  errorResponse({ code: "NOT_FOUND", message: `No route ${request.method} ${pathnameOf(request.url)}` })
)

/**
 * The envelope for what reached the request path unanswered: input that
 * HttpApi could not decode (`400` with every problem; it raises them as
 * defects), a domain error no endpoint encoded (a route outside the API),
 * no route at all (`404`), and anything else, a defect: logged with its
 * cause and answered `500 INTERNAL_ERROR`. An endpoint's declared errors,
 * its access refusals among them, are answered by HttpApi with the same
 * envelope (`@bluelight/api`'s `errors/declared.ts`) and never reach here.
 * An interrupted-only cause means the client went away: there is nobody to
 * answer, and it passes on.
 */
export const answerFailure = (
  cause: Cause.Cause<unknown>
): Effect.Effect<HttpServerResponse.HttpServerResponse, never, HttpServerRequest.HttpServerRequest> => {
  const defect = Cause.findDefect(cause)
  if (Result.isSuccess(defect) && defect.success instanceof HttpApiError.HttpApiSchemaError) {
    return errorResponse({ code: "INVALID_INPUT", message: "The request is not valid", details: decodeDetails(defect.success) })
  }
  const failure = Cause.findErrorOption(cause)
  if (Option.isSome(failure)) {
    if (isDomainError(failure.value)) return errorResponse(failure.value)
    if (isRouteNotFound(failure.value)) return notFound
  }
  return Cause.hasInterruptsOnly(cause) ? Effect.failCause(cause as Cause.Cause<never>) : internalErrorResponse(cause)
}
