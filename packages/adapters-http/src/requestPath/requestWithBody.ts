import { Effect, Stream } from "effect"
import { HttpServerError, type HttpServerRequest, UrlParams } from "effect/http"

const decoder = new TextDecoder()

/**
 * `request` with its body served from `body`, the bytes already read as
 * received (a signed body is verified over exactly these): the body rules
 * read a body without `Content-Length` piece by piece (so that an oversized
 * one can be drained and answered `413`), which uses up its source stream.
 *
 * Only the body members (and `modify`, which would otherwise lose them) are
 * its own; everything else, including what the platform's response writer
 * reads off the request (the Node response it answers on), comes from the
 * original through the prototype chain.
 */
export const requestWithBody = (request: HttpServerRequest.HttpServerRequest, bytes: Uint8Array): HttpServerRequest.HttpServerRequest => {
  const body = decoder.decode(bytes)
  const decodeError = (self: HttpServerRequest.HttpServerRequest) => (cause: unknown) =>
    new HttpServerError.HttpServerError({ reason: new HttpServerError.RequestParseError({ request: self, reason: "Parse", cause }) })
  const withBody: HttpServerRequest.HttpServerRequest = Object.create(request, {
    text: { get: () => Effect.succeed(body) },
    json: {
      get: () => Effect.try({ try: (): unknown => (body === "" ? null : JSON.parse(body)), catch: decodeError(withBody) })
    },
    urlParamsBody: {
      get: () => Effect.try({ try: () => UrlParams.fromInput(new URLSearchParams(body)), catch: decodeError(withBody) })
    },
    arrayBuffer: {
      get: () =>
        Effect.sync(() => {
          const copy = new ArrayBuffer(bytes.byteLength)
          new Uint8Array(copy).set(bytes)
          return copy
        })
    },
    stream: { get: () => Stream.sync(() => bytes.slice()) },
    modify: { value: (options: Parameters<HttpServerRequest.HttpServerRequest["modify"]>[0]) => requestWithBody(request.modify(options), bytes) }
  })
  return withBody
}
