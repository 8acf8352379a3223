import { Schema } from "effect"
import { IntegerBetween } from "../kernel/index.js"

/** A count of players: a whole number, 0 or more. */
const PlayerCount = IntegerBetween({ min: 0, max: 1_000_000 })

/** The game server's live status, as `GET /server` answers it. */
export const GameServerStatus = Schema.Struct({
  name: Schema.String,
  currentPlayers: PlayerCount,
  maxPlayers: PlayerCount,
  joinKey: Schema.String
}).annotate({ identifier: "GameServerStatus" })
export type GameServerStatus = typeof GameServerStatus.Type
