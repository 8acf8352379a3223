/**
 * Every piece of Redis code: the shared rate limits (Effect's `RateLimiter`
 * over aligned fixed windows, and the strict sliding log), open stream places,
 * the game-command slot, the shared live picture and read gate, the game
 * webhook's replay guard, the connection's settings and health, and what each
 * does while Redis cannot be asked. The server opens the one connection and
 * hands it here; the other adapters reach these only through core ports.
 */
export * from "./connection.js"
export * from "./EffectRedis.js"
export * from "./GameCommandSlot.js"
export * from "./LivePicture.js"
export { makeOutageWarning, REDIS_DEADLINE, redisFailureReason, RedisUnavailable, withinRedisDeadline } from "./outage.js"
export * from "./RateGate.js"
export * from "./rateLimit/rateLimiters.js"
export * from "./rateLimit/slidingLog.js"
export * from "./StreamSlots.js"
export * from "./WebhookReplays.js"
