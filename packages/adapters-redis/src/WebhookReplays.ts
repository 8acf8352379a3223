import { WebhookReplays } from "@bluelight/core/game"
import { Clock, Effect, Layer, Option, Ref } from "effect"
import type { Redis } from "ioredis"
import { command, makeOutageWarning, withinRedisDeadline } from "./outage.js"

/**
 * The signatures seen, in this process's memory: right for one instance (no
 * `REDIS_URL`). Each is kept until its time is up, by the Effect `Clock`;
 * lapsed ones are dropped as new ones come.
 */
export const makeMemoryWebhookReplays = Effect.map(
  Ref.make<ReadonlyMap<string, number>>(new Map()),
  (seen): typeof WebhookReplays.Service => ({
    firstSight: (signature, ttlMillis) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) =>
        Ref.modify(seen, (entries): [boolean, ReadonlyMap<string, number>] => {
          const until = entries.get(signature)
          if (until !== undefined && until > now) return [false, entries]
          const kept = new Map([...entries].filter(([, lapses]) => lapses > now))
          kept.set(signature, now + ttlMillis)
          return [true, kept]
        })),
    forget: (signature) =>
      Ref.update(seen, (entries) => {
        const kept = new Map(entries)
        kept.delete(signature)
        return kept
      })
  })
)

/**
 * The signatures seen by every instance, in Redis: `SET NX PX` of one key
 * per signature, so of two instances given the same delivery at once exactly
 * one sees it first. When Redis cannot be asked, this process's memory
 * answers instead (with a warning at most every 30 s): a replay to another
 * instance may then pass, and changes nothing all the same, since every
 * event's effect is claimed once, durably, in its own transaction.
 */
export const makeRedisWebhookReplays = (redis: Redis, prefix: string) =>
  Effect.gen(function*() {
    const memory = yield* makeMemoryWebhookReplays
    const warn = yield* makeOutageWarning("Redis unavailable for the game webhook's replay check: signatures kept in process memory")
    const service: typeof WebhookReplays.Service = {
      firstSight: (signature, ttlMillis) =>
        withinRedisDeadline(
          redis,
          command(redis, () => redis.set(`${prefix}${signature}`, "1", "PX", ttlMillis, "NX"))
        ).pipe(
          Effect.map((reply) => reply === "OK"),
          Effect.catch((error) => Effect.andThen(warn(error), memory.firstSight(signature, ttlMillis)))
        ),
      // Memory too: it may have answered for Redis. A Redis that cannot be asked keeps the signature until it lapses.
      forget: (signature) =>
        Effect.andThen(
          memory.forget(signature),
          withinRedisDeadline(
            redis,
            command(redis, () => redis.del(`${prefix}${signature}`))
          ).pipe(Effect.asVoid, Effect.catch(warn))
        )
    }
    return service
  })

/** `WebhookReplays` shared through the given Redis connection (the server's one) under `prefix`, in process memory without one. */
export const layerWebhookReplays = (redis: Option.Option<Redis>, prefix = "bluelight:game-webhook:") =>
  Layer.effect(
    WebhookReplays,
    Option.match(redis, { onNone: () => makeMemoryWebhookReplays, onSome: (connection) => makeRedisWebhookReplays(connection, prefix) })
  )
