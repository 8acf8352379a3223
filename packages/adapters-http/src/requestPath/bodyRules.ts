import { HttpIncomingMessage, type HttpServerRequest } from "@effect/platform"
import { Effect, Option } from "effect"
import { ApiFailure } from "../errors/ApiFailure.js"

/** The largest request body accepted: 16 KiB. */
export const MAX_BODY_BYTES = 16 * 1024

/** How much of a body without `Content-Length` is read before the connection is cut. */
const MAX_UNDECLARED_BODY_BYTES = 1024 * 1024

const hasBody = (request: HttpServerRequest.HttpServerRequest): boolean => {
  const length = request.headers["content-length"]
  if (length !== undefined) return length.trim() !== "0"
  return request.headers["transfer-encoding"] !== undefined
}

export const isJsonMediaType = (contentType: string | undefined): boolean =>
  contentType !== undefined && contentType.split(";")[0]!.trim().toLowerCase() === "application/json"

const tooLarge = new ApiFailure({
  code: "PAYLOAD_TOO_LARGE",
  message: `Request bodies are limited to ${MAX_BODY_BYTES} bytes`
})

/**
 * The body rules of every request, before routing: a body must be
 * `application/json` (`415`), at most 16 KiB (`413`, decided from
 * `Content-Length` before anything is read), and well-formed JSON (`400`). The text stays cached on the request,
 * so the endpoint decodes it without reading again.
 */
export const checkBody = (
  request: HttpServerRequest.HttpServerRequest,
  options: { readonly ownBody: boolean } = { ownBody: false }
): Effect.Effect<void, ApiFailure> =>
  Effect.gen(function*() {
    if (request.method === "GET" || request.method === "HEAD" || !hasBody(request)) return
    if (!options.ownBody && !isJsonMediaType(request.headers["content-type"])) {
      return yield* new ApiFailure({
        code: "UNSUPPORTED_MEDIA_TYPE",
        message: "Request bodies must be sent as Content-Type: application/json"
      })
    }
    const declared = request.headers["content-length"]
    if (declared !== undefined && !(Number(declared) <= MAX_BODY_BYTES)) return yield* tooLarge
    // A body of unknown length is read up to a hard cap and measured. Stopping
    // the read at 16 KiB would make the platform destroy the socket before the
    // 413 could be written; past the cap it does, and the client sees a reset.
    const text = yield* request.text.pipe(
      HttpIncomingMessage.withMaxBodySize(Option.some(declared === undefined ? MAX_UNDECLARED_BODY_BYTES : MAX_BODY_BYTES)),
      Effect.mapError((error) =>
        error.cause instanceof Error && error.cause.message === "maxBytes exceeded"
          ? tooLarge
          : new ApiFailure({ code: "INVALID_INPUT", message: "The request body could not be read" })
      )
    )
    if (Buffer.byteLength(text) > MAX_BODY_BYTES) return yield* tooLarge
    if (options.ownBody) return
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
