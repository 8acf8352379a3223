import { Effect } from "effect"
import { HttpEffect, HttpServerRequest, HttpServerResponse } from "effect/http"
import { pathnameOf } from "../requestPath/routes.js"
import { createHash } from "node:crypto"
import { promisify } from "node:util"
import { brotliCompress, constants, gzip } from "node:zlib"

/** A constant document served compressed, how its bytes are prepared first, and how it may be cached. */
export interface StaticDocument {
  readonly path: string
  readonly prepare?: (text: string) => string
  /**
   * `no-cache` (kept, revalidated on every use) for the reference page;
   * `no-store` for JSON, which the API document says is never cacheable;
   * `IMMUTABLE` for a file whose name changes with its content.
   */
  readonly cacheControl: "no-cache" | "no-store" | typeof IMMUTABLE
}

/** Kept a year and never revalidated: the file's name names its content (Scalar's script). */
export const IMMUTABLE = "public, max-age=31536000, immutable"

export type Coding = "br" | "gzip" | "identity"

interface Representation {
  readonly body: Uint8Array
  readonly etag: string
}

type Representations = Readonly<Record<Coding, Representation>>

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/**
 * Quality 9 and level 9: within a few percent of the best (brotli's 11 takes
 * seconds for Scalar's 3.2 MB script, 9 a third of a second), spent once.
 */
const compress = async (text: string): Promise<Representations> => {
  const identity = Buffer.from(text, "utf8")
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length
      }
    }),
    gzipAsync(identity, { level: 9 })
  ])
  // Strong validators, one per representation: the bytes of each coding differ.
  const tag = createHash("sha256").update(identity).digest("base64url").slice(0, 32)
  return {
    identity: { body: identity, etag: `"${tag}"` },
    gzip: { body: gz, etag: `"${tag}-gzip"` },
    br: { body: br, etag: `"${tag}-br"` }
  }
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
export const chooseCoding = (request: HttpServerRequest.HttpServerRequest): Coding => {
  const accepted = acceptedCodings(request.headers["accept-encoding"])
  return accepted.has("br") ? "br" : accepted.has("gzip") ? "gzip" : "identity"
}

/** `If-None-Match` by the weak comparison RFC 9110 §13.1.2 prescribes. */
const matches = (ifNoneMatch: string | undefined, etag: string): boolean =>
  ifNoneMatch !== undefined &&
  ifNoneMatch.split(",").some((candidate) => {
    const trimmed = candidate.trim()
    return trimmed === "*" || trimmed.replace(/^W\//, "") === etag
  })

/**
 * Serves constant documents (the API reference page, Scalar's script, the OpenAPI description)
 * compressed with brotli or gzip as the client accepts, each with a strong
 * `ETag`, so that a request with `If-None-Match` is a bodiless `304`. Each
 * carries its own `Cache-Control`: the page is kept but revalidated on every
 * use (`no-cache`), so a new deployment shows at once; the script is kept
 * (`IMMUTABLE`) under a name that changes with it; the description is
 * JSON, which is never stored (`no-store`). The compressed forms are made once, when a
 * document is first asked for (kept per answer the router made, which is the
 * same object on every request), not at start-up: most servers, the test
 * suite's among them, are never asked.
 */
export const precompressed = (documents: ReadonlyArray<StaticDocument>) => {
  const cache = new WeakMap<Uint8Array, Promise<Representations>>()
  const prepared = (document: StaticDocument, body: Uint8Array) => {
    let representations = cache.get(body)
    if (representations === undefined) {
      const text = new TextDecoder().decode(body)
      representations = compress(document.prepare === undefined ? text : document.prepare(text))
      cache.set(body, representations)
    }
    return representations
  }
  const represented = (
    document: StaticDocument,
    request: HttpServerRequest.HttpServerRequest,
    response: HttpServerResponse.HttpServerResponse
  ): Effect.Effect<HttpServerResponse.HttpServerResponse, never, HttpServerRequest.HttpServerRequest> => {
    if (response.status !== 200 || response.body._tag !== "Uint8Array") return Effect.succeed(response)
    const { body, contentType } = response.body
    return Effect.flatMap(Effect.promise(() => prepared(document, body)), (representations) => {
      const coding = chooseCoding(request)
      const chosen = representations[coding]
      const headers = { etag: chosen.etag, vary: "accept-encoding" }
      const answer = matches(request.headers["if-none-match"], chosen.etag)
        ? HttpServerResponse.empty({ status: 304, headers })
        : HttpServerResponse.uint8Array(chosen.body, {
          contentType,
          headers: coding === "identity" ? headers : { ...headers, "content-encoding": coding }
        })
      return Effect.as(
        HttpEffect.appendPreResponseHandler((_, final) => Effect.succeed(HttpServerResponse.setHeader(final, "cache-control", document.cacheControl))),
        answer
      )
    })
  }
  const byPath = new Map(documents.map((document) => [document.path, document]))
  return <E, R>(
    app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
  ): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R | HttpServerRequest.HttpServerRequest> =>
    HttpServerRequest.HttpServerRequest.use((request) => {
      const document = request.method === "GET" ? byPath.get(pathnameOf(request.url)) : undefined
      return document === undefined ? app : Effect.flatMap(app, (response) => represented(document, request, response))
    })
}

export const withoutSourceMapComments = (text: string): string => text.replace(/\n\/\/# sourceMappingURL=[^\s<]*/g, "")
