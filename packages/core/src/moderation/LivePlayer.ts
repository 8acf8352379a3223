/** A player on the game server right now, as Bluelight speaks of them. */
export interface LivePlayer {
  readonly username: string
  readonly platformId: string
  /** The game server's permission level: `Normal`, or `Server Moderator` up to `Server Owner`. */
  readonly permission: string
  readonly callsign: string | null
  readonly team: string | null
}

/**
 * Anything but `Normal` is in-game staff (`Server Moderator` up to `Server
 * Owner`): moderation never acts against them (`TARGET_IS_STAFF`).
 */
export const isInGameStaff = (permission: string): boolean => permission !== "Normal"
