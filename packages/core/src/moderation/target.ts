import { isInGameStaff, type LivePlayer } from "./LivePlayer.js"
import type { ModerationErrorCode } from "./ModerationAction.js"

/** What the live snapshot says about a target: who they are, and why nothing may be sent to them (if so). */
export interface TargetCheck {
  readonly username: string | null
  readonly refusal: ModerationErrorCode | null
}

/**
 * The rule of step (4) of "Moderation delivery": the target must be in the
 * snapshot (`TARGET_NOT_IN_SERVER`, offline bans included) and must not be
 * in-game staff (`TARGET_IS_STAFF`); with no snapshot, nothing can be sent
 * (`GAME_UNAVAILABLE`).
 */
export const checkTarget = (snapshot: ReadonlyArray<LivePlayer> | null, platformId: string): TargetCheck => {
  if (snapshot === null) return { username: null, refusal: "GAME_UNAVAILABLE" }
  const player = snapshot.find((p) => p.platformId === platformId)
  if (player === undefined) return { username: null, refusal: "TARGET_NOT_IN_SERVER" }
  return { username: player.username, refusal: isInGameStaff(player.permission) ? "TARGET_IS_STAFF" : null }
}
