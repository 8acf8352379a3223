import { Effect } from "effect"
import { Redis as EffectRedis } from "effect/persistence"
import type { Redis } from "ioredis"

const sendOn = (redis: Redis) => <A = unknown>(command: string, ...args: ReadonlyArray<string>) =>
  Effect.tryPromise({
    try: () => redis.call(command, [...args]) as Promise<A>,
    catch: (cause) => new EffectRedis.RedisError({ cause })
  })

/**
 * Effect's `Redis` service (`effect/persistence/Redis`, what Effect's
 * `RateLimiter` Redis store talks to) over the server's one ioredis
 * connection: commands and scripts go on that connection, with its settings
 * (no offline queue: a command while disconnected fails at once). Effect
 * ships this service over node-redis only (`@effect/platform-node/NodeRedis`),
 * a second client and connection the server would have to open and watch.
 * Subscriptions and reserved connections, which nothing here uses, get a
 * duplicate of the connection each, closed with their scope.
 */
export const makeEffectRedis = (redis: Redis) =>
  EffectRedis.make({
    send: sendOn(redis),
    connect: Effect.tryPromise({
      try: async () => {
        const own = redis.duplicate({ lazyConnect: true })
        own.on("error", () => {})
        await own.connect()
        return own
      },
      catch: (cause) => new EffectRedis.RedisError({ cause })
    }).pipe(Effect.map((own) => ({ send: sendOn(own), close: Effect.sync(() => own.disconnect()) }))),
    subscribe: (channel, onMessage) =>
      Effect.acquireRelease(
        Effect.tryPromise({
          try: async () => {
            const subscriber = redis.duplicate({ lazyConnect: true })
            subscriber.on("error", () => {})
            subscriber.on("message", (from: string, message: string) => onMessage({ channel: from, message }))
            await subscriber.connect()
            await subscriber.subscribe(channel)
            return subscriber
          },
          catch: (cause) => new EffectRedis.RedisError({ cause })
        }),
        (subscriber) => Effect.sync(() => subscriber.disconnect())
      ).pipe(Effect.as(Effect.never))
  })
