import { type CommandOutcome, GameServer, GameServerUnreachable, type GameServerStatus, type LivePlayer } from "@bluelight/core/moderation"
import { Cause, Duration, Effect, Layer, Redacted, Schema } from "effect"
import { HttpClient, HttpClientError, HttpClientRequest, type HttpClientResponse } from "effect/http"
import { classifyCommandResponse, parsePlayer, PlayerList, ServerStatus } from "./protocol.js"

/** The game server's address and key, and how long each call may take. */
export interface GameServerOptions {
  /** `GAME_API_URL`, without a trailing slash. */
  readonly apiUrl: string
  /** `GAME_SERVER_KEY`, sent as `Server-Key` on every request. */
  readonly serverKey: Redacted.Redacted
  /** How long a command may take before its outcome counts as unknown (docs/decisions/moderation.md, "Commands": 10 s). */
  readonly commandTimeout: Duration.Input
  /** How long a read may take before the game server counts as unavailable. */
  readonly readTimeout: Duration.Input
}

export const COMMAND_TIMEOUT = Duration.seconds(10)
export const READ_TIMEOUT = Duration.seconds(5)

const RESPONSE_REASONS: ReadonlySet<string> = new Set(["StatusCodeError", "DecodeError", "EmptyBodyError"])

/**
 * Why a read failed, short and safe to log (never the key). The words are the
 * ones the messages have always carried: an HTTP client failure before an
 * answer is a `RequestError`, one reading the answer a `ResponseError`, and
 * an answer of the wrong shape a `ParseError`.
 */
const reasonOf = (error: unknown): string => {
  if (Cause.isTimeoutError(error)) return "no answer in time"
  if (HttpClientError.isHttpClientError(error)) return RESPONSE_REASONS.has(error.reason._tag) ? "ResponseError" : "RequestError"
  if (Schema.isSchemaError(error)) return "ParseError"
  if (typeof error === "object" && error !== null && "_tag" in error && typeof error._tag === "string") return error._tag
  return "unreadable answer"
}

/**
 * The `GameServer` port over the private server's HTTP API
 * (docs/decisions/moderation.md, "Game server protocol"). Reads decode the answer strictly and fail with
 * `GameServerUnreachable`; a command is posted once, never retried, and
 * its answer classified: a timeout or a lost connection is `Unknown`, since
 * the command may have run. Each call is interruptible on its own, so its
 * timeout holds even where the caller runs uninterruptibly.
 */
export const makeHttpGameServer = (options: GameServerOptions) =>
  Effect.gen(function*() {
    const client = (yield* HttpClient.HttpClient).pipe(
      HttpClient.mapRequest(HttpClientRequest.prependUrl(options.apiUrl.replace(/\/+$/, ""))),
      HttpClient.mapRequest(HttpClientRequest.setHeader("Server-Key", Redacted.value(options.serverKey)))
    )

    const read = <A>(path: string, schema: Schema.Decoder<A>) =>
      client.get(path).pipe(
        Effect.flatMap((response: HttpClientResponse.HttpClientResponse) =>
          response.status === 200
            ? Effect.flatMap(response.json, Schema.decodeUnknownEffect(schema))
            : Effect.fail({ _tag: `HTTP ${response.status}` })
        ),
        Effect.interruptible,
        Effect.timeout(options.readTimeout),
        Effect.mapError((error) => new GameServerUnreachable({ reason: reasonOf(error) }))
      )

    const status: Effect.Effect<GameServerStatus, GameServerUnreachable> = Effect.map(read("/v1/server", ServerStatus), (s) => ({
      name: s.Name,
      currentPlayers: s.CurrentPlayers,
      maxPlayers: s.MaxPlayers,
      joinKey: s.JoinKey
    }))

    // An entry that is not `Username:PlatformId` names nobody a command could reach: it is left out.
    const players: Effect.Effect<ReadonlyArray<LivePlayer>, GameServerUnreachable> = Effect.map(
      read("/v1/server/players", PlayerList),
      (entries) => entries.flatMap((entry) => parsePlayer(entry) ?? [])
    )

    const send = (command: string): Effect.Effect<CommandOutcome> =>
      HttpClientRequest.post("/v1/server/command").pipe(
        HttpClientRequest.bodyJsonUnsafe({ command }),
        client.execute,
        Effect.flatMap((response) => Effect.map(Effect.orElseSucceed(response.json, () => null), (body) => classifyCommandResponse(response.status, body))),
        Effect.interruptible,
        Effect.timeout(options.commandTimeout),
        Effect.catch((error) => Effect.succeed<CommandOutcome>({ _tag: "Unknown", reason: reasonOf(error) })),
        Effect.withSpan("HttpGameServer.send")
      )

    return { status: Effect.withSpan(status, "HttpGameServer.status"), players: Effect.withSpan(players, "HttpGameServer.players"), send }
  })

/** `GameServer` over HTTP; needs an `HttpClient`. */
export const layerHttpGameServer = (options: GameServerOptions): Layer.Layer<GameServer, never, HttpClient.HttpClient> =>
  Layer.effect(GameServer, makeHttpGameServer(options))
