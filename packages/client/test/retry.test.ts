import { RateLimited } from "@bluelight/api"
import { NotFound } from "@bluelight/core/kernel"
import { GameThrottled, GameUnavailable } from "@bluelight/core/moderation"
import { retryDelay, retrying } from "@bluelight/client"
import { Duration, Effect, Exit, Fiber } from "effect"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "vitest"

const options = { attempts: 3, longestWait: "10 seconds" } as const
const limited = (seconds: number) => new RateLimited({ message: "The read budget is spent", retryAfterSeconds: seconds })
const millis = (wait: Duration.Duration | undefined) => (wait === undefined ? undefined : Duration.toMillis(wait))

describe("the retry rule", () => {
  it("waits Retry-After after RATE_LIMITED and GAME_THROTTLED, while attempts are left", () => {
    expect(millis(retryDelay(limited(4), 1, options))).toBe(4_000)
    expect(millis(retryDelay(limited(4), 2, options))).toBe(4_000)
    expect(millis(retryDelay(GameThrottled.because("cooling-down", 2), 1, options))).toBe(2_000)
    // The third sending was the last.
    expect(retryDelay(limited(4), 3, options)).toBeUndefined()
  })

  it("fails at once past the longest wait, and never retries another error", () => {
    expect(millis(retryDelay(limited(10), 1, options))).toBe(10_000)
    expect(retryDelay(limited(11), 1, options)).toBeUndefined()
    expect(retryDelay(new NotFound({ message: "No such incident" }), 1, options)).toBeUndefined()
    expect(retryDelay(GameUnavailable.because("no answer", 5), 1, options)).toBeUndefined()
    // A refusal without Retry-After (an HTTP date, or a proxy's 429) says nothing about when: not retried.
    expect(retryDelay({ _tag: "RateLimited", code: "RATE_LIMITED", message: "slow down" }, 1, options)).toBeUndefined()
  })

  it("sends again after the wait, and answers what the last sending got", async () => {
    let sent = 0
    const send = Effect.suspend(() => {
      sent += 1
      return sent < 3 ? Effect.fail(limited(5)) : Effect.succeed("answered")
    })
    const result = await Effect.runPromise(
      Effect.gen(function*() {
        const fiber = yield* Effect.forkChild(retrying(options)(send))
        yield* TestClock.adjust("4 seconds")
        const early = sent
        yield* TestClock.adjust("1 second")
        yield* TestClock.adjust("5 seconds")
        return { early, exit: yield* Fiber.await(fiber) }
      }).pipe(Effect.provide(TestClock.layer()))
    )
    expect(result.early).toBe(1)
    expect(result.exit).toEqual(Exit.succeed("answered"))
    expect(sent).toBe(3)
  })
})
