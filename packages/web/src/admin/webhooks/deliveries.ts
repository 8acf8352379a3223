import type { Delivery } from "./queries.js"

/** One message at a subscription and its attempts, first attempt first. */
export interface MessageDeliveries {
  readonly messageId: string
  readonly type: string
  readonly attempts: ReadonlyArray<Delivery>
  /** The latest attempt: what the message stands at. */
  readonly latest: Delivery
}

/** The delivery log (attempts, newest first) as messages, newest first, each with its attempts in order. */
export const byMessage = (deliveries: ReadonlyArray<Delivery>): ReadonlyArray<MessageDeliveries> => {
  const groups = new Map<string, Array<Delivery>>()
  for (const delivery of deliveries) {
    const group = groups.get(delivery.messageId)
    if (group === undefined) groups.set(delivery.messageId, [delivery])
    else group.push(delivery)
  }
  return [...groups.entries()].map(([messageId, attempts]) => {
    const ordered = [...attempts].sort((a, b) => a.attempt - b.attempt)
    const latest = ordered[ordered.length - 1]!
    return { messageId, type: latest.type, attempts: ordered, latest }
  })
}

/** A test just sent: its message, and until when the log is read again waiting for its first attempt's outcome. */
export interface AwaitedTest {
  readonly messageId: string
  readonly until: number
}

/** How long the log is watched after "Send a test", and how often it is read meanwhile. */
export const TEST_WATCH_MS = 20_000
export const TEST_POLL_MS = 1_000

/** The awaited message's latest attempt once it has an outcome (not `PENDING`), else `undefined`. */
export const settledAttempt = (deliveries: ReadonlyArray<Delivery> | undefined, messageId: string): Delivery | undefined => {
  const attempt = byMessage(deliveries ?? []).find((message) => message.messageId === messageId)?.latest
  return attempt === undefined || attempt.status === "PENDING" ? undefined : attempt
}

/** Whether to read the log again: a test is awaited, its attempt has no outcome yet, and the watch has not run out. */
export const keepWatching = (deliveries: ReadonlyArray<Delivery> | undefined, awaited: AwaitedTest | null, now: number): boolean =>
  awaited !== null && now < awaited.until && settledAttempt(deliveries, awaited.messageId) === undefined
