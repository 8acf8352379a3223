import { Effect } from "effect"
import type { LivePlayer } from "../moderation/index.js"
import type { GamePlayer } from "./LiveSnapshot.js"
import type { LiveSource } from "./ports.js"

/** A player of the snapshot as moderation speaks of them. */
export const toLivePlayer = (player: GamePlayer): LivePlayer => ({
  username: player.username,
  platformId: player.platformId,
  permission: player.permission,
  callsign: player.callsign,
  team: player.team
})

/**
 * The game server's reads (`GameServer.status`, `.players`) for a
 * `GameServer` whose commands go straight to the game: one fresh read of the
 * game (the same aggregate read the live picture makes, under the same rate
 * limits), since moderation checks its target on the server as it is now.
 */
export const gameServerReadsFrom = (source: LiveSource["Service"]) => ({
  status: Effect.map(source.snapshot, (s) => s.status),
  players: Effect.map(source.snapshot, (s) => s.players.map(toLivePlayer))
})
