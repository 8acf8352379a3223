import type { GameBanList, LiveSnapshot, RateGate } from "@bluelight/core/game"
import { LiveSource } from "@bluelight/core/game"
import { GameServerUnreachable } from "@bluelight/core/moderation"
import { Cause, Clock, DateTime, Duration, Effect, Layer, Option, Redacted, Schema } from "effect"
import { HttpClient, HttpClientError, HttpClientRequest, type HttpClientResponse } from "effect/http"
import { RATE_LIMIT_HEADERS, RateLimitedBody, V2_SECTIONS } from "../protocol.js"
import { toGameBans, toLiveSnapshot, V2ServerLoose } from "./decode.js"

/** Where the game server is, its key, and how long a read may take. */
export interface LiveSourceOptions {
  /** `GAME_API_URL`, without a trailing slash. */
  readonly apiUrl: string
  /** `GAME_SERVER_KEY`, sent as `Server-Key`. */
  readonly serverKey: Redacted.Redacted
  /** How long a read may take before the game server counts as unavailable. */
  readonly readTimeout: Duration.Input
  /** How long reads stop after the game refuses the key (`403`); `KEY_REFUSED_BACKOFF` unless given. */
  readonly keyRefusedBackoff?: Duration.Input
}

/**
 * After a `403` the key is wrong, regenerated or banned: asking again soon
 * cannot help, and the game bans addresses that keep sending a refused key.
 */
export const KEY_REFUSED_BACKOFF = Duration.minutes(5)

/** A `429` without a usable wait: the game's own command spacing. */
const DEFAULT_RETRY_SECONDS = 5

/** The longest a hold from the game's headers may last: a `Reset` far away is a broken header, not a plan. */
const MAX_HOLD = Duration.minutes(10)

/** `GET /v2/server` with every section, in one request. */
export const V2_SERVER_PATH = `/v2/server?${V2_SECTIONS.map((section) => `${section}=true`).join("&")}`

/** `GET /v1/server/bans`: there is no v2 read of the ban list. */
export const BANS_PATH = "/v1/server/bans"

const BanMap = Schema.Record(Schema.String, Schema.Unknown)

const reasonOf = (error: unknown): string => {
  if (Cause.isTimeoutError(error)) return "no answer in time"
  if (HttpClientError.isHttpClientError(error)) return error.reason._tag === "TransportError" ? "RequestError" : "ResponseError"
  if (Schema.isSchemaError(error)) return "ParseError"
  if (error instanceof GameServerUnreachable) return error.reason
  return "unreadable answer"
}

const numberHeader = (response: HttpClientResponse.HttpClientResponse, name: string): number | undefined => {
  const text = response.headers[name]
  if (text === undefined || text.trim() === "") return undefined
  const value = Number(text)
  return Number.isFinite(value) ? value : undefined
}

/**
 * The game server's live reads over HTTP (docs/decisions/game.md, "Reading
 * the game"), obeying its rate limits through `gate`: nothing is sent while
 * a hold is in force; an answer with `X-RateLimit-Remaining: 0` holds reads
 * until its `X-RateLimit-Reset`; a `429` holds them for its `retry_after`
 * (or `Retry-After`); a `403` (the key refused) for `KEY_REFUSED_BACKOFF`,
 * never retried in a loop. Each read is one request: it is never retried here.
 */
