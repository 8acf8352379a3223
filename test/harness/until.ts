import { setTimeout as pause } from "node:timers/promises"

/**
 * How long `until` keeps asking before it fails. Only the report of a
 * condition that never comes waits this long: a test goes on as soon as it
 * holds. Generous because two cores run the suite beside other work (a
 * server took up to 57 s to listen there, docs/decisions/testing.md).
 */
const UNTIL_BOUND_MS = 60_000

/** Between two looks at the condition. */
const UNTIL_EVERY_MS = 25

export interface UntilOptions {
  /**
   * Between two looks (25 ms unless given): longer where each look spends what the test counts, such
   * as a request against a rate budget.
   */
  readonly every?: number
  /**
   * How long to keep asking (60 s unless given). Shorter only where the bound is what the test
   * states ("healthy again within seconds"), never to make a test faster: a test goes on as soon as
   * the condition holds.
   */
  readonly within?: number
}

/**
 * Waits until `condition` holds, asking again every few milliseconds, and
 * fails naming `what` once the bound has passed. The one way a black-box
 * test waits (no fixed sleeps, docs/decisions/testing.md): for something the
 * test can see, a log line, a delivered entry, an answer. A condition that
 * throws fails the wait at once.
 */
export const until = async (what: string, condition: () => boolean | Promise<boolean>, options: UntilOptions = {}): Promise<void> => {
  const within = options.within ?? UNTIL_BOUND_MS
  const deadline = Date.now() + within
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (asked for ${within} ms)`)
    await pause(options.every ?? UNTIL_EVERY_MS)
  }
}
