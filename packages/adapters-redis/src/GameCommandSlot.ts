import { GameCommandSlot, GameThrottled, secondsUntil, type SlotLease, type SlotSettings } from "@bluelight/core/moderation"
import { Duration, Effect, Layer } from "effect"
import type { Redis, Result } from "ioredis"
import { randomBytes } from "node:crypto"

// Taking the slot: free → held by this lease for `leaseTtl` (so a crashed
// holder frees it by expiry). Otherwise answer what holds it and for how long.
const TAKE_SCRIPT = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return {1, '', 0}
end
return {0, redis.call('GET', KEYS[1]) or '', redis.call('PTTL', KEYS[1])}
`
// Releasing: only the lease that holds the slot; after a command sent, the
// slot turns into the cooldown, still taken until it expires.
const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  if ARGV[2] == '1' then
    redis.call('SET', KEYS[1], 'cooling', 'PX', ARGV[3])
  else
    redis.call('DEL', KEYS[1])
  end
elseif ARGV[2] == '1' and not redis.call('GET', KEYS[1]) then
  redis.call('SET', KEYS[1], 'cooling', 'PX', ARGV[3])
end
return 1
`

declare module "ioredis" {
  interface RedisCommander<Context> {
    bluelightGameSlotTake(key: string, lease: string, leaseMillis: number): Result<unknown, Context>
    bluelightGameSlotRelease(key: string, lease: string, sent: string, cooldownMillis: number): Result<unknown, Context>
  }
}

/** The longest a slot command may wait for Redis before the slot counts as not free. */
export const SLOT_REDIS_BOUND = Duration.seconds(1)

const isTakeReply = (u: unknown): u is readonly [number, string, number] =>
  Array.isArray(u) && u.length === 3 && typeof u[0] === "number" && typeof u[1] === "string" && typeof u[2] === "number"

/**
 * The slot shared by every instance through Redis, one key per game server
 * (`server` names it). A Redis that cannot be asked leaves the slot taken
 * (`GAME_THROTTLED`, logged): sending without it could put two commands in
 * flight at once.
 */
export const makeRedisGameCommandSlot = (redis: Redis, server: string, settings: SlotSettings) => {
  redis.defineCommand("bluelightGameSlotTake", { numberOfKeys: 1, lua: TAKE_SCRIPT })
  redis.defineCommand("bluelightGameSlotRelease", { numberOfKeys: 1, lua: RELEASE_SCRIPT })
  const key = `bluelight:game-slot:${server}`
  const cooldown = Duration.toMillis(settings.cooldown)
  const leaseTtl = Duration.toMillis(settings.leaseTtl)
  const bounded = <A>(what: string, run: () => Promise<A>) =>
    Effect.tryPromise(run).pipe(Effect.timeout(SLOT_REDIS_BOUND), Effect.tapError(() => Effect.logWarning(`game-command slot: Redis did not answer (${what})`)))
  const take = Effect.gen(function*() {
    const lease = `held:${randomBytes(12).toString("base64url")}`
    const reply = yield* bounded("take", () => redis.bluelightGameSlotTake(key, lease, leaseTtl)).pipe(
      Effect.catch(() => Effect.fail(GameThrottled.because("unknown", secondsUntil(cooldown))))
    )
    if (!isTakeReply(reply)) return yield* GameThrottled.because("unknown", secondsUntil(cooldown))
    const [taken, holder, ttl] = reply
    if (taken !== 1) {
      return yield* holder === "cooling"
        ? GameThrottled.because("cooling-down", secondsUntil(ttl))
        : GameThrottled.because("in-flight", secondsUntil(Math.max(cooldown, 1)))
    }
    const release = (sent: boolean) => bounded("release", () => redis.bluelightGameSlotRelease(key, lease, sent ? "1" : "0", cooldown)).pipe(Effect.ignore)
    return { release } satisfies SlotLease
  })
  return { take }
}

export const layerRedisGameCommandSlot = (redis: Redis, server: string, settings: SlotSettings) =>
  Layer.sync(GameCommandSlot, () => makeRedisGameCommandSlot(redis, server, settings))
