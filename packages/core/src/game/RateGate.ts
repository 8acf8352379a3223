import type { Effect } from "effect"

/** Why reads are held back, and until when (epoch milliseconds). */
export interface Hold {
  readonly until: number
  readonly why: string
}

/**
 * When the next read of the game server may be sent (docs/decisions/game.md,
 * "Rate limits"): the game's `X-RateLimit-Remaining: 0` holds reads until
 * `X-RateLimit-Reset`, a `429` for its `retry_after`, a refused key for a long
 * back-off. Shared by every instance when they share a store, so one
 * instance's `429` holds the others' reads too. The game adapter reads it; a
 * shared store's adapter provides the shared one.
 */
export interface RateGate {
  /** The hold in force now, if any. */
  readonly held: Effect.Effect<Hold | null>
  /** Holds reads until `until`; a later hold already in force stays. */
  readonly hold: (hold: Hold) => Effect.Effect<void>
}
