import {
  failureHold,
  GameBanList,
  healthAfterRead,
  LIVE_PICTURE_TTL,
  LivePicture,
  type LivePictureHealth,
  LiveSnapshot,
  LiveSource,
  type Loaded,
  singleFlight
} from "@bluelight/core/game"
import { type GameServerUnreachable, GameUnavailable } from "@bluelight/core/moderation"
import { Clock, Duration, Effect, Exit, Layer, Schema } from "effect"
import type { Redis, Result } from "ioredis"
import { randomBytes } from "node:crypto"

/** How the shared picture is kept. */
export interface SharedPictureSettings {
  /** How long one read answers every reader (`LIVE_PICTURE_TTL` unless given). */
  readonly ttl?: Duration.Input
  /** How long a read of the game server may take: the lock outlives it. */
  readonly readTimeout: Duration.Input
}

/** The longest one command to Redis may take before the picture goes on without it. */
export const PICTURE_REDIS_BOUND = Duration.millis(500)

/** How long a record stays in Redis after its refresh: health still tells when the game server last answered. */
const RECORD_KEEP = Duration.minutes(30)

/** How often a reader waiting on another instance's read looks again. */
const WAIT_STEP = Duration.millis(25)

/**
 * One stored read: the value while it answers, or why it failed; `until`
 * (epoch ms) is how long it answers every reader; `lastGoodAt` the newest
 * successful read (for health), kept across failures.
 */
const Stored = Schema.Union([
  Schema.Struct({ ok: Schema.Literal(true), until: Schema.Number, value: Schema.Unknown }),
  Schema.Struct({
    ok: Schema.Literal(false),
    until: Schema.Number,
    reason: Schema.String,
    retryAfterSeconds: Schema.optional(Schema.Number),
    lastGoodAt: Schema.NullOr(Schema.Number)
  })
])
const StoredJson = Schema.fromJsonString(Stored)

type StoredRead<A> =
  | { readonly ok: true; readonly until: number; readonly value: A }
  | Extract<typeof Stored.Type, { readonly ok: false }>

