import { CurrentRequestId, type ErrorCode } from "@bluelight/core/kernel"
import { Effect } from "effect"
import { HttpServerResponse } from "effect/http"
import { capDetails } from "@bluelight/api/schema/envelope.js"
import { statusOfCode } from "@bluelight/api/errors/status.js"

export { capDetails, MAX_DETAILS } from "@bluelight/api/schema/envelope.js"

/** Builds the error envelope `{error: {code, message, details?}, requestId}` with its status. */
export const errorResponse = (failure: {
  readonly code: ErrorCode
  readonly message: string
  readonly details?: unknown
  readonly headers?: Readonly<Record<string, string>>
  /** Becomes `Retry-After` (rate limits, throttling). */
  readonly retryAfterSeconds?: number | undefined
}): Effect.Effect<HttpServerResponse.HttpServerResponse> =>
  Effect.map(Effect.service(CurrentRequestId), (requestId) => {
    const status = statusOfCode(failure.code)
    const error = failure.details === undefined
      ? { code: failure.code, message: failure.message }
      : { code: failure.code, message: failure.message, details: capDetails(failure.details) }
    const headers: Record<string, string> = { ...failure.headers }
    if (typeof failure.retryAfterSeconds === "number") headers["retry-after"] = String(failure.retryAfterSeconds)
    return HttpServerResponse.jsonUnsafe({ error, requestId }, { status, headers })
  })

/** The answer to a defect: logged with its cause and request id, never shown to the caller. */
export const internalErrorResponse = (cause: unknown): Effect.Effect<HttpServerResponse.HttpServerResponse> =>
  Effect.andThen(
    Effect.logError("request failed with a defect", cause),
    errorResponse({ code: "INTERNAL_ERROR", message: "Something went wrong on our side. Quote the request id if you report it." })
  )
