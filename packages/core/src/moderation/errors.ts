import { Schema } from "effect"
import { DomainError } from "../kernel/errors.js"

/** What game-server failures carry in `details` (API document, "Error envelope"). */
export const GameAvailability = Schema.Struct({ availability: Schema.Literal("unavailable") })
const unavailable = { availability: "unavailable" } as const

/** The same `Idempotency-Key` came with a different request. */
export class IdempotencyConflict extends DomainError<IdempotencyConflict>()("IdempotencyConflict", "IDEMPOTENCY_CONFLICT", {}) {}

/** The game-command slot is taken (a command in flight, or the cooldown after one); nothing was stored. */
export class GameThrottled extends DomainError<GameThrottled>()("GameThrottled", "GAME_THROTTLED", {
  details: GameAvailability,
  retryAfterSeconds: Schema.Int
}) {
  static after(retryAfterSeconds: number): GameThrottled {
    return new GameThrottled({
      message: "The game server is cooling down or busy with another command; try again after Retry-After seconds",
      details: unavailable,
      retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds))
    })
  }
}

/** The game server could not be read. */
export class GameUnavailable extends DomainError<GameUnavailable>()("GameUnavailable", "GAME_UNAVAILABLE", {
  details: GameAvailability,
  retryAfterSeconds: Schema.Int
}) {
  static because(reason: string, retryAfterSeconds: number): GameUnavailable {
    return new GameUnavailable({
      message: `The game server cannot be read right now (${reason})`,
      details: unavailable,
      retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds))
    })
  }
}
