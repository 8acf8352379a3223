import { Clock, Context, DateTime, Duration, Effect, Layer, Queue, Schedule, type Scope, Semaphore } from "effect"
import type { Caller } from "./Caller.js"
import { AccessChanges, type AccessSubject } from "./ports.js"

/** One long-lived read (an open CAD stream) whose caller is watched. */
export interface AccessWatcher {
  /** Grows each time a committed change may concern the caller, or its session or credential expires. */
  readonly marks: () => number
  /** Waits for the next mark (marks since the last wait are one). */
  readonly marked: Effect.Effect<void>
}

/**
 * This instance's watch over the callers of its long-lived reads. It reads
 * the access change log after the epoch it read last, and marks every watcher
 * whose caller a change may concern; a watcher reads its caller's access again
 * once marked. Reading the log is the one way it learns of a change, so what
 * any instance committed reaches it in commit order.
 */
export class AccessWatch extends Context.Service<AccessWatch, {
  /**
   * Reads the changes committed since the last read and marks the watchers
   * they concern (and those whose time ran out). Whatever hands a watcher
   * something committed runs it after reading that and before handing it
   * out: every change committed before it is then marked.
   */
  readonly catchUp: Effect.Effect<void>
  /** Watches a caller for as long as the scope lasts. */
  readonly watch: (caller: Caller) => Effect.Effect<AccessWatcher, never, Scope.Scope>
}>()("@bluelight/core/identity/AccessWatch") {}

/** When a caller's session or credential expires, in epoch milliseconds. */
export const expiryOf = (caller: Caller): number => DateTime.toEpochMillis(caller._tag === "User" ? caller.session.expiresAt : caller.credential.expiresAt)

const concerns = (subject: AccessSubject, caller: Caller): boolean => {
  switch (subject._tag) {
    case "Everyone":
      return true
    case "Account":
      return caller._tag === "User" && caller.account.id === subject.id
    case "Credential":
      return caller._tag === "Service" && caller.credential.id === subject.id
  }
}

interface Watched {
  readonly caller: Caller
  readonly expiresAt: number
  readonly wake: Queue.Queue<void>
  marks: number
  expired: boolean
}

const mark = (watched: Watched) => {
  watched.marks += 1
  Queue.offerUnsafe(watched.wake, undefined)
}

/**
 * The watch, reading the log every `poll` while any caller is watched (none
 * open: no reads), and whenever `catchUp` is run. `poll`: none where the tests
 * run `catchUp` themselves.
 */
export const makeAccessWatch = (poll: Duration.Duration | null) =>
  Layer.effect(
    AccessWatch,
    Effect.gen(function*() {
      const changes = yield* AccessChanges
      const watching = new Set<Watched>()
      const oneAtATime = yield* Semaphore.make(1)
      let seen = yield* changes.latest
      const catchUp = oneAtATime.withPermits(1)(Effect.gen(function*() {
        // Nobody watched, nobody to mark: no read (a later one reads what was skipped, at most a page).
        if (watching.size === 0) return
        const { epoch, subjects } = yield* changes.since(seen)
        seen = epoch
        const now = yield* Clock.currentTimeMillis
        for (const watched of watching) {
          const expiring = !watched.expired && now >= watched.expiresAt
          if (expiring) watched.expired = true
          if (expiring || subjects.some((subject) => concerns(subject, watched.caller))) mark(watched)
        }
      }))
      if (poll !== null) {
        yield* catchUp.pipe(
          Effect.catchCause((cause) => Effect.logWarning("access watch: reading the access changes failed", cause)),
          Effect.repeat(Schedule.spaced(poll)),
          Effect.forkScoped
        )
      }
      return {
        catchUp,
        watch: (caller: Caller) =>
          Effect.map(
            Effect.acquireRelease(
              Effect.map(Queue.sliding<void>(1), (wake) => {
                const watched: Watched = { caller, expiresAt: expiryOf(caller), wake, marks: 0, expired: false }
                watching.add(watched)
                return watched
              }),
              (watched) => Effect.sync(() => watching.delete(watched)).pipe(Effect.andThen(Queue.shutdown(watched.wake)))
            ),
            (watched): AccessWatcher => ({ marks: () => watched.marks, marked: Queue.take(watched.wake) })
          )
      }
    })
  )

/** How often a server reads the access change log while a stream is open: the longest a refused stream stays open. */
export const ACCESS_POLL = Duration.millis(250)

/** The watch as servers run it: the log read four times a second while a stream is open. */
export const AccessWatchLive = makeAccessWatch(ACCESS_POLL)
