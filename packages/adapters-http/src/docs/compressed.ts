import { Effect } from "effect"
import { HttpServerRequest, HttpServerResponse } from "effect/http"
import { createHash } from "node:crypto"
import { promisify } from "node:util"
import { brotliCompress, constants, gzip } from "node:zlib"

/** Kept a year and never revalidated: the file's name names its content (Scalar's script, the web client's assets). */
export const IMMUTABLE = "public, max-age=31536000, immutable"

/** A constant body in each coding a client may ask for, with its type and a validator of its content. */
export interface Compressed {
  readonly contentType: string
  readonly identity: Uint8Array
  readonly br: Uint8Array
  readonly gzip: Uint8Array
  /** Of the content; each coding's `ETag` is made from it (`etagOf`), the bytes of each differing. */
  readonly tag: string
}

type Coding = "br" | "gzip" | "identity"

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** A validator of `bytes`: the first 32 characters of their SHA-256 in base64url. */
export const tagOf = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("base64url").slice(0, 32)

/**
 * `identity` with its compressed forms: those given (the build's `.br` and
 * `.gz`), else made here once. Brotli quality 9 by default: within a few
 * percent of the best (11 takes seconds for Scalar's 3.2 MB script, 9 a third
 * of a second).
 */
export const compressed = async (
  identity: Uint8Array,
  contentType: string,
  options: { readonly quality?: number; readonly br?: Uint8Array | undefined; readonly gzip?: Uint8Array | undefined } = {}
): Promise<Compressed> => {
  const [br, gz] = await Promise.all([
    options.br ?? brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: options.quality ?? 9,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length
      }
    }),
    options.gzip ?? gzipAsync(identity, { level: 9 })
  ])
  return { contentType, identity, br: new Uint8Array(br), gzip: new Uint8Array(gz), tag: tagOf(identity) }
}

/** The codings the client accepts with a weight above zero (`*` stands for any not named). */
const acceptedCodings = (header: string | undefined): ReadonlySet<string> => {
  const weights = new Map<string, number>()
  for (const entry of (header ?? "").split(",")) {
    const [name = "", ...params] = entry.split(";").map((part) => part.trim().toLowerCase())
    if (name === "") continue
    const q = params.find((param) => param.startsWith("q="))
    weights.set(name, q === undefined ? 1 : Number(q.slice(2)))
  }
  const accepts = (coding: string) => (weights.get(coding) ?? weights.get("*") ?? 0) > 0
  return new Set(["br", "gzip"].filter(accepts))
}

/** The coding to answer in: brotli, else gzip, as the request accepts, else none. */
const chooseCoding = (request: HttpServerRequest.HttpServerRequest): Coding => {
  const accepted = acceptedCodings(request.headers["accept-encoding"])
  return accepted.has("br") ? "br" : accepted.has("gzip") ? "gzip" : "identity"
}

/** A strong validator per representation: the bytes of each coding differ. */
const etagOf = (tag: string, coding: Coding) => (coding === "identity" ? `"${tag}"` : `"${tag}-${coding}"`)

/** `If-None-Match` by the weak comparison RFC 9110 §13.1.2 prescribes. */
const matches = (ifNoneMatch: string | undefined, etag: string): boolean =>
  ifNoneMatch !== undefined &&
  ifNoneMatch.split(",").some((candidate) => {
    const trimmed = candidate.trim()
    return trimmed === "*" || trimmed.replace(/^W\//, "") === etag
  })

/**
 * A constant body's answer, in the coding the request accepts (brotli, else
 * gzip, else none), with its `ETag`, `Vary: Accept-Encoding` and its own
 * `Cache-Control` (which the request path keeps); a request whose
 * `If-None-Match` names it is a bodiless `304`, a `HEAD` gets the headers
 * alone.
 */
export const answerCompressed = (
  request: HttpServerRequest.HttpServerRequest,
  body: Compressed,
  options: { readonly cacheControl: string; readonly headers?: Readonly<Record<string, string>> }
): HttpServerResponse.HttpServerResponse => {
  const coding = chooseCoding(request)
  const etag = etagOf(body.tag, coding)
  const headers = { ...options.headers, "cache-control": options.cacheControl, etag, vary: "accept-encoding" }
  if (matches(request.headers["if-none-match"], etag)) return HttpServerResponse.empty({ status: 304, headers })
  const bytes = body[coding]
  const coded = coding === "identity" ? headers : { ...headers, "content-encoding": coding }
  return request.method === "HEAD"
    ? HttpServerResponse.empty({ status: 200, headers: { ...coded, "content-type": body.contentType, "content-length": String(bytes.length) } })
    : HttpServerResponse.uint8Array(bytes, { contentType: body.contentType, headers: coded })
}

/** A constant body made and compressed once, when it is first asked for: most servers, the test suite's among them, are never asked. */
export const onFirstRequest = (make: () => Promise<Compressed>): () => Promise<Compressed> => {
  let made: Promise<Compressed> | undefined
  return () => (made ??= make())
}

/** Answers a constant body made on first request (`onFirstRequest`) with `answerCompressed`. */
export const serveCompressed = (body: () => Promise<Compressed>, options: Parameters<typeof answerCompressed>[2]) =>
  HttpServerRequest.HttpServerRequest.use((request) => Effect.map(Effect.promise(body), (made) => answerCompressed(request, made, options)))

export const withoutSourceMapComments = (text: string): string => text.replace(/\n\/\/# sourceMappingURL=[^\s<]*/g, "")
