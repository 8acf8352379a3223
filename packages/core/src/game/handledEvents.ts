import { Context, DateTime, Duration, Effect } from "effect"
import { inTransaction } from "../kernel/index.js"
import type { GameEvent } from "./events.js"

/**
 * The game's events already handled (docs/decisions/game.md, "The game's
 * events"). The game gives an event no id and may deliver it again, to any
 * instance, so an event is named by everything it says (`gameEventKey`), and
 * a handler claims that name inside the transaction of the event's effect:
 * the effect and its claim commit together, or neither does.
 */
export class HandledGameEvents extends Context.Service<HandledGameEvents, {
  /**
   * Claims the event named `key`, inside the caller's transaction: `true`
   * when no committed transaction claimed it before, `false` when one did.
   * Enforced by the store, so of two transactions claiming one key at once
   * the second waits for the first and answers `false` once it commits (and
   * `true` if it rolled back). Run it first in the transaction, before any
   * lock the effect takes.
   */
  readonly claim: (key: string) => Effect.Effect<boolean>
  /**
   * Forgets the claims made before `cutoff` (by the clock's time when each
   * was made), and the call ends remembered before it; answers how many claims. Idempotent, and safe beside claims on any
   * instance: a claim of a key being forgotten waits for the forgetting to end.
   */
  readonly forgetBefore: (cutoff: DateTime.Utc) => Effect.Effect<number>
  /**
   * Remembers, inside the caller's transaction, that the game's call
   * `callNumber` ended at `endedAt` (Unix seconds) while no waiting CAD call
   * carried it: its start may come later (handled out of order, or on
   * another instance). Stamped by the clock; forgotten with the claims
   * (`forgetBefore`). Run it under the call number's lock.
   */
  readonly rememberCallEnd: (callNumber: number, endedAt: number) => Effect.Effect<void>
  /**
   * Takes back, inside the caller's transaction, the ends remembered of
   * `callNumber` at or after `startedAt` (Unix seconds): `true` when the
   * call starting then had ended already. An end from before the start is
   * another call of that number (the game numbering again), and stays.
   * Run it under the call number's lock.
   */
  readonly takeCallEnd: (callNumber: number, startedAt: number) => Effect.Effect<boolean>
}>()("@bluelight/core/game/HandledGameEvents") {}

/**
 * How long a claim is kept. A delivery stamped more than 300 s from the
 * server's clock, either way, is refused before it is read (the webhook's
 * window), so an event can only be delivered again, and its claim matter,
 * for about ten minutes. A day is that with a wide margin: for a server
 * clock that was wrong for hours and set right, or a delivery the game held back.
 */
export const GAME_EVENT_CLAIMS_KEPT = Duration.hours(24)

/** How often each instance forgets the claims older than `GAME_EVENT_CLAIMS_KEPT`. */
export const FORGET_GAME_EVENT_CLAIMS_EVERY = Duration.hours(1)

/**
 * Forgets the claims older than `GAME_EVENT_CLAIMS_KEPT` (docs/decisions/game.md,
 * "The game's events"), in a transaction of its own, apart from any event's;
 * any instance may run it at any time. Answers how many went.
 */
export const forgetOldGameEventClaims = Effect.fn("game.forgetOldClaims")(function*() {
  const now = yield* DateTime.now
  return yield* inTransaction(HandledGameEvents.use((handled) => handled.forgetBefore(DateTime.subtractDuration(now, GAME_EVENT_CLAIMS_KEPT))))
})

/** JSON with object keys sorted at every depth: two equal values give one text, however their keys were ordered. */
const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`
  }
  return JSON.stringify(value) ?? "null"
}

/**
 * What names an event for `HandledGameEvents`: the server it came from, its
 * name, origin, timestamp and data, as one canonical text (the store keeps a
 * digest of it). Equal events give equal keys; any difference, a different key.
 */
export const gameEventKey = (server: string, event: GameEvent): string => canonical([server, event.event, event.origin, event.timestamp, event.data])
