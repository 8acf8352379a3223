import { RateLimited } from "@bluelight/api"
import { NotFound } from "@bluelight/core/kernel"
import { GameThrottled, GameUnavailable } from "@bluelight/core/moderation"
import { FALLBACK_WAIT, makeBluelightClient, retryDelay, retrying, type RetryOptions } from "@bluelight/client"
import { Duration, Effect, Exit, Fiber } from "effect"
import { FetchHttpClient } from "effect/http"
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
  })

  it("without a usable Retry-After (a proxy dropped it, an HTTP date), waits FALLBACK_WAIT, at most longestWait", () => {
    const bare = new RateLimited({ message: "The read budget is spent" })
    expect(Duration.toMillis(FALLBACK_WAIT)).toBe(1_000)
    expect(millis(retryDelay(bare, 1, options))).toBe(1_000)
    expect(millis(retryDelay(new GameThrottled({ message: "busy", details: { availability: "unavailable" } }), 2, options))).toBe(1_000)
    expect(millis(retryDelay({ _tag: "RateLimited", code: "RATE_LIMITED", message: "slow down", retryAfterSeconds: Number.NaN }, 1, options)))
      .toBe(1_000)
    expect(millis(retryDelay(bare, 1, { attempts: 3, longestWait: "250 millis" }))).toBe(250)
    // Still only while attempts are left, and only for the retried codes.
    expect(retryDelay(bare, 3, options)).toBeUndefined()
    expect(retryDelay({ _tag: "NotFound", code: "NOT_FOUND", message: "No such incident" }, 1, options)).toBeUndefined()
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

  it("sends again after FALLBACK_WAIT when the refusal has no Retry-After", async () => {
    let sent = 0
    const send = Effect.suspend(() => {
      sent += 1
      return sent < 2 ? Effect.fail(new RateLimited({ message: "The read budget is spent" })) : Effect.succeed("answered")
    })
    const result = await Effect.runPromise(
      Effect.gen(function*() {
        const fiber = yield* Effect.forkChild(retrying(options)(send))
        yield* TestClock.adjust("999 millis")
        const early = sent
        yield* TestClock.adjust("1 millis")
        return { early, exit: yield* Fiber.await(fiber) }
      }).pipe(Effect.provide(TestClock.layer()))
    )
    expect(result.early).toBe(1)
    expect(result.exit).toEqual(Exit.succeed("answered"))
    expect(sent).toBe(2)
  })
})

describe("the client, when a proxy drops Retry-After", () => {
  /** A client whose fetch answers `429 RATE_LIMITED` without `Retry-After` `refusals` times, then an empty page. */
  const listing = async (refusals: number, retry: RetryOptions) => {
    let sent = 0
    const fetch: typeof globalThis.fetch = () => {
      sent += 1
      return Promise.resolve(
        sent <= refusals
          ? Response.json({ error: { code: "RATE_LIMITED", message: "The read budget is spent" }, requestId: "r" }, { status: 429 })
          : Response.json({ data: [], meta: { limit: 25, offset: 0, hasMore: false } })
      )
    }
    const exit = await Effect.runPromiseExit(
      Effect.flatMap(makeBluelightClient({ baseUrl: "https://bluelight.example.org", retry }), (client) => client.cadIncidents.listIncidents({ query: {} }))
        .pipe(Effect.provideService(FetchHttpClient.Fetch, fetch))
    )
    return { exit, sent }
  }

  it("reads the refusal as RateLimited without retryAfterSeconds", async () => {
    const { exit, sent } = await listing(1, { attempts: 1, longestWait: "10 seconds" })
    expect(sent).toBe(1)
    const error = Exit.isFailure(exit) ? exit.cause.reasons.find((reason) => reason._tag === "Fail")?.error : undefined
    expect(error).toBeInstanceOf(RateLimited)
    expect(error).toMatchObject({ code: "RATE_LIMITED", message: "The read budget is spent" })
    expect(error).not.toHaveProperty("retryAfterSeconds")
  })

  it("sends the request again, after the fallback wait held to longestWait, while attempts are left", async () => {
    const answered = await listing(2, { attempts: 3, longestWait: "0 millis" })
    expect(answered.sent).toBe(3)
    expect(Exit.isSuccess(answered.exit)).toBe(true)
    const spent = await listing(5, { attempts: 3, longestWait: "0 millis" })
    expect(spent.sent).toBe(3)
    expect(Exit.isFailure(spent.exit)).toBe(true)
  })
})
