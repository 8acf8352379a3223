import { Duration, Effect, Layer, PubSub, Queue, Schedule, Stream } from "effect"
import type { CadEventView } from "./CadEvent.js"
import { CadFeed, CadHistory, CadSignals } from "./ports.js"

/** How often the live feed reads the history unasked, in case a signal was lost (a listener reconnecting). */
const SWEEP = Duration.seconds(5)
const PAGE = 100

/**
 * The in-process hub of the live CAD history. One fiber reads the history
 * after the last entry it published whenever it is woken (this process
 * committed, another instance signalled, or the periodic sweep) and
 * publishes what it finds in `seq` order to every subscriber. History
 * entries become visible in `seq` order, so reading after the last one
 * published misses nothing. `sweep`: how often it reads unasked; none where
 * every commit wakes it (the tests, whose moved clock would otherwise run the
 * sweep once for every five seconds of a week).
 */
export const makeCadFeed = (sweep: Duration.Duration | null) => Layer.scoped(
  CadFeed,
  Effect.gen(function*() {
    const history = yield* CadHistory
    const { signals } = yield* CadSignals
    const hub = yield* Effect.acquireRelease(PubSub.unbounded<CadEventView>(), PubSub.shutdown)
    const wake = yield* Queue.sliding<void>(1)
    let last = yield* history.latestSeq
    // Suspended: each read starts after the entry published last, not where the feed began.
    const readNew: Effect.Effect<void> = Effect.suspend(() =>
      Effect.flatMap(history.list({ after: last }, { limit: PAGE, offset: 0 }), (page) =>
        Effect.gen(function*() {
          for (const event of page.items) {
            last = event.seq
            yield* PubSub.publish(hub, event)
          }
          if (page.meta.hasMore) yield* readNew
        })))
    yield* Queue.take(wake).pipe(
      Effect.zipRight(readNew),
      Effect.catchAllCause((cause) => Effect.logWarning("cad feed: reading the history failed", cause)),
      Effect.forever,
      Effect.forkScoped
    )
    yield* Stream.runForEach(signals, () => Queue.offer(wake, undefined)).pipe(
      Effect.catchAllCause((cause) => Effect.logWarning("cad feed: the signal stream ended", cause)),
      Effect.forkScoped
    )
    if (sweep !== null) yield* Queue.offer(wake, undefined).pipe(Effect.repeat(Schedule.spaced(sweep)), Effect.forkScoped)
    return {
      committed: Effect.asVoid(Queue.offer(wake, undefined)),
      subscribe: Effect.map(PubSub.subscribe(hub), (queue) => Stream.fromQueue(queue))
    }
  })
)

/** The feed as servers run it: woken by commits, signals, and a sweep every few seconds. */
export const CadFeedLive = makeCadFeed(SWEEP)

/** No signals: the embedded database serves one process, whose own commits wake the feed. */
export const NoCadSignals = Layer.succeed(CadSignals, { signals: Stream.never })
