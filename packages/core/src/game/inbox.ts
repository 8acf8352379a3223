import { Context, Duration, type Effect, type Option } from "effect"
import type { GameEventBatch } from "./events.js"

/** A verified batch of the game's events, with the id of the request that delivered it (its log lines and audit entries carry it). */
export interface ReceivedGameEvents extends GameEventBatch {
  readonly requestId: string | null
}

/** A batch taken from the inbox: its id names it to `done` and `release`. */
export interface InboxBatch extends ReceivedGameEvents {
  readonly id: string
}

/**
 * The game's verified batches kept until they are handled
 * (docs/decisions/game.md, "The event webhook"): the webhook answers `204`
 * only once a batch is put, so a crash loses nothing the game was told was
 * received. Any instance takes the oldest batch nobody holds, for a lease; a
 * batch whose lease ran out (its taker crashed) is taken again. Handling a
 * batch twice is safe: each event's claim (`HandledGameEvents`) keeps its
 * effect single. Every operation is a statement of its own, never inside an
 * event's transaction.
 */
export class GameEventInbox extends Context.Service<GameEventInbox, {
  /** Keeps a batch, stamped by the clock; a store that does not answer is a defect (the delivery answers `500`). */
  readonly put: (batch: ReceivedGameEvents) => Effect.Effect<void>
  /**
   * Takes the oldest batch that is not taken, or whose lease ended by the
   * clock, for `taker` until `leaseFor` from now; none when there is none.
   * Two takers at once never take one batch.
   */
  readonly take: (taker: string, leaseFor: Duration.Duration) => Effect.Effect<Option.Option<InboxBatch>>
  /** Gives a taken batch back at once (a stopping instance's unfinished batch), for the next taker. */
  readonly release: (id: string) => Effect.Effect<void>
  /** Removes a handled batch; one already removed is no change. */
  readonly done: (id: string) => Effect.Effect<void>
}>()("@bluelight/core/game/GameEventInbox") {}

/**
 * How long a taken batch is its taker's: far longer than handling a batch
 * takes, and the longest a crashed instance's batch waits for another taker.
 */
export const GAME_EVENT_INBOX_LEASE = Duration.seconds(30)

/** How often an idle instance looks at the inbox for batches another instance left (it is woken at once for its own). */
export const GAME_EVENT_INBOX_POLL = Duration.seconds(5)