export const makeHttpLiveSource = (options: LiveSourceOptions, gate: RateGate) =>
  Effect.gen(function*() {
    const client = (yield* HttpClient.HttpClient).pipe(
      HttpClient.mapRequest(HttpClientRequest.prependUrl(options.apiUrl.replace(/\/+$/, ""))),
      HttpClient.mapRequest(HttpClientRequest.setHeader("Server-Key", Redacted.value(options.serverKey))),
      HttpClient.mapRequest(HttpClientRequest.acceptJson)
    )
    const maxHold = Duration.toMillis(MAX_HOLD)
    const refusedFor = Duration.toMillis(Duration.fromInputUnsafe(options.keyRefusedBackoff ?? KEY_REFUSED_BACKOFF))

    const holdFor = (millis: number, why: string) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) => {
        const until = now + Math.min(Math.max(millis, 0), maxHold)
        return Effect.as(gate.hold({ until, why }), new GameServerUnreachable({ reason: why, retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) }))
      })

    /** What the rate-limit headers of any answer say: no requests left holds reads until the window resets. */
    const obeyHeaders = (response: HttpClientResponse.HttpClientResponse) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) => {
        const remaining = numberHeader(response, RATE_LIMIT_HEADERS.remaining)
        const reset = numberHeader(response, RATE_LIMIT_HEADERS.reset)
        if (remaining === undefined || remaining > 0 || reset === undefined) return Effect.void
        const until = Math.min(reset * 1000, now + maxHold)
        return until > now ? gate.hold({ until, why: "the game server's rate limit is spent until its window resets" }) : Effect.void
      })

    const refusal = (response: HttpClientResponse.HttpClientResponse): Effect.Effect<GameServerUnreachable> => {
      if (response.status === 429) {
        return Effect.flatMap(Effect.option(Effect.flatMap(response.json, Schema.decodeUnknownEffect(RateLimitedBody))), (body) => {
          const fromBody = Option.map(body, (b) => b.retry_after).pipe(Option.filter((s) => Number.isFinite(s) && s > 0))
          const fromHeader = numberHeader(response, "retry-after")
          const seconds = Option.getOrElse(fromBody, () => fromHeader !== undefined && fromHeader > 0 ? fromHeader : DEFAULT_RETRY_SECONDS)
          return holdFor(seconds * 1000, "rate limited by the game server (HTTP 429)")
        })
      }
      if (response.status === 403) return holdFor(refusedFor, "the game server refused the key (HTTP 403)")
      return Effect.succeed(new GameServerUnreachable({ reason: `HTTP ${response.status}` }))
    }

    const read = <A>(path: string, decode: (body: unknown) => Effect.Effect<A, Schema.SchemaError>) =>
      Effect.gen(function*() {
        const hold = yield* gate.held
        if (hold !== null) {
          const now = yield* Clock.currentTimeMillis
          return yield* new GameServerUnreachable({ reason: hold.why, retryAfterSeconds: Math.max(1, Math.ceil((hold.until - now) / 1000)) })
        }
        const response = yield* client.get(path).pipe(Effect.interruptible, Effect.timeout(options.readTimeout))
        yield* obeyHeaders(response)
        if (response.status !== 200) return yield* Effect.flatMap(refusal(response), Effect.fail)
        return yield* Effect.flatMap(response.json, decode).pipe(Effect.interruptible, Effect.timeout(options.readTimeout))
      }).pipe(Effect.mapError((error) => (error instanceof GameServerUnreachable ? error : new GameServerUnreachable({ reason: reasonOf(error) }))))

    const snapshot: Effect.Effect<LiveSnapshot, GameServerUnreachable> = Effect.flatMap(
      read(V2_SERVER_PATH, Schema.decodeUnknownEffect(V2ServerLoose)),
      (answer) => Effect.map(DateTime.now, (observedAt) => toLiveSnapshot(answer, observedAt))
    ).pipe(Effect.withSpan("HttpLiveSource.snapshot"))

    const bans: Effect.Effect<GameBanList, GameServerUnreachable> = Effect.flatMap(
      read(BANS_PATH, Schema.decodeUnknownEffect(BanMap)),
      (list) =>
        Effect.map(DateTime.now, (observedAt) => ({
          observedAt,
          bans: toGameBans(Object.fromEntries(Object.entries(list).flatMap(([id, name]) => (typeof name === "string" ? [[id, name]] : []))))
        }))
    ).pipe(Effect.withSpan("HttpLiveSource.bans"))

    return { snapshot, bans }
  })

/** `LiveSource` over HTTP; needs an `HttpClient`. */
export const layerHttpLiveSource = (options: LiveSourceOptions, gate: RateGate): Layer.Layer<LiveSource, never, HttpClient.HttpClient> =>
  Layer.effect(LiveSource, makeHttpLiveSource(options, gate))
