import type { CommandOutcome } from "@bluelight/core/moderation"
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

/** A player's place on the map in `GET /v2/server?Players=true`. */
export const V2Location = Schema.Struct({
  LocationX: Schema.Number,
  LocationZ: Schema.Number,
  PostalCode: Schema.String,
  StreetName: Schema.String,
  BuildingNumber: Schema.String
})

/** One entry of the v2 `Players` section: v1's fields, wanted stars and location. */
export const V2PlayerEntry = Schema.Struct({
  ...PlayerEntry.fields,
  WantedStars: Schema.optional(Schema.Int),
  Location: Schema.optional(V2Location)
})
export type V2PlayerEntry = typeof V2PlayerEntry.Type

/** A map from a platform id (as text) to a name: the staff lists and the v1 ban list. */
export const NamesById = Schema.Record(Schema.String, Schema.String)

/** The v2 `Staff` section (`CoOwners` only some servers send). */
export const V2Staff = Schema.Struct({
  CoOwners: Schema.optional(Schema.Array(Schema.Union([Schema.String, Schema.Number]))),
  Admins: Schema.optional(NamesById),
  Mods: Schema.optional(NamesById),
  Helpers: Schema.optional(NamesById)
})

/** `JoinLogs`: `Join` true for a join, false for a leave; `Timestamp` Unix seconds. */
export const JoinLogItem = Schema.Struct({ Join: Schema.Boolean, Timestamp: Schema.Number, Player: Schema.String })
export const KillLogItem = Schema.Struct({ Killed: Schema.String, Timestamp: Schema.Number, Killer: Schema.String })
export const CommandLogItem = Schema.Struct({ Player: Schema.String, Timestamp: Schema.Number, Command: Schema.String })
/** `Moderator` is absent until a moderator answers. */
export const ModCallItem = Schema.Struct({ Caller: Schema.String, Moderator: Schema.optional(Schema.String), Timestamp: Schema.Number })

/** An open emergency call; `Caller` null for an automated call. No postal code: the caller's location has it. */
export const EmergencyCallItem = Schema.Struct({
  Team: Schema.String,
  Caller: Schema.NullOr(Schema.Number),
  Players: Schema.Array(Schema.Number),
  Position: Schema.Tuple([Schema.Number, Schema.Number]),
  StartedAt: Schema.Number,
  CallNumber: Schema.Int,
  Description: Schema.optional(Schema.NullOr(Schema.String)),
  PositionDescriptor: Schema.optional(Schema.NullOr(Schema.String))
})

/** A spawned vehicle; `Owner` is a bare username. */
export const VehicleItem = Schema.Struct({
  Name: Schema.String,
  Owner: Schema.String,
  Texture: Schema.optional(Schema.NullOr(Schema.String)),
  Plate: Schema.optional(Schema.NullOr(Schema.String)),
  ColorHex: Schema.optional(Schema.NullOr(Schema.String)),
  ColorName: Schema.optional(Schema.NullOr(Schema.String))
})

/** The sections `GET /v2/server` adds when asked (`?Players=true&…`); there is no `Bans`. */
export const V2_SECTIONS = ["Players", "Staff", "JoinLogs", "Queue", "KillLogs", "CommandLogs", "ModCalls", "EmergencyCalls", "Vehicles"] as const

/** `GET /v2/server`: the v1 status fields always, and each requested section under its own name. */
export const V2Server = Schema.Struct({
  ...ServerStatus.fields,
  Players: Schema.optional(Schema.Array(V2PlayerEntry)),
  Staff: Schema.optional(V2Staff),
  JoinLogs: Schema.optional(Schema.Array(JoinLogItem)),
  Queue: Schema.optional(Schema.Array(Schema.Number)),
  KillLogs: Schema.optional(Schema.Array(KillLogItem)),
  CommandLogs: Schema.optional(Schema.Array(CommandLogItem)),
  ModCalls: Schema.optional(Schema.Array(ModCallItem)),
  EmergencyCalls: Schema.optional(Schema.Array(EmergencyCallItem)),
  Vehicles: Schema.optional(Schema.Array(VehicleItem))
})
export type V2Server = typeof V2Server.Type

/** `GET /v1/server/bans`: platform id → username. */
export const BanList = NamesById

/**
 * The rate-limit headers of the game server's answers (`X-RateLimit-Bucket`,
 * `-Limit`, `-Remaining`, `-Reset` in Unix seconds), lower-cased as HTTP
 * clients hand them over.
 */
export const RATE_LIMIT_HEADERS = {
  bucket: "x-ratelimit-bucket",
  limit: "x-ratelimit-limit",
  remaining: "x-ratelimit-remaining",
  reset: "x-ratelimit-reset"
} as const

/** The body of a `429`: `retry_after` seconds (maybe a fraction) and the bucket that was hit. */
export const RateLimitedBody = Schema.Struct({
  message: Schema.optional(Schema.String),
  retry_after: Schema.Number,
  bucket: Schema.optional(Schema.String),
  code: Schema.optional(Schema.Int)
})

/** The event webhook's headers: a hex Ed25519 signature over the timestamp's text followed by the raw body. */
export const WEBHOOK_HEADERS = { signature: "x-signature-ed25519", timestamp: "x-signature-timestamp" } as const

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
