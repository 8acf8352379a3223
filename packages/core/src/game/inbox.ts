import { Context, Data, Duration, type Effect, type Option } from "effect"
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
 * The inbox holds as many events waiting as it may (`put`'s bound): the
 * delivery is refused for now (the webhook answers `429` with `Retry-After`),
 * so that a flood never queues a real emergency far behind it.
 */
export class GameEventInboxFull extends Data.TaggedError("GameEventInboxFull")<{
  /** How many events were waiting, handled or not yet, when the batch came. */
  readonly pendingEvents: number
}> {}

/**
 * The game's verified batches kept until they are handled
 * (docs/decisions/game.md, "The event webhook"): the webhook answers `204`
 * only once a batch is put, so a crash loses nothing the game was told was
 * received. Any instance takes the oldest batch nobody holds, for a lease; a
 * batch whose lease ran out (its taker crashed) is taken again. Handling a
 * batch twice is safe: each event's claim (`HandledGameEvents`) keeps its
 * effect single. Every operation is a statement (or a short transaction) of
 * its own, never inside an event's transaction. A batch that cannot be read
 * back is set aside with why (kept for whoever looks at the store, never taken
 * again), and never blocks the batches behind it.
 */
export class GameEventInbox extends Context.Service<GameEventInbox, {
  /**
   * Keeps a batch, stamped by the clock, while fewer than `maxPendingEvents`
   * events wait in the inbox (taken or not, set aside ones not counted),
   * else fails with `GameEventInboxFull`: the count and the write are one
   * step for every instance, so instances putting at once never overshoot by
   * more than the batches in hand. A store that does not answer is a defect
   * (the delivery answers `500`).
   */
  readonly put: (batch: ReceivedGameEvents, maxPendingEvents: number) => Effect.Effect<void, GameEventInboxFull>
  /**
   * Takes the oldest batch that is not taken, or whose lease ended by the
   * clock, for `taker` until `leaseFor` from now; none when there is none.
   * Two takers at once never take one batch. A batch that cannot be read back
   * as the game's events (a store holding what an older release kept, a
   * row written by hand) is set aside with why and the next one taken.
   */
  readonly take: (taker: string, leaseFor: Duration.Duration) => Effect.Effect<Option.Option<InboxBatch>>
  /** Gives a taken batch back at once (a stopping instance's unfinished batch), for the next taker. */
  readonly release: (id: string) => Effect.Effect<void>
  /**
   * Sets a taken batch aside with `reason` (an event of it whose handling
   * failed): kept for whoever looks at the store, never taken again, not
   * counted towards the bound.
   */
  readonly setAside: (id: string, reason: string) => Effect.Effect<void>
  /** Removes a handled batch; one already removed is no change. */
  readonly done: (id: string) => Effect.Effect<void>
}>()("@bluelight/core/game/GameEventInbox") {}

/**
 * How long a taken batch is its taker's: far longer than handling a batch
 * takes, and the longest a crashed instance's batch waits for another taker.
 */
export const GAME_EVENT_INBOX_LEASE = Duration.seconds(30)

/**
 * How many events may wait in the inbox before a delivery is refused with
 * `429` (`GAME_EVENT_INBOX_MAX_EVENTS`): a few seconds of handling, so that
 * a real `;panic` or emergency call is never far behind a flood. A real server
 * sends a few events a minute; a delivery carries at most about a thousand
 * (64 KiB), so one whole delivery always fits into an inbox below the bound.
 */
export const GAME_EVENT_INBOX_MAX_EVENTS = 2000

/** How long the game is asked to wait (`Retry-After`) when the inbox is full: about the time it takes to handle what waits. */
export const GAME_EVENT_INBOX_FULL_RETRY_AFTER = Duration.seconds(5)

/** How often an idle instance looks at the inbox for batches another instance left (it is woken at once for its own). */
export const GAME_EVENT_INBOX_POLL = Duration.seconds(5)
