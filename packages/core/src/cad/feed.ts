import { Duration, Effect, Layer, PubSub, Queue, Schedule, Stream } from "effect"
import { AccessWatch } from "../identity/index.js"
import type { CadEventView } from "./CadEvent.js"
import { CadFeed, CadHistory, CadSignals } from "./ports.js"

/** How often the live feed reads the history unasked, in case a signal was lost (a listener reconnecting). */
const SWEEP = Duration.seconds(5)
const PAGE = 100
/**
 * How many entries a subscriber may fall behind. The hub keeps this many for
 * the slowest reader and slides past older ones; a reader that lost one sees
 * the gap in the feed's own numbering and its stream ends, so the client
 * reconnects with `Last-Event-ID` and reads the rest from the history. A
 * client that stops reading holds at most this many entries in memory.
 */
export const CAD_FEED_LAG = 1024

/** An entry as the hub publishes it: numbered by the feed, gapless, unlike `seq`. */
interface Published {
  readonly index: number
  readonly event: CadEventView
}

/**
 * The subscriber's entries while none is lost; the stream ends at the first
 * gap. Entries numbered before `first` (published while it subscribed) are
 * left out: they were committed before, and a follower reads them from the
 * history after subscribing.
 */
const whileInOrder = (entries: Stream.Stream<Published>, first: number): Stream.Stream<CadEventView> =>
  entries.pipe(
    Stream.mapAccum(() => first, (expected, { event, index }): readonly [number, ReadonlyArray<CadEventView | "lost">] =>
      index < expected ? [expected, []] : [index + 1, [index === expected ? event : "lost"]]),
    Stream.takeWhile((step): step is CadEventView =>
      step !== "lost"
    )
  )

/**
 * The in-process hub of the live CAD history. One fiber reads the history
 * after the last entry it published whenever it is woken (this process
 * committed, another instance signalled, or the periodic sweep) and
 * publishes what it finds in `seq` order to every subscriber. History
 * entries become visible in `seq` order, so reading after the last one
 * published misses nothing. `sweep`: how often it reads unasked; none where
 * every commit wakes it (the tests, whose moved clock would otherwise run the
 * sweep once for every five seconds of a week). `lag`: how far a subscriber
 * may fall behind before its stream ends (`CAD_FEED_LAG`). Before it
 * publishes what it read, the access watch catches up: a follower whose access
 * a change committed before those entries may have narrowed reads its access
 * again before it is sent them.
 */
export const makeCadFeed = (sweep: Duration.Duration | null, lag: number = CAD_FEED_LAG) =>
  Layer.effect(
    CadFeed,
    Effect.gen(function*() {
      const history = yield* CadHistory
      const { signals } = yield* CadSignals
      const access = yield* AccessWatch
      const hub = yield* Effect.acquireRelease(PubSub.sliding<Published>(lag), PubSub.shutdown)
      const wake = yield* Queue.sliding<void>(1)
      let last = yield* history.latestSeq
      let published = 0
      // Suspended: each read starts after the entry published last, not where the feed began.
      const readNew: Effect.Effect<void> = Effect.suspend(() =>
        Effect.flatMap(history.list({ after: last }, { limit: PAGE, offset: 0 }), (page) =>
          Effect.gen(function*() {
            // Read after the entries: every access change committed before them is marked before they go out.
            if (page.items.length > 0) yield* access.catchUp
            for (const event of page.items) {
              last = event.seq
              yield* PubSub.publish(hub, { index: published++, event })
            }
            if (page.meta.hasMore) yield* readNew
          }))
      )
      yield* Queue.take(wake).pipe(
        Effect.andThen(readNew),
        Effect.catchCause((cause) => Effect.logWarning("cad feed: reading the history failed", cause)),
        Effect.forever,
        Effect.forkScoped
      )
      yield* Stream.runForEach(signals, () => Queue.offer(wake, undefined)).pipe(
        Effect.catchCause((cause) => Effect.logWarning("cad feed: the signal stream ended", cause)),
        Effect.forkScoped
      )
      if (sweep !== null) yield* Queue.offer(wake, undefined).pipe(Effect.repeat(Schedule.spaced(sweep)), Effect.forkScoped)
      return {
        committed: Effect.asVoid(Queue.offer(wake, undefined)),
        // Numbered from the next entry published once the subscription is in place.
        subscribe: Effect.map(PubSub.subscribe(hub), (subscription) => whileInOrder(Stream.fromSubscription(subscription), published))
      }
    })
  )

/** The feed as servers run it: woken by commits, signals, and a sweep every few seconds. */
export const CadFeedLive = makeCadFeed(SWEEP)

/** No signals: the embedded database serves one process, whose own commits wake the feed. */
export const NoCadSignals = Layer.succeed(CadSignals, { signals: Stream.never })
