import { makeLocalStreamSlots, STREAM_SLOT_LEASE, StreamSlots } from "@bluelight/core/cad"
import { Duration, Effect, Layer, Option, Result } from "effect"
import type { Redis, Result as RedisResult } from "ioredis"
import { randomUUID } from "node:crypto"
import { command as send, makeOutageWarning, RedisUnavailable, withinRedisDeadline } from "./outage.js"

// One sorted set per caller: a member per open stream (a lease), scored by
// when it lapses. Redis's clock, not the instances', scores and trims them, so
// instances whose clocks differ (or are moved by the test hooks) agree on which
// have lapsed. `TIME` in a script is allowed: Redis replicates its effects.
const NOW = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local lease = tonumber(ARGV[1])
`
// Dropping the lapsed leases, counting and adding this one if it fits happen
// in one script: atomic across instances, one round trip. The set expires
// with its newest lease, when all have lapsed.
const TAKE_SCRIPT = `${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], now + lease, ARGV[2])
redis.call('PEXPIRE', KEYS[1], lease)
return 1
`
// A renewal adds the lease back if it lapsed meanwhile (Redis was out of
// reach longer than a lease): the stream is open, so it is counted.
const RENEW_SCRIPT = `${NOW}
redis.call('ZADD', KEYS[1], now + lease, ARGV[2])
redis.call('PEXPIRE', KEYS[1], lease)
return 1
`
const TAKE = "bluelightStreamSlotTake"
const RENEW = "bluelightStreamSlotRenew"

// The commands `defineCommand` adds, declared the way ioredis documents for TypeScript.
declare module "ioredis" {
  interface RedisCommander<Context> {
    bluelightStreamSlotTake(key: string, leaseMillis: number, member: string, limit: number): RedisResult<unknown, Context>
    bluelightStreamSlotRenew(key: string, leaseMillis: number, member: string): RedisResult<unknown, Context>
  }
}

/** The leases in Redis, one command each; failures are the caller's to handle. */
const makeRedisLeases = (redis: Redis, lease: Duration.Duration) => {
  redis.defineCommand(TAKE, { numberOfKeys: 1, lua: TAKE_SCRIPT })
  redis.defineCommand(RENEW, { numberOfKeys: 1, lua: RENEW_SCRIPT })
  const leaseMillis = Duration.toMillis(lease)
  const command = (run: () => Promise<unknown>) => send(redis, run)
  return {
    take: (key: string, member: string, limit: number) =>
      Effect.flatMap(command(() => redis.bluelightStreamSlotTake(key, leaseMillis, member, limit)), (reply) =>
        reply === 1 || reply === 0
          ? Effect.succeed(reply === 1)
          : Effect.fail(new RedisUnavailable({ reason: "unexpected reply" }))),
    renew: (key: string, member: string) => Effect.asVoid(command(() => redis.bluelightStreamSlotRenew(key, leaseMillis, member))),
    release: (key: string, member: string) => Effect.asVoid(command(() => redis.zrem(key, member)))
  }
}

/**
 * Places for open streams counted across every instance through Redis: a
 * lease per open stream, renewed every third of `lease` while the stream is
 * open and removed when it ends, so the places of an instance that crashed
 * lapse within `lease`. When Redis fails or is slow to take a place, the place
 * is counted in this process's memory instead (the limit then holds per
 * instance, like the rate limits), and a warning is logged; a failed renewal
 * or removal is logged and left to the lease.
 */
export const makeSharedStreamSlots = (redis: Redis, lease: Duration.Duration = STREAM_SLOT_LEASE) =>
  Effect.gen(function*() {
    const leases = makeRedisLeases(redis, lease)
    const memory = yield* makeLocalStreamSlots
    const warn = yield* makeOutageWarning("Redis unavailable for open stream places: new ones counted in process memory, held ones left to their lease")
    const attempt = <A>(command: Effect.Effect<A, RedisUnavailable>) => Effect.tapError(withinRedisDeadline(redis, command), warn)
    const renewEvery = Duration.divideUnsafe(lease, 3)
    const service: typeof StreamSlots.Service = {
      take: (slotKey, limit) =>
        Effect.gen(function*() {
          const key = `bluelight:streams:${slotKey}`
          const member = randomUUID()
          // The removal is arranged before anything can interrupt between the answer and it.
          const reply = yield* Effect.uninterruptibleMask((restore) =>
            Effect.tap(Effect.result(restore(attempt(leases.take(key, member, limit)))), (reply) =>
              Result.isSuccess(reply) && reply.success
                ? Effect.addFinalizer(() => Effect.ignore(attempt(leases.release(key, member))))
                : Effect.void)
          )
          if (Result.isFailure(reply)) return yield* memory.take(slotKey, limit)
          if (reply.success) {
            // Interrupted before the removal runs; a renewal cut short was sent
            // first on the one connection, so Redis runs it before the removal.
            yield* Effect.sleep(renewEvery).pipe(
              Effect.andThen(Effect.ignore(attempt(leases.renew(key, member)))),
              Effect.forever,
              Effect.forkScoped
            )
          }
          return reply.success
        })
    }
    return service
  })

/**
 * `StreamSlots`: shared through the given Redis connection (the server's
 * one), in process memory without one.
 */
export const layerStreamSlots = (options: { readonly redis: Option.Option<Redis> }): Layer.Layer<StreamSlots> =>
  Layer.effect(
    StreamSlots,
    Option.match(options.redis, { onNone: () => makeLocalStreamSlots, onSome: (redis) => makeSharedStreamSlots(redis) })
  )
