import { Clock, Data, Duration, Effect, Ref } from "effect"
import type { Redis } from "ioredis"

/**
 * Redis did not answer a command (unreachable, refused, no answer in time).
 * `reason` is short and never carries the URL or its password, so it can be logged.
 */
export class RedisUnavailable extends Data.TaggedError("RedisUnavailable")<{
  readonly reason: string
}> {}

/**
 * Why a Redis command or connection failed, safe to log: the connection's
 * state, error codes and Redis reply prefixes, never messages that may name the server.
 */
export const redisFailureReason = (redis: Pick<Redis, "status">, error: unknown): string => {
  if (redis.status !== "ready") return `connection ${redis.status}`
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code
    if (typeof code === "string") return code
    if (error.name === "ReplyError") return error.message.split(" ", 1)[0] ?? error.name
    return error.name
  }
  return "unknown error"
}

/** A command sent on `redis`, its failure told safely. */
export const command = <A>(redis: Redis, send: () => Promise<A>) =>
  Effect.tryPromise({ try: send, catch: (error) => new RedisUnavailable({ reason: redisFailureReason(redis, error) }) })

/**
 * The longest a request waits for Redis's answer while the connection is up
 * before it is counted without it. It only has to catch a Redis that holds
 * its connection open and stops answering: a closed or broken connection is
 * known from the connection's state and falls back at once. So it is sized
 * far above what a burst costs, not near Redis's own round trip. Measured with
 * `bench/rateLimitBurst.js` (docs/decisions/http-contract.md, "Rate limits"): bursts of 1000
 * parallel requests on one instance of the shared 2-core machine took 3 to 21 s
 * to answer in full, nearly all of it queueing in the event loop, Redis's
 * answers included; with the old 250 ms limit 8 of 3000 requests were counted in
 * memory, with this deadline none.
 */
export const REDIS_DEADLINE = Duration.seconds(5)

/**
 * A Redis command, or at once `RedisUnavailable` when the connection is
 * not ready (closed, connecting, reconnecting: known without a command, so
 * nobody waits); a ready connection that gives no answer within
 * `REDIS_DEADLINE` fails the same way.
 */
export const withinRedisDeadline = <A>(connection: Pick<Redis, "status">, command: Effect.Effect<A, RedisUnavailable>) =>
  Effect.suspend(() =>
    connection.status === "ready"
      ? Effect.timeoutOrElse(command, {
        duration: REDIS_DEADLINE,
        orElse: () => Effect.fail(new RedisUnavailable({ reason: `no answer within ${Duration.toMillis(REDIS_DEADLINE)} ms` }))
      })
      : Effect.fail(new RedisUnavailable({ reason: `connection ${connection.status}` }))
  )

// One line per outage is enough to act on; one per request would flood the logs.
const WARN_EVERY_MILLIS = 30_000

/**
 * A warning that Redis failed a counter and what the process does instead,
 * logged at most once every 30 seconds whatever the number of failures.
 */
export const makeOutageWarning = (message: string) =>
  Effect.map(
    Ref.make(Number.NEGATIVE_INFINITY),
    (lastWarning) => (error: RedisUnavailable) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) => Ref.modify(lastWarning, (last) => now - last >= WARN_EVERY_MILLIS ? [true, now] : [false, last])).pipe(
        Effect.flatMap((due) => due ? Effect.logWarning(message).pipe(Effect.annotateLogs({ reason: error.reason })) : Effect.void)
      )
  )
