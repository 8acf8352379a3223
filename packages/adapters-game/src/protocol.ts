import type { CommandOutcome, LivePlayer } from "@bluelight/core/moderation"
import { Schema } from "effect"

/**
 * The private game server's HTTP API (docs/decisions/moderation.md, "Game
 * server protocol"). Both the client and the simulator speak exactly these
 * shapes, so they live in one place; what the answers mean for moderation
 * is `@bluelight/core/moderation`'s.
 */

/** `GET /v1/server`. */
export const ServerStatus = Schema.Struct({
  Name: Schema.String,
  OwnerId: Schema.Union([Schema.String, Schema.Number]),
  CoOwnerIds: Schema.Array(Schema.Union([Schema.String, Schema.Number])),
  CurrentPlayers: Schema.Int,
  MaxPlayers: Schema.Int,
  JoinKey: Schema.String,
  AccVerifiedReq: Schema.String,
  TeamBalance: Schema.Boolean
})
export type ServerStatus = typeof ServerStatus.Type

/** One entry of `GET /v1/server/players`; `Player` is `"Username:PlatformId"`. */
export const PlayerEntry = Schema.Struct({
  Player: Schema.String,
  Permission: Schema.String,
  Callsign: Schema.optional(Schema.NullOr(Schema.String)),
  Team: Schema.optional(Schema.NullOr(Schema.String))
})
export type PlayerEntry = typeof PlayerEntry.Type

export const PlayerList = Schema.Array(PlayerEntry)

/** `POST /v1/server/command` body, e.g. `{"command": ":kick Username reason"}`. */
export const CommandRequest = Schema.Struct({ command: Schema.String })

/** The error body of the game server: `{code, message}`, plus `retry_after` seconds on `429`. */
export const GameErrorBody = Schema.Struct({
  code: Schema.Int,
  message: Schema.String,
  retry_after: Schema.optional(Schema.Number)
})
export type GameErrorBody = typeof GameErrorBody.Type

/**
 * Splits `"Username:PlatformId"` at its last colon: usernames never contain
 * one, and the platform id is the digits after it. `undefined` when malformed.
 */
export const parsePlayer = (entry: PlayerEntry): LivePlayer | undefined => {
  const at = entry.Player.lastIndexOf(":")
  if (at <= 0 || at === entry.Player.length - 1) return undefined
  return {
    username: entry.Player.slice(0, at),
    platformId: entry.Player.slice(at + 1),
    permission: entry.Permission,
    callsign: entry.Callsign ?? null,
    team: entry.Team ?? null
  }
}

/**
 * Classifies a command response: `200` executed; `429` throttled; any other
 * `4xx` a definite refusal (the game server looked at the command and said
 * no: `400`, `401`, `403`, `404`, `422`, …); `5xx` (or anything else) leaves
 * the outcome unknown.
 */
export const classifyCommandResponse = (status: number, body: unknown): CommandOutcome => {
  if (status === 200) return { _tag: "Executed" }
  const error = Schema.decodeUnknownOption(GameErrorBody)(body)
  const code = error._tag === "Some" ? error.value.code : null
  const message = error._tag === "Some" ? error.value.message : `game server answered ${status}`
  if (status === 429) {
    const retry = error._tag === "Some" ? error.value.retry_after : undefined
    return { _tag: "Throttled", retryAfterSeconds: retry !== undefined && retry > 0 ? Math.ceil(retry) : 5 }
  }
  if (status >= 400 && status < 500) return { _tag: "Refused", code, message }
  return { _tag: "Unknown", reason: message }
}
