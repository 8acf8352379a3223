import { Clock, Deferred, Duration, Effect, Exit, Layer, Ref, type Result } from "effect"
import { type GameServerUnreachable, GameUnavailable } from "../moderation/index.js"
import { LivePicture, type LivePictureHealth, LiveSource } from "./ports.js"

/** How long one read of the game server serves every reader (docs/decisions/game.md, "One read per refresh"). */
export const LIVE_PICTURE_TTL = Duration.seconds(3)

/** One load's outcome and until when (epoch milliseconds) it answers every reader. */
export interface Loaded<A, E> {
  readonly exit: Exit.Exit<A, E>
  readonly until: number
}

interface Slot<A, E> {
  readonly until: number
  readonly answer: Deferred.Deferred<A, E>
}

/**
 * A read shared within this process: concurrent readers wait for the one load
 * in flight, and its outcome (a failure too) answers every reader until the
 * time the load gave. The load runs in a fiber of its own, to its end even
 * when the reader who started it goes away (a reader may stop waiting: a
 * health probe's bound), so nobody waits on a load that was abandoned.
 */
export const singleFlight = <A, E>(load: Effect.Effect<Loaded<A, E>>): Effect.Effect<Effect.Effect<A, E>> =>
  Effect.map(Ref.make<Slot<A, E> | null>(null), (slot) =>
    Effect.gen(function*() {
      const now = yield* Clock.currentTimeMillis
      const fresh = yield* Deferred.make<A, E>()
      // A load in flight holds the slot for ever until it ends: every reader arriving meanwhile waits on its answer.
      const held = yield* Ref.modify(slot, (held): [Deferred.Deferred<A, E> | null, Slot<A, E> | null] =>
        held !== null && held.until > now ? [held.answer, held] : [null, { until: Number.POSITIVE_INFINITY, answer: fresh }])
      if (held !== null)
        return yield* Deferred.await(held)
      yield* Effect.forkDetach(Effect.flatMap(load, (loaded) =>
        Effect.andThen(Ref.set(slot, { until: loaded.until, answer: fresh }), Deferred.done(fresh, loaded.exit))))
      return yield* Deferred.await(fresh)
    }))

/** The longest `/api/health` waits for a read of the game server before it answers what it knows. */
export const HEALTH_READ_BOUND = Duration.seconds(1)

/**
 * Health as the picture stands after asking for it (a cached answer, or one
 * read shared with every reader), waiting at most `HEALTH_READ_BOUND`: so
 * health tells whether the game server answers now, not when someone last looked.
 */
export const healthAfterRead = <E>(snapshot: Effect.Effect<unknown, E>, state: Effect.Effect<LivePictureHealth>): Effect.Effect<LivePictureHealth> =>
  Effect.andThen(Effect.ignore(Effect.timeout(snapshot, HEALTH_READ_BOUND)), state)

/** How long (milliseconds) a failed read answers for: the refresh, or longer when the game asked for a wait. */
export const failureHold = (error: GameServerUnreachable, ttlMillis: number): number => Math.max(ttlMillis, (error.retryAfterSeconds ?? 0) * 1000)

/** The error every live read answers while the game server cannot be read. */
export const unavailableFor = (error: GameServerUnreachable, ttlMillis: number): GameUnavailable =>
  GameUnavailable.because(error.reason, failureHold(error, ttlMillis) / 1000)

/**
 * The live picture in this process's memory, over the uncached `LiveSource`:
 * right for a single instance (no `REDIS_URL`), and for tests. Each read of
 * the game server answers every reader for `ttl` (a failure too, longer when
 * the game asked for a wait), concurrent readers share the one read in flight,
 * and the ban list is read only when asked for. Times come from the Effect
 * `Clock`.
 */
export const LivePictureInMemory = (ttl: Duration.Input = LIVE_PICTURE_TTL) =>
  Layer.effect(
    LivePicture,
    Effect.gen(function*() {
      const source = yield* LiveSource
      const ttlMillis = Duration.toMillis(Duration.fromInputUnsafe(ttl))
      const health = yield* Ref.make<LivePictureHealth>({ answering: false, observedAt: null, problem: "not read yet" })
      const loadOf = <A>(read: Effect.Effect<A, GameServerUnreachable>, onOutcome: (outcome: Result.Result<A, GameServerUnreachable>) => Effect.Effect<void>) =>
        Effect.gen(function*() {
          const outcome = yield* Effect.result(read)
          yield* onOutcome(outcome)
          const now = yield* Clock.currentTimeMillis
          return outcome._tag === "Success"
            ? { exit: Exit.succeed(outcome.success), until: now + ttlMillis }
            : { exit: Exit.fail(unavailableFor(outcome.failure, ttlMillis)), until: now + failureHold(outcome.failure, ttlMillis) }
        })
      const snapshot = yield* singleFlight(loadOf(source.snapshot, (outcome) =>
        Ref.update(health, (h): LivePictureHealth =>
          outcome._tag === "Success"
            ? { answering: true, observedAt: new Date(outcome.success.observedAt.epochMilliseconds), problem: null }
            : { ...h, answering: false, problem: outcome.failure.reason })))
      const bans = yield* singleFlight(loadOf(source.bans, () => Effect.void))
      return { snapshot, bans, health: healthAfterRead(snapshot, Ref.get(health)) }
    })
  )
