import { DateTime, Effect } from "effect"
import { InvalidInput } from "./errors.js"

/**
 * How far from the request's current time a time a person enters may lie:
 * the rule of one kind of entered time (a measure's end, a session's time).
 * The absolute sanity bounds of every entered time are the schema's
 * (`EnteredTimestamp`); a window only says what depends on now.
 */
export interface TimeWindow {
  /**
   * The earliest allowed: `"after-now"` for strictly after now, or at most
   * this far before now (inclusive); absent, no bound here.
   */
  readonly earliest?: "after-now" | Partial<DateTime.DateTime.PartsForMath> | undefined
  /** The latest allowed: `"now"`, or at most this far after now (inclusive). */
  readonly latest: "now" | Partial<DateTime.DateTime.PartsForMath>
  /** The rule in words, as the problem's message (`must be …`). */
  readonly says: string
}

/** True when `at` lies in `window` around `now`. */
export const isWithinWindow = (window: TimeWindow, at: DateTime.Utc, now: DateTime.Utc): boolean => {
  const latest = window.latest === "now" ? now : DateTime.add(now, window.latest)
  if (DateTime.isGreaterThan(at, latest)) return false
  if (window.earliest === undefined) return true
  if (window.earliest === "after-now") return DateTime.isGreaterThan(at, now)
  return !DateTime.isLessThan(at, DateTime.subtract(now, window.earliest))
}

/** `INVALID_INPUT` naming `field` when `at` (if given) is outside `window` around `now`. */
export const checkWithinWindow = (window: TimeWindow, field: string, at: DateTime.Utc | null | undefined, now: DateTime.Utc) =>
  at === null || at === undefined || isWithinWindow(window, at, now)
    ? Effect.void
    : Effect.fail(new InvalidInput({ message: `${field} ${window.says}`, details: [{ path: [field], message: window.says }] }))
