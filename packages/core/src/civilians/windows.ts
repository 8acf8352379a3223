import type { TimeWindow } from "../kernel/index.js"
import { LICENCE_VALIDITY_YEARS } from "./Licence.js"

/** How long ahead a person may set the end of an official measure. */
export const MEASURE_END_YEARS = 10

/**
 * The end of an official measure a person sets: a suspension's `until`, an
 * endorsement's, warrant's or marker's `expiresAt`. In the future (an end now
 * or before would end nothing), and at most ten years ahead: longer is a
 * measure without an end (leave the time out) or a mistake.
 */
export const MEASURE_END: TimeWindow = {
  earliest: "after-now",
  latest: { years: MEASURE_END_YEARS },
  says: `must be in the future and at most ${MEASURE_END_YEARS} years from now`
}

/**
 * A licence's new expiry: at most a licence's term (ten years) from now, as a
 * renewal today would give. It may lie in the past (a correction that leaves
 * the licence expired) but after the issue (`expiryAfterIssue`); both are
 * `INVALID_EXPIRY`.
 */
export const LICENCE_EXPIRY: TimeWindow = {
  latest: { years: LICENCE_VALIDITY_YEARS },
  says: `must be at most ${LICENCE_VALIDITY_YEARS} years from now`
}

/** When a recorded matter happened: not in the future (the past is bounded by `EnteredTimestamp`). */
export const OCCURRENCE: TimeWindow = { latest: "now", says: "must not be in the future" }
