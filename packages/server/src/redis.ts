import { redisConnection, redisHealth } from "@bluelight/adapters-redis"
import { SharedStoreHealth } from "@bluelight/core/system"
import { Context, Effect, Layer, Option } from "effect"
import type { Redis } from "ioredis"
import type { Settings } from "./config.js"

/**
 * The process's one Redis connection (none when `REDIS_URL` is unset). The
 * composition root owns it and hands it to every adapter that needs Redis, so
 * that no adapter makes a connection of its own or imports another's.
 */
export class SharedRedis extends Context.Service<SharedRedis, Option.Option<Redis>>()("@bluelight/server/SharedRedis") {}

/** The connection of `REDIS_URL` (if set) and the health check over it. */
export const layerRedis = (settings: Pick<Settings, "redisUrl">): Layer.Layer<SharedRedis | SharedStoreHealth> =>
  Layer.effectContext(
    Effect.map(
      Effect.transposeOption(Option.map(settings.redisUrl, redisConnection)),
      (redis) => Context.make(SharedRedis, redis).pipe(Context.add(SharedStoreHealth, redisHealth(redis)))
    )
  )
