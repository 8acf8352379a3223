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

/**
 * Waits until `condition` holds, asking again every few milliseconds, and
 * fails naming `what` once the bound has passed. The one way a black-box
 * test waits (no fixed sleeps, docs/decisions/testing.md): for something the
 * test can see, a log line, a delivered entry, an answer. A condition that
 * throws fails the wait at once.
 */
export const until = async (what: string, condition: () => boolean | Promise<boolean>): Promise<void> => {
  const deadline = Date.now() + UNTIL_BOUND_MS
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await pause(UNTIL_EVERY_MS)
  }
}
