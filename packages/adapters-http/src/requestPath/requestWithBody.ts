import { Effect, Stream } from "effect"
import { HttpServerError, type HttpServerRequest, UrlParams } from "effect/http"

const bytesOf = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, "utf8"))

/**
 * `request` with its body served from `body`, already read: the body rules
 * read a body without `Content-Length` piece by piece (so that an oversized
 * one can be drained and answered `413`), which uses up its source stream.
 *
 * Only the body members (and `modify`, which would otherwise lose them) are
 * its own; everything else, including what the platform's response writer
 * reads off the request (the Node response it answers on), comes from the
 * original through the prototype chain.
 */
export const requestWithBody = (request: HttpServerRequest.HttpServerRequest, body: string): HttpServerRequest.HttpServerRequest => {
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
          const bytes = bytesOf(body)
          const copy = new ArrayBuffer(bytes.byteLength)
          new Uint8Array(copy).set(bytes)
          return copy
        })
    },
    stream: { get: () => Stream.sync(() => bytesOf(body)) },
    modify: { value: (options: Parameters<HttpServerRequest.HttpServerRequest["modify"]>[0]) => requestWithBody(request.modify(options), body) }
  })
  return withBody
}
