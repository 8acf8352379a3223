import { Schema } from "effect"

/**
 * The events the game's event webhook delivers (`POST /game/events`), as
 * the game sends them once the signature over the raw bytes is verified
 * (docs/decisions/game.md). A delivery is a batch: `{server, events: [...]}`.
 * `data` uses camelCase here, unlike the REST reads' PascalCase.
 */

/** `WebhookProbe`: the game checking the endpoint answers; nothing to do. */
export const WebhookProbeData = Schema.Struct({})

/** `EmergencyCallStarted` / `EmergencyCallEnded`: a 911 call in the game. */
export const EmergencyCallData = Schema.Struct({
  callNumber: Schema.Int,
  /** The caller's platform id; null for an automated call. */
  caller: Schema.NullOr(Schema.Int),
  players: Schema.Array(Schema.Int),
  description: Schema.optional(Schema.NullOr(Schema.String)),
  team: Schema.String,
  position: Schema.Tuple([Schema.Number, Schema.Number]),
  positionDescriptor: Schema.optional(Schema.NullOr(Schema.String)),
  startedAt: Schema.Int
})
export type EmergencyCallData = typeof EmergencyCallData.Type

/** `CustomCommand`: a player's `;command argument` in the game's chat, pre-parsed by the game. */
export const CustomCommandData = Schema.Struct({ command: Schema.String, argument: Schema.String })
export type CustomCommandData = typeof CustomCommandData.Type

const event = <E extends string, D extends Schema.Top>(name: E, data: D) =>
  Schema.Struct({ event: Schema.Literal(name), origin: Schema.String, timestamp: Schema.Int, data })

/** One event Bluelight acts on. Any other `event` name is dropped when the batch is read. */
export const GameEvent = Schema.Union([
  event("WebhookProbe", WebhookProbeData),
  event("EmergencyCallStarted", EmergencyCallData),
  event("EmergencyCallEnded", EmergencyCallData),
  event("CustomCommand", CustomCommandData)
])
export type GameEvent = typeof GameEvent.Type

/** What one delivery carries: the server it came from and its events in order. */
export interface GameEventBatch {
  readonly server: string
  readonly events: ReadonlyArray<GameEvent>
}
