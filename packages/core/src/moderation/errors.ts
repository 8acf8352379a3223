import { Schema } from "effect"
import { DomainError } from "../kernel/index.js"

/** What game-server failures carry in `details` (API document, "Error envelope"). */
export const GameAvailability = Schema.Struct({ availability: Schema.Literal("unavailable") })
const unavailable = { availability: "unavailable" } as const

/** The same `Idempotency-Key` came with a different request. */
export class IdempotencyConflict extends DomainError<IdempotencyConflict>()("IdempotencyConflict", "IDEMPOTENCY_CONFLICT", {}) {}

/** Why the game-command slot is not free. */
export type ThrottleReason = "cooling-down" | "in-flight" | "unknown"

const throttleCauses: Record<ThrottleReason, (seconds: number) => string> = {
  "cooling-down": (seconds) => `The game server is cooling down after the last command: ${seconds} ${seconds === 1 ? "second" : "seconds"} left`,
  "in-flight": () => "Another command is in flight to the game server",
  "unknown": () => "Whether the game server is free cannot be checked right now (its shared store does not answer)"
}

/**
 * The game-command slot is taken (a command in flight, or the cooldown after
 * one), or cannot be checked; nothing was stored. The message says which, and
 * that the same request may be sent again, with the same `Idempotency-Key`,
 * after `Retry-After` seconds (the number it gives is that header's).
 * `retryAfterSeconds` is always set here (`because`); it is optional for a
 * client reading it back from an answer whose header a proxy dropped.
 */
export class GameThrottled extends DomainError<GameThrottled>()("GameThrottled", "GAME_THROTTLED", {
  details: GameAvailability,
  retryAfterSeconds: Schema.optional(Schema.Int)
}) {
  static because(reason: ThrottleReason, waitSeconds: number): GameThrottled {
    const retryAfterSeconds = Math.max(1, Math.ceil(waitSeconds))
    return new GameThrottled({
      message: `${throttleCauses[reason](retryAfterSeconds)}. This action was not stored; send it again with the same Idempotency-Key ` +
        `after Retry-After (${retryAfterSeconds} ${retryAfterSeconds === 1 ? "second" : "seconds"})`,
      details: unavailable,
      retryAfterSeconds
    })
  }
}

/** The game server could not be read. */
export class GameUnavailable extends DomainError<GameUnavailable>()("GameUnavailable", "GAME_UNAVAILABLE", {
  details: GameAvailability,
  retryAfterSeconds: Schema.optional(Schema.Int)
}) {
  static because(reason: string, retryAfterSeconds: number): GameUnavailable {
    return new GameUnavailable({
      message: `The game server cannot be read right now (${reason})`,
      details: unavailable,
      retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds))
    })
  }
}
