import { Schema } from "effect"
import { OneLineText } from "../kernel/index.js"

/**
 * A player on the game server right now, as Bluelight speaks of them (the
 * API's `LivePlayer` adds whether they are in-game staff and their linked account).
 */
export const LivePlayer = Schema.Struct({
  username: Schema.String,
  platformId: Schema.String,
  /** The game server's permission level: `Normal`, or `Server Moderator` up to `Server Owner`. */
  permission: Schema.String,
  callsign: Schema.NullOr(Schema.String),
  team: Schema.NullOr(Schema.String)
})
export type LivePlayer = typeof LivePlayer.Type

/**
 * Anything but `Normal` is in-game staff (`Server Moderator` up to `Server
 * Owner`): moderation never acts against them (`TARGET_IS_STAFF`).
 */
export const isInGameStaff = (permission: string): boolean => permission !== "Normal"

/** What a player is looked up by: their platform id, or part of their username; one line of 1 to 100 characters. */
export const PlayerQuery = OneLineText({ min: 1, max: 100 })
