import { isReadingOwnBody } from "@bluelight/api/access.js"
import { maxBodyBytesOf } from "@bluelight/api/bodyLimit.js"
import { BodyRules } from "@bluelight/api/bodyRules.js"
import { PayloadTooLarge, UnsupportedMediaType } from "@bluelight/api/errors/requestPath.js"
import { mayHaveBody } from "@bluelight/api/methods.js"
import { InvalidInput } from "@bluelight/core/kernel"
import { ByteSize, Effect, Layer, Result, Stream } from "effect"
import { HttpIncomingMessage, HttpServerRequest } from "effect/http"
import { IncomingMessage } from "node:http"
import { requestWithBody } from "./requestWithBody.js"

/** The largest request body accepted, unless the operation declares its own limit (`maxBodyBytes`): 16 KiB. */
export const MAX_BODY_BYTES = 16 * 1024

/**
 * How much of an oversized body without `Content-Length` is read (and thrown
 * away) so that the `413` reaches the client; a client still sending past
 * this has its connection cut.
 */
export const MAX_DRAINED_BODY_BYTES = 10 * 1024 * 1024

/** The deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 32

const hasBody = (request: HttpServerRequest.HttpServerRequest): boolean => {
  const length = request.headers["content-length"]
  if (length !== undefined) return length.trim() !== "0"
  return request.headers["transfer-encoding"] !== undefined
}

export const isJsonMediaType = (contentType: string | undefined): boolean =>
  contentType !== undefined && contentType.split(";")[0]!.trim().toLowerCase() === "application/json"

/**
 * True when arrays and objects in `text` nest deeper than `max`. A plain scan
 * of the characters (strings and their escapes skipped), so that no depth of
 * input can overflow a stack here, in `JSON.parse` or in formatting a
 * validation error about it.
 */
export const nestsDeeperThan = (text: string, max: number): boolean => {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c) i++
      else if (c === 0x22) inString = false
    } else if (c === 0x22) {
      inString = true
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true
    } else if (c === 0x5d || c === 0x7d) {
      depth--
    }
  }
  return false
}

/**
 * JSON text as a value, or why it is not one: nested deeper than 32 levels
 * (decided by a scan before parsing, `nestsDeeperThan`), or malformed; each
 * refusal one problem at the root, its message naming `what` (the request
 * body, the game's delivery).
 */
export const parsedJson = (text: string, what: string): Result.Result<unknown, InvalidInput> => {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    return Result.fail(
      new InvalidInput({
        message: `${what} nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels`,
        details: [{ path: [], message: `must nest at most ${MAX_JSON_DEPTH} levels deep` }]
      })
    )
  }
  try {
    return Result.succeed(JSON.parse(text))
  } catch {
    return Result.fail(new InvalidInput({ message: `${what} is not valid JSON`, details: [{ path: [], message: "must be valid JSON" }] }))
  }
}

/** What the body rules refuse a request with; each is declared on every operation that may be sent a body (`allow`). */
type BodyRefusal = PayloadTooLarge | UnsupportedMediaType | InvalidInput

const tooLarge = (limit: number) => new PayloadTooLarge({ message: `Request bodies are limited to ${limit} bytes` })

const unreadable = new InvalidInput({ message: "The request body could not be read", details: [{ path: [], message: "could not be read to its end" }] })

/**
 * Reads a body of unknown length piece by piece: kept while it fits in the
 * limit, then counted and thrown away to its end, so the client gets its `413`
 * instead of a reset. Past `MAX_DRAINED_BODY_BYTES` the read stops and the
 * connection is cut. Answers the bytes as received.
 */
const readUndeclared = (request: HttpServerRequest.HttpServerRequest, limit: number): Effect.Effect<Uint8Array, BodyRefusal> =>
  Effect.suspend(() => {
    const kept: Array<Uint8Array> = []
    let bytes = 0
    return Stream.runForEachWhile(request.stream, (chunk) =>
      Effect.sync(() => {
        bytes += chunk.byteLength
        if (bytes <= limit) kept.push(chunk)
        return bytes <= MAX_DRAINED_BODY_BYTES
      })).pipe(
        Effect.mapError(() => unreadable),
        Effect.flatMap(() => {
          if (bytes > MAX_DRAINED_BODY_BYTES) cutOff(request)
          return bytes <= limit ? Effect.succeed(new Uint8Array(Buffer.concat(kept))) : Effect.fail(tooLarge(limit))
        })
      )
  })

/**
 * Closes the connection of a client still sending past what is drained:
 * left open, the server would read (and throw away) the rest of the upload
 * after answering, however long it is.
 */
const cutOff = (request: HttpServerRequest.HttpServerRequest): void => {
  if (request.source instanceof IncomingMessage) request.source.destroy()
}

/**
 * What an operation that declares no body may be sent: nothing, or `{}`.
 * Every property of an object is unknown, each its own problem; anything
 * else (an array, a string, `null`) is one problem at the root.
 */
export const bodyOfNothing = (parsed: unknown): ReadonlyArray<{ readonly path: ReadonlyArray<string>; readonly message: string }> => {
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return [{ path: [], message: "must be an empty object, or no body at all: this operation takes no body" }]
  }
  return Object.keys(parsed).map((key) => ({ path: [key], message: "is unexpected" }))
}

/** Whether the request brings a body the rules apply to: a `GET` or a bodiless request has none to check. */
export const carriesBody = (request: HttpServerRequest.HttpServerRequest): boolean => mayHaveBody(request.method) && hasBody(request)

