import { Duration, Effect, Predicate } from "effect"

/**
 * When a refused request is sent again: only for a spent budget
 * (`429 RATE_LIMITED`) or a busy game server (`503 GAME_THROTTLED`), the two
 * refusals whose `Retry-After` says when the same request will be taken, up
 * to `attempts` sendings in all, and never after a wait longer than
 * `longestWait` (that one fails at once, so a caller is not held for
 * minutes it did not agree to). Nothing else is retried: a write refused for
 * any other reason would be refused again, or was perhaps applied. Such a
 * refusal without a usable `Retry-After` (the server always sends one, a
 * proxy may drop it) is sent again after `FALLBACK_WAIT`, or after
 * `longestWait` if that is shorter: the refusal still says the same request
 * will be taken later, only not when.
 */
export interface RetryOptions {
  /** How many times one request is sent at most, the first included (at least 1). */
  readonly attempts: number
  /** The longest `Retry-After` waited; a refusal asking for longer fails at once. */
  readonly longestWait: Duration.Input
}

/** The codes whose refusal names, in `Retry-After`, when to send the same request again. */
export const RETRIED_CODES: ReadonlySet<string> = new Set(["RATE_LIMITED", "GAME_THROTTLED"])

/** How long a retried refusal without a usable `Retry-After` is waited out (at most `longestWait`). */
export const FALLBACK_WAIT: Duration.Duration = Duration.seconds(1)

/** Whether a failure is a refusal that is retried (by its code). */
const isRetried = (error: unknown): boolean => Predicate.hasProperty(error, "code") && typeof error.code === "string" && RETRIED_CODES.has(error.code)

/** The seconds `Retry-After` gave a failure, if it gave a usable number of them. */
const retryAfterOf = (error: unknown): number | undefined =>
  Predicate.hasProperty(error, "retryAfterSeconds") && typeof error.retryAfterSeconds === "number" &&
    Number.isFinite(error.retryAfterSeconds) && error.retryAfterSeconds >= 0
    ? error.retryAfterSeconds
    : undefined

/**
 * How long to wait before sending a request again after it failed with
 * `error` on its `attempt`-th sending (counted from 1), or `undefined` when it
 * is not sent again: not a retried refusal, no attempt left, or a
 * `Retry-After` beyond `longestWait`. Without a usable `Retry-After`, the wait
 * is `FALLBACK_WAIT`, or `longestWait` if that is shorter.
 */
export const retryDelay = (error: unknown, attempt: number, options: RetryOptions): Duration.Duration | undefined => {
  if (!isRetried(error) || attempt >= options.attempts) return undefined
  const longest = Duration.fromInputUnsafe(options.longestWait)
  const seconds = retryAfterOf(error)
  if (seconds === undefined) return Duration.min(FALLBACK_WAIT, longest)
  const wait = Duration.seconds(seconds)
  return Duration.isGreaterThan(wait, longest) ? undefined : wait
}

/**
 * Runs `send` (an effect that sends the request each time it runs) again
 * after each retried refusal, as `retryDelay` says; any other outcome is
 * the answer.
 */
export const retrying = (options: RetryOptions) => <A, E, R>(send: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> => {
  const attempt = (n: number): Effect.Effect<A, E, R> =>
    Effect.catch(send, (error) => {
      const wait = retryDelay(error, n, options)
      return wait === undefined ? Effect.fail(error) : Effect.andThen(Effect.sleep(wait), attempt(n + 1))
    })
  return attempt(1)
}
