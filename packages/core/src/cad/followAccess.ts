import { Clock, DateTime, Effect, Option, Semaphore } from "effect"
import {
  type AccessRule,
  type AccessSettings,
  AccessWatch,
  type Caller,
  callerFromRecord,
  checkAccess,
  expiryOf,
  ServiceCredentials,
  SessionRecords,
  sessionRefusal
} from "../identity/index.js"

/**
 * Whether a caller who opened a long-lived read (the CAD event stream) may
 * still read it: the session not revoked nor expired and the account active
 * (or the credential not revoked nor expired), and the rule's permissions
 * still held, all read afresh.
 */
export const mayStillFollow = (caller: Caller, rule: AccessRule) =>
  Effect.gen(function*() {
    const now = yield* DateTime.now
    if (caller._tag === "Service") {
      const credential = yield* ServiceCredentials.use((credentials) => credentials.findById(caller.credential.id))
      if (Option.isNone(credential) || credential.value.revokedAt !== null || !DateTime.isLessThan(now, credential.value.expiresAt)) return false
      const fresh: Caller = { _tag: "Service", credential: credential.value, permissions: new Set(credential.value.scopes) }
      return yield* Effect.as(checkAccess(rule, fresh), true).pipe(Effect.orElseSucceed(() => false))
    }
    const record = yield* SessionRecords.use((records) => records.findByTokenHash(caller.session.tokenHash))
    if (Option.isNone(record) || sessionRefusal(record.value, now) !== null) return false
    const fresh = yield* callerFromRecord(record.value)
    return yield* Effect.as(checkAccess(rule, fresh), true).pipe(Effect.orElseSucceed(() => false))
  })

/** What keeps a long-lived read to its caller's access. */
export interface FollowGuard {
  /**
   * Whether the next line may go out. Access is read afresh when a change
   * that may concern the caller was committed since the last read (or its
   * session or credential expired); otherwise it answers at once, with no read.
   */
  readonly allowed: Effect.Effect<boolean>
  /** Completes as soon as the caller is refused: access is read at once on every mark (and once on opening). */
  readonly refused: Effect.Effect<void>
}

/**
 * Watches a caller who opened a long-lived read, for as long as the scope
 * lasts. Once refused it stays refused. Reads of access run one at a time, and
 * a line waits for a read in flight: nothing goes out on an answer older than
 * the last mark.
 */
export const guardFollower = (caller: Caller, rule: AccessRule) =>
  Effect.gen(function*() {
    const watcher = yield* AccessWatch.use((watch) => watch.watch(caller))
    const context = yield* Effect.context<SessionRecords | ServiceCredentials | AccessSettings>()
    const oneAtATime = yield* Semaphore.make(1)
    const expiresAt = expiryOf(caller)
    // -1: access is read before the first line, so a change committed while the stream was opening counts.
    let checked = -1
    let refused = false
    const current = (now: number) => !refused && watcher.marks() === checked && now < expiresAt
    const check = oneAtATime.withPermits(1)(Effect.gen(function*() {
      if (current(yield* Clock.currentTimeMillis)) return true
      if (refused) return false
      const marks = watcher.marks()
      const allowed = yield* Effect.provide(mayStillFollow(caller, rule), context)
      if (allowed) checked = marks
      else refused = true
      return allowed
    }))
    const allowed = Effect.flatMap(Clock.currentTimeMillis, (now) => (current(now) ? Effect.succeed(true) : check))
    const refusal: Effect.Effect<void> = Effect.flatMap(check, (ok) => (ok ? Effect.andThen(watcher.marked, Effect.suspend(() => refusal)) : Effect.void))
    const guard: FollowGuard = { allowed, refused: refusal }
    return guard
  })
