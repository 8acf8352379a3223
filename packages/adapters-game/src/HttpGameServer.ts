import type { CommandOutcome } from "@bluelight/core/moderation"
import { Cause, Duration, Effect, Redacted, Schema } from "effect"
import { HttpClient, HttpClientError, HttpClientRequest } from "effect/http"
import { classifyCommandResponse } from "./protocol.js"

/** The game server's address and key, and how long a command may take. */
export interface GameServerOptions {
  /** `GAME_API_URL`, without a trailing slash. */
  readonly apiUrl: string
  /** `GAME_SERVER_KEY`, sent as `Server-Key` on every request. */
  readonly serverKey: Redacted.Redacted
  /** How long a command may take before its outcome counts as unknown (docs/decisions/moderation.md, "Commands": 10 s). */
  readonly commandTimeout: Duration.Input
}

export const COMMAND_TIMEOUT = Duration.seconds(10)
/** How long a read of the game may take before the game server counts as unavailable (the live picture's reads). */
export const READ_TIMEOUT = Duration.seconds(5)

const RESPONSE_REASONS: ReadonlySet<string> = new Set(["StatusCodeError", "DecodeError", "EmptyBodyError"])

/**
 * Why a command's answer is unknown, short and safe to log (never the key). The words are the
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
 * Moderation's commands over the private server's HTTP API
 * (docs/decisions/moderation.md, "Game server protocol"): a command is
 * posted once, never retried, and its answer classified; a timeout or a lost
 * connection is `Unknown`, since the command may have run. Interruptible on
 * its own, so its timeout holds even where the caller runs uninterruptibly.
 * The game's reads are the live picture's (`live/HttpLiveSource.ts`).
 */
export const makeHttpGameCommands = (options: GameServerOptions) =>
  Effect.gen(function*() {
    const client = (yield* HttpClient.HttpClient).pipe(
      HttpClient.mapRequest(HttpClientRequest.prependUrl(options.apiUrl.replace(/\/+$/, ""))),
      HttpClient.mapRequest(HttpClientRequest.setHeader("Server-Key", Redacted.value(options.serverKey)))
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

    return { send }
  })
