import type { GameEventInboxFull, ReceivedGameEvents } from "@bluelight/core/game"
import { Context, type Effect } from "effect"

/**
 * Where the webhook puts a verified batch before it answers `204`: the inbox
 * (`GameEventInbox`, a table that outlives the process), with this
 * instance's worker woken to handle it. The server provides it with its
 * worker (`packages/server/src/gameEventInbox.ts`): a background worker is
 * the composition's, not the HTTP adapter's.
 */
export class GameEventIntake extends Context.Service<GameEventIntake, {
  /**
   * Keeps the batch in the inbox and wakes the worker; an inbox holding its
   * bound of waiting events refuses it (`GameEventInboxFull`, the delivery
   * answers `429`); a store that does not answer is a defect (`500`).
   */
  readonly put: (batch: ReceivedGameEvents) => Effect.Effect<void, GameEventInboxFull>
}>()("@bluelight/adapters-http/GameEventIntake") {}