/**
 * Whether the body rules have something to check: a body, or, for a route
 * that takes a JSON body, a `Content-Type` that names another media type
 * over no body. HttpApi would answer that one itself, with a plain-text
 * `415` outside the envelope (`decodePayload` in
 * `effect/src/http-api/HttpApiBuilder.ts` answers `Unsupported content-type`
 * for a media type the endpoint has no decoder for, body or not).
 */
export const needsBodyCheck = (request: HttpServerRequest.HttpServerRequest, options: { readonly takesJsonBody?: boolean | undefined }): boolean =>
  carriesBody(request) || namesOtherMediaTypeForJson(request, options.takesJsonBody)

const namesOtherMediaTypeForJson = (request: HttpServerRequest.HttpServerRequest, takesJsonBody: boolean | undefined): boolean => {
  const contentType = request.headers["content-type"]
  return takesJsonBody === true && mayHaveBody(request.method) && contentType !== undefined && !isJsonMediaType(contentType)
}

const unsupportedMediaType = new UnsupportedMediaType({ message: "Request bodies must be sent as Content-Type: application/json" })

/** What the body rules need to know of the route a request is for. */
export interface BodyRuleOptions {
  /** The route reads its own body: only the size limit applies. */
  readonly ownBody: boolean
  /** The route's operation declares a JSON body: another `Content-Type` is `415` even over no body. */
  readonly takesJsonBody?: boolean
  readonly takesNoBody?: boolean
  /** The route's limit; 16 KiB unless given. */
  readonly maxBodyBytes?: number | undefined
}

/**
 * The body rules of every request, before routing: a body must be
 * `application/json` (`415`; so must any `Content-Type` sent, body or not,
 * to an operation that takes a JSON body), at most the route's limit, 16 KiB unless it
 * declares its own (`413`, decided from `Content-Length` before anything is
 * read), well-formed JSON (`400`) nested at most 32 levels (`400`). Answers
 * the request to route: the same one, or for a body without `Content-Length`
 * one that serves the bytes already read. A declared body stays cached on
 * the request (its bytes and its text), so the endpoint reads it without
 * reading again.
 */
export const checkBody = (
  request: HttpServerRequest.HttpServerRequest,
  options: BodyRuleOptions = { ownBody: false }
): Effect.Effect<HttpServerRequest.HttpServerRequest, BodyRefusal> =>
  // Most requests carry no body: they get their answer without a generator of their own.
  carriesBody(request)
    ? checkCarriedBody(request, options)
    : namesOtherMediaTypeForJson(request, options.takesJsonBody)
    ? Effect.fail(unsupportedMediaType)
    : Effect.succeed(request)

const checkCarriedBody = (
  request: HttpServerRequest.HttpServerRequest,
  options: BodyRuleOptions
): Effect.Effect<HttpServerRequest.HttpServerRequest, BodyRefusal> =>
  Effect.gen(function*() {
    if (!options.ownBody && !isJsonMediaType(request.headers["content-type"])) return yield* unsupportedMediaType
    const limit = options.maxBodyBytes ?? MAX_BODY_BYTES
    const declared = request.headers["content-length"]
    if (declared !== undefined && !(Number(declared) <= limit)) return yield* tooLarge(limit)
    let routed = request
    let text: string
    if (declared === undefined) {
      const bytes = yield* readUndeclared(request, limit)
      routed = requestWithBody(request, bytes)
      text = Buffer.from(bytes).toString("utf8")
    } else {
      text = yield* request.text.pipe(
        Effect.provideService(HttpIncomingMessage.MaxBodySize, ByteSize.bytes(limit)),
        Effect.mapError((error) => error.reason._tag === "RequestParseError" && error.reason.reason === "BodyTooLarge" ? tooLarge(limit) : unreadable)
      )
    }
    if (options.ownBody) return routed
    const parsed = parsedJson(text, "The request body")
    if (Result.isFailure(parsed)) return yield* parsed.failure
    if (options.takesNoBody === true) {
      const problems = bodyOfNothing(parsed.success)
      if (problems.length > 0) {
        return yield* new InvalidInput({ message: "This operation takes no body properties", details: problems })
      }
    }
    return routed
  })

/**
 * The body rules as the endpoints' middleware (`BodyRules`, on every
 * operation of the API): what an endpoint takes is read once, when its route
 * is built, and an operation no body can be sent to (`GET`) runs without it.
 * The request the endpoint then decodes is the one checked: a body read
 * without `Content-Length` is served from the bytes already read.
 */
export const layerBodyRules = Layer.succeed(
  BodyRules,
  BodyRules.of((endpoint, { endpoint: declared }) => {
    if (!mayHaveBody(declared.method)) return endpoint
    const ownBody = isReadingOwnBody(declared)
    const rules: BodyRuleOptions = {
      ownBody,
      takesNoBody: !ownBody && declared.payload.size === 0,
      takesJsonBody: !ownBody && declared.payload.size > 0,
      maxBodyBytes: maxBodyBytesOf(declared) ?? MAX_BODY_BYTES
    }
    const checked = HttpServerRequest.HttpServerRequest.use((request) =>
      needsBodyCheck(request, rules)
        ? Effect.flatMap(checkBody(request, rules), (read) =>
          read === request ? endpoint : Effect.provideService(endpoint, HttpServerRequest.HttpServerRequest, read))
        : endpoint
    )
    // Its refusals are declared on the operation (`allow`), which HttpApi answers with the envelope; the middleware's own type names none.
    return checked as Effect.Effect<Effect.Success<typeof checked>, Effect.Error<typeof endpoint>, Effect.Services<typeof checked>>
  })
)
