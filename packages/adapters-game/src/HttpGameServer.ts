import { type CommandOutcome, GameServer, GameServerUnreachable, type GameServerStatus, type LivePlayer } from "@bluelight/core/moderation"
import { HttpClient, HttpClientRequest, type HttpClientResponse } from "@effect/platform"
import { Duration, Effect, Layer, Redacted, Schema } from "effect"
import { classifyCommandResponse, parsePlayer, PlayerList, ServerStatus } from "./protocol.js"

/** The game server's address and key, and how long each call may take. */
export interface GameServerOptions {
  /** `GAME_API_URL`, without a trailing slash. */
  readonly apiUrl: string
  /** `GAME_SERVER_KEY`, sent as `Server-Key` on every request. */
  readonly serverKey: Redacted.Redacted
  /** How long a command may take before its outcome counts as unknown (DESIGN.md: 10 s). */
  readonly commandTimeout: Duration.DurationInput
  /** How long a read may take before the game server counts as unavailable. */
  readonly readTimeout: Duration.DurationInput
}

export const COMMAND_TIMEOUT = Duration.seconds(10)
export const READ_TIMEOUT = Duration.seconds(5)

/** Why a read failed, short and safe to log (never the key). */
const reasonOf = (error: unknown): string => {
  if (typeof error === "object" && error !== null && "_tag" in error && typeof error._tag === "string") {
    return error._tag === "TimeoutException" ? "no answer in time" : error._tag
  }
  return "unreadable answer"
}

/**
 * The `GameServer` port over the private server's HTTP API (DESIGN.md,
 * "Game server"). Reads decode the answer strictly and fail with
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

    const read = <A, I>(path: string, schema: Schema.Schema<A, I>) =>
      client.get(path).pipe(
        Effect.flatMap((response: HttpClientResponse.HttpClientResponse) =>
          response.status === 200
            ? Effect.flatMap(response.json, Schema.decodeUnknown(schema))
            : Effect.fail({ _tag: `HTTP ${response.status}` })),
        Effect.scoped,
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
        HttpClientRequest.bodyUnsafeJson({ command }),
        client.execute,
        Effect.flatMap((response) =>
          Effect.map(Effect.orElseSucceed(response.json, () => null), (body) => classifyCommandResponse(response.status, body))),
        Effect.scoped,
        Effect.interruptible,
        Effect.timeout(options.commandTimeout),
        Effect.catchAll((error) => Effect.succeed<CommandOutcome>({ _tag: "Unknown", reason: reasonOf(error) })),
        Effect.withSpan("HttpGameServer.send")
      )

    return { status: Effect.withSpan(status, "HttpGameServer.status"), players: Effect.withSpan(players, "HttpGameServer.players"), send }
  })

/** `GameServer` over HTTP; needs an `HttpClient`. */
export const layerHttpGameServer = (options: GameServerOptions): Layer.Layer<GameServer, never, HttpClient.HttpClient> =>
  Layer.effect(GameServer, makeHttpGameServer(options))