// Releasing the lock: only by the holder.
const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`

declare module "ioredis" {
  interface RedisCommander<Context> {
    bluelightLivePictureRelease(key: string, token: string): Result<unknown, Context>
  }
}

/**
 * The live picture shared by every instance through Redis
 * (docs/decisions/game.md, "One read per refresh"), one set of keys per game
 * server (`server` names it). A read that is fresh answers from Redis;
 * otherwise one instance takes the refresh's lock, reads the game server and
 * stores what it got (a failure too, held as long as the game asked), while
 * the others wait for the stored answer. Within an instance, concurrent
 * readers share one such round. A Redis that cannot be asked leaves each
 * instance reading on its own (still once per refresh), logged.
 */
export const makeRedisLivePicture = (redis: Redis, server: string, settings: SharedPictureSettings) =>
  Effect.gen(function*() {
    redis.defineCommand("bluelightLivePictureRelease", { numberOfKeys: 1, lua: RELEASE_SCRIPT })
    const source = yield* LiveSource
    const ttlMillis = Duration.toMillis(Duration.fromInputUnsafe(settings.ttl ?? LIVE_PICTURE_TTL))
    const lockMillis = Duration.toMillis(Duration.fromInputUnsafe(settings.readTimeout)) * 2 + 1000
    const keep = Duration.toMillis(RECORD_KEEP)
    const bounded = <A>(what: string, run: () => Promise<A>) =>
      Effect.tryPromise(run).pipe(
        Effect.timeout(PICTURE_REDIS_BOUND),
        Effect.tapError(() => Effect.logWarning(`live picture: Redis did not answer (${what})`))
      )

    const shared = <A, E>(
      what: string,
      schema: Schema.Codec<A, E>,
      read: Effect.Effect<A, GameServerUnreachable>,
      observedAtOf: (value: A) => number
    ) => {
      const key = `bluelight:game-live:${server}:${what}`
      const lockKey = `${key}:lock`
      type Record = StoredRead<A>
      // What this instance last saw, for health while Redis cannot be asked.
      let seen: Record | null = null

      // A record that does not decode (written by another version) counts as none: it is read again.
      const decode = (text: string): Effect.Effect<Record | null> =>
        Effect.gen(function*() {
          const r = yield* Schema.decodeUnknownEffect(StoredJson)(text)
          return r.ok ? { ok: true as const, until: r.until, value: yield* Schema.decodeUnknownEffect(schema)(r.value) } : r
        }).pipe(Effect.orElseSucceed(() => null))
      const encode = (r: Record): Effect.Effect<string> =>
        r.ok
          ? Effect.map(Schema.encodeEffect(schema)(r.value), (value) => JSON.stringify({ ...r, value })).pipe(Effect.orDie)
          : Effect.succeed(JSON.stringify(r))

      const stored = Effect.flatMap(bounded(`get ${what}`, () => redis.get(key)), (text) => (text === null ? Effect.succeed(null) : decode(text)))

      const loadedFrom = (r: Record, now: number): Loaded<A, GameUnavailable> => {
        seen = r
        return r.ok
          ? { exit: Exit.succeed(r.value), until: r.until }
          : { exit: Exit.fail(GameUnavailable.because(r.reason, (r.until - now) / 1000)), until: r.until }
      }

      /** Reads the game server and stores what it got; the previous record gives the last good time. */
      const refresh = (previous: Record | null) =>
        Effect.gen(function*() {
          const outcome = yield* Effect.result(read)
          const now = yield* Clock.currentTimeMillis
          const lastGoodAt = previous === null ? null : previous.ok ? observedAtOf(previous.value) : previous.lastGoodAt
          const next: Record = outcome._tag === "Success"
            ? { ok: true, until: now + ttlMillis, value: outcome.success }
            : {
              ok: false,
              until: now + failureHold(outcome.failure, ttlMillis),
              reason: outcome.failure.reason,
              retryAfterSeconds: outcome.failure.retryAfterSeconds,
              lastGoodAt
            }
          const text = yield* encode(next)
          yield* bounded(`set ${what}`, () => redis.set(key, text, "PX", Math.ceil(next.until - now + keep))).pipe(Effect.ignore)
          return next
        })

      /** Without Redis: this instance reads on its own. */
      const alone = Effect.flatMap(refresh(null), (r) => Effect.map(Clock.currentTimeMillis, (now) => loadedFrom(r, now)))

      const load: Effect.Effect<Loaded<A, GameUnavailable>> = Effect.gen(function*() {
        const started = yield* Clock.currentTimeMillis
        const token = randomBytes(12).toString("base64url")
        while (true) {
          const current = yield* Effect.result(stored)
          if (current._tag === "Failure") return yield* alone
          const now = yield* Clock.currentTimeMillis
          if (current.success !== null && current.success.until > now) return loadedFrom(current.success, now)
          const locked = yield* Effect.result(bounded(`lock ${what}`, () => redis.set(lockKey, token, "PX", lockMillis, "NX")))
          if (locked._tag === "Failure") return yield* alone
          if (locked.success === "OK") {
            // Another instance may have stored a fresh answer between the look and the lock.
            const again = yield* Effect.orElseSucceed(stored, () => null)
            const fresh = again !== null && again.until > (yield* Clock.currentTimeMillis)
            const next = fresh ? again : yield* refresh(again ?? current.success)
            yield* bounded(`unlock ${what}`, () => redis.bluelightLivePictureRelease(lockKey, token)).pipe(Effect.ignore)
            return loadedFrom(next, yield* Clock.currentTimeMillis)
          }
          if (now - started > lockMillis) {
            return { exit: Exit.fail(GameUnavailable.because("no answer in time", ttlMillis / 1000)), until: now }
          }
          yield* Effect.sleep(WAIT_STEP)
        }
      })

      const health = Effect.map(Effect.orElseSucceed(stored, () => seen), (r): LivePictureHealth =>
        r === null
          ? { answering: false, observedAt: null, problem: "not read yet" }
          : r.ok
          ? { answering: true, observedAt: new Date(observedAtOf(r.value)), problem: null }
          : { answering: false, observedAt: r.lastGoodAt === null ? null : new Date(r.lastGoodAt), problem: r.reason })

      return Effect.map(singleFlight(load), (answer) => ({ answer, health }))
    }

    const snapshot = yield* shared("snapshot", LiveSnapshot, source.snapshot, (s) => s.observedAt.epochMilliseconds)
    const bans = yield* shared("bans", GameBanList, source.bans, (b) => b.observedAt.epochMilliseconds)
    return { snapshot: snapshot.answer, bans: bans.answer, health: healthAfterRead(snapshot.answer, snapshot.health) }
  })

/** `LivePicture` shared through Redis; needs the uncached `LiveSource`. */
export const layerRedisLivePicture = (redis: Redis, server: string, settings: SharedPictureSettings): Layer.Layer<LivePicture, never, LiveSource> =>
  Layer.effect(LivePicture, makeRedisLivePicture(redis, server, settings))
