import { HttpIncomingMessage, type HttpServerRequest } from "@effect/platform"
import { Effect, Option } from "effect"
import { ApiFailure } from "../errors/ApiFailure.js"

/** The largest request body accepted: 16 KiB. */
export const MAX_BODY_BYTES = 16 * 1024

const hasBody = (request: HttpServerRequest.HttpServerRequest): boolean => {
  const length = request.headers["content-length"]
  if (length !== undefined) return length.trim() !== "0"
  return request.headers["transfer-encoding"] !== undefined
}

const isJsonMediaType = (contentType: string | undefined): boolean =>
  contentType !== undefined && contentType.split(";")[0]!.trim().toLowerCase() === "application/json"

const tooLarge = new ApiFailure({
  code: "PAYLOAD_TOO_LARGE",
  message: `Request bodies are limited to ${MAX_BODY_BYTES} bytes`
})

/**
 * The body rules of every request, before routing: a body must be
 * `application/json` (`415`), at most 16 KiB (`413`, decided from
 * `Content-Length` before anything is read, or by stopping the read at the
 * limit), and well-formed JSON (`400`). The text stays cached on the request,
 * so the endpoint decodes it without reading again.
 */
export const checkBody = (request: HttpServerRequest.HttpServerRequest): Effect.Effect<void, ApiFailure> =>
  Effect.gen(function*() {
    if (request.method === "GET" || request.method === "HEAD" || !hasBody(request)) return
    if (!isJsonMediaType(request.headers["content-type"])) {
      return yield* new ApiFailure({
        code: "UNSUPPORTED_MEDIA_TYPE",
        message: "Request bodies must be sent as Content-Type: application/json"
      })
    }
    const declared = request.headers["content-length"]
    if (declared !== undefined && !(Number(declared) <= MAX_BODY_BYTES)) return yield* tooLarge
    const text = yield* request.text.pipe(
      HttpIncomingMessage.withMaxBodySize(Option.some(MAX_BODY_BYTES)),
      Effect.mapError((error) =>
        error.cause instanceof Error && error.cause.message === "maxBytes exceeded"
          ? tooLarge
          : new ApiFailure({ code: "INVALID_INPUT", message: "The request body could not be read" })
      )
    )
    try {
      JSON.parse(text)
    } catch {
      return yield* new ApiFailure({
        code: "INVALID_INPUT",
        message: "The request body is not valid JSON",
        details: [{ path: [], message: "must be valid JSON" }]
      })
    }
  })
