import { Context, type Effect } from "effect"
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
}>()("@bluelight/core/game/HandledGameEvents") {}

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
