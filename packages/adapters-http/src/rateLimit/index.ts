export { MemoryRateLimiter, makeMemoryRateLimiter } from "./MemoryRateLimiter.js"
export { layerRedisRateLimiter, makeRedisRateLimiter, RateLimiterUnavailable, RedisRateLimiter } from "./RedisRateLimiter.js"
export { layerRateLimiter, makeResilientRateLimiters, REDIS_BOUND, StrictRateLimiter } from "./ResilientRateLimiter.js"
