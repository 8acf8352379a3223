import { Schema, SchemaGetter } from "effect"
import { GameCallNumber } from "../cad/index.js"
import { withoutUnsafeCharacters } from "../kernel/index.js"

/**
 * The events the game's event webhook delivers (`POST /game/events`), as
 * the game sends them once the signature over the raw bytes is verified
 * (docs/decisions/game.md). A delivery is a batch: `{server, events: [...]}`.
 * `data` uses camelCase here, unlike the REST reads' PascalCase.
 */

/** Control characters but the line breaks and the tab, which the handling reads as spaces. */
const CONTROL_BUT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/gu

/**
 * What a player may type, or the game may write, into an event: kept cleaned,
 * never refused (docs/decisions/game.md, "The event webhook"). NULs and lone
 * surrogates (which no stored text can hold: Postgres refuses both in
 * `jsonb`) and control characters other than line breaks and tabs are
 * dropped as the batch is read, before it is kept; one such character never
 * costs the batch it came in. What each field keeps is cleaned further to its
 * CAD rules when it is used (`gameText`). Cleaning twice changes nothing, so
 * an event read back from the inbox is the event that was kept.
 */
export const GameText = Schema.String.pipe(Schema.decode({
  decode: SchemaGetter.transform((text: string) => withoutUnsafeCharacters(text).replace(CONTROL_BUT_LINE_BREAKS, "")),
  encode: SchemaGetter.transform((text: string) => text)
}))

/** A coordinate of the game's map: a finite number (JSON's `1e400` reads as Infinity, which no stored JSON can hold). */
const Coordinate = Schema.Finite

/** `WebhookProbe`: the game checking the endpoint answers; nothing to do. */
export const WebhookProbeData = Schema.Struct({})

/** `EmergencyCallStarted` / `EmergencyCallEnded`: a 911 call in the game. */
export const EmergencyCallData = Schema.Struct({
  /** The game's number of the call: what the database's column holds (`GameCallNumber`), else the batch is refused. */
  callNumber: GameCallNumber,
  /** The caller's platform id; null for an automated call. */
  caller: Schema.NullOr(Schema.Int),
  players: Schema.Array(Schema.Int),
  description: Schema.optional(Schema.NullOr(GameText)),
  team: GameText,
  position: Schema.Tuple([Coordinate, Coordinate]),
  positionDescriptor: Schema.optional(Schema.NullOr(GameText)),
  startedAt: Schema.Int
})
export type EmergencyCallData = typeof EmergencyCallData.Type

/** `CustomCommand`: a player's `;command argument` in the game's chat, pre-parsed by the game. */
export const CustomCommandData = Schema.Struct({ command: GameText, argument: GameText })
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
