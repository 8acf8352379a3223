import { AccountDisabled, AuthenticationFailed, Forbidden, Unauthenticated, UserRequired } from "@bluelight/core/identity"
import { type ErrorCode, InvalidInput } from "@bluelight/core/kernel"
import { GameThrottled, GameUnavailable, IdempotencyConflict } from "@bluelight/core/moderation"
import { Effect, Exit } from "effect"
import { HttpClientRequest, HttpClientResponse } from "effect/http"
import { HttpApiClient } from "effect/http-api"
import { describe, expect, it } from "vitest"
import { BluelightApi, InternalError, InvalidOrigin, PayloadTooLarge, RateLimited, statusOfCode, UnsupportedMediaType } from "@bluelight/api"

const REQUEST_ID = "0190a7f2-5e6f-7a8b-9c0d-1e2f3a4b5c6d"

/** The answer a server sends for `code`: the envelope under the code's status, with `Retry-After` when given. */
const answer = (code: ErrorCode, options: { readonly details?: unknown; readonly retryAfter?: string | undefined } = {}) => {
  const error = options.details === undefined ? { code, message: `a ${code}` } : { code, message: `a ${code}`, details: options.details }
  const headers: Record<string, string> = { "content-type": "application/json" }
  if (options.retryAfter !== undefined) headers["retry-after"] = options.retryAfter
  return HttpClientResponse.fromWeb(
    HttpClientRequest.get("/api/anything"),
    new Response(JSON.stringify({ error, requestId: REQUEST_ID }), { status: statusOfCode(code), headers })
  )
}

/** What a client derived from the contract reads from an answer: the error it fails with. */
const failureOf = <A, E>(decoded: Effect.Effect<A, E>): Promise<E> =>
  Effect.runPromise(Effect.exit(decoded)).then((exit) => {
    if (Exit.isFailure(exit)) {
      const failure = exit.cause.reasons.find((reason) => reason._tag === "Fail")
      if (failure !== undefined && failure._tag === "Fail") return failure.error
      throw new Error(`the answer was not decoded to a failure: ${String(exit.cause)}`)
    }
    throw new Error("the answer was decoded to a success")
  })

const problems = [{ path: ["fullName"], message: "Expected a string" }]

/** Every code an endpoint declares, with the class a client reads it back as and what the answer carries. */
interface Expected {
  readonly code: ErrorCode
  readonly class: abstract new(...args: ReadonlyArray<never>) => object
  readonly details?: unknown
  readonly retryAfter?: string
}

const expectDecoded = async (
  decode: (response: HttpClientResponse.HttpClientResponse) => Effect.Effect<unknown, unknown, never>,
  expected: ReadonlyArray<Expected>
) => {
  for (const { code, class: errorClass, details, retryAfter } of expected) {
    const error = await failureOf(decode(answer(code, { details, retryAfter })))
    expect(error, code).toBeInstanceOf(errorClass)
    expect(error, code).toMatchObject({ code, message: `a ${code}` })
    if (details !== undefined) expect(error, code).toMatchObject({ details })
    if (retryAfter !== undefined) expect(error, code).toMatchObject({ retryAfterSeconds: Number(retryAfter) })
  }
}

/** A code the endpoint does not declare is not read as any of its errors: the client fails to decode it. */
const expectRefused = async (
  decode: (response: HttpClientResponse.HttpClientResponse) => Effect.Effect<unknown, unknown, never>,
  code: ErrorCode
) => {
  const error = await failureOf(decode(answer(code)))
  expect(error, code).not.toHaveProperty("code")
  expect(String(error), code).toMatch(/Decode|Schema|Expected|status/i)
}

describe("the errors a client derived from the contract reads back", () => {
  it("a public GET (sign-in's callback): its handler's errors and the request path's, no access refusal", async () => {
    const decode = HttpApiClient.decodeResponse(BluelightApi, { group: "auth", endpoint: "signInCallback" })
    await expectDecoded(decode, [
      { code: "INVALID_INPUT", class: InvalidInput, details: problems },
      { code: "UNAUTHENTICATED", class: Unauthenticated },
      { code: "ACCOUNT_DISABLED", class: AccountDisabled },
      { code: "INTERNAL_ERROR", class: InternalError }
    ])
    for (const code of ["FORBIDDEN", "RATE_LIMITED", "INVALID_ORIGIN", "PAYLOAD_TOO_LARGE", "NOT_FOUND"] as const) await expectRefused(decode, code)
  })

  it("a public GET whose handler declares RATE_LIMITED reads Retry-After as retryAfterSeconds", async () => {
    const decode = HttpApiClient.decodeResponse(BluelightApi, { group: "auth", endpoint: "signIn" })
    await expectDecoded(decode, [
      { code: "RATE_LIMITED", class: RateLimited, retryAfter: "7" },
      { code: "INTERNAL_ERROR", class: InternalError }
    ])
    await expectRefused(decode, "INVALID_INPUT")
  })

  it("a session-only POST with a body and a permission: every access refusal and every body refusal", async () => {
    const decode = HttpApiClient.decodeResponse(BluelightApi, { group: "civilians", endpoint: "createCivilian" })
    await expectDecoded(decode, [
      { code: "INVALID_INPUT", class: InvalidInput, details: problems },
      { code: "UNAUTHENTICATED", class: Unauthenticated },
      { code: "FORBIDDEN", class: Forbidden },
      { code: "ACCOUNT_DISABLED", class: AccountDisabled },
      { code: "INVALID_ORIGIN", class: InvalidOrigin },
      { code: "USER_REQUIRED", class: UserRequired },
      { code: "PAYLOAD_TOO_LARGE", class: PayloadTooLarge },
      { code: "UNSUPPORTED_MEDIA_TYPE", class: UnsupportedMediaType },
      { code: "RATE_LIMITED", class: RateLimited, retryAfter: "30" },
      { code: "INTERNAL_ERROR", class: InternalError }
    ])
    for (const code of ["NOT_FOUND", "STAFF_REQUIRED", "GAME_THROTTLED", "AUTHENTICATION_FAILED"] as const) await expectRefused(decode, code)
  })

  it("reads FORBIDDEN's permission back from its message, the one place the wire names it", async () => {
    const decode = HttpApiClient.decodeResponse(BluelightApi, { group: "civilians", endpoint: "createCivilian" })
    const response = HttpClientResponse.fromWeb(
      HttpClientRequest.post("/api/civilians"),
      new Response(JSON.stringify({ error: { code: "FORBIDDEN", message: "Missing permission civilians.create" }, requestId: REQUEST_ID }), {
        status: 403,
        headers: { "content-type": "application/json" }
      })
    )
    const error = await failureOf(decode(response))
    expect(error).toBeInstanceOf(Forbidden)
    expect(error).toMatchObject({ code: "FORBIDDEN", permission: "civilians.create" })
  })

  it("reads INVALID_INPUT without problems (a body that could not be read) as one with none", async () => {
    const decode = HttpApiClient.decodeResponse(BluelightApi, { group: "civilians", endpoint: "createCivilian" })
    const error = await failureOf(decode(answer("INVALID_INPUT")))
    expect(error).toBeInstanceOf(InvalidInput)
    expect(error).toMatchObject({ code: "INVALID_INPUT", details: [] })
  })

  it("Developer Access, which reads its own body: no 415, and every malformed body is its own 401", async () => {
    const decode = HttpApiClient.decodeResponse(BluelightApi, { group: "auth", endpoint: "enableDeveloperAccess" })
    await expectDecoded(decode, [
      { code: "UNAUTHENTICATED", class: Unauthenticated },
      { code: "AUTHENTICATION_FAILED", class: AuthenticationFailed },
      { code: "ACCOUNT_DISABLED", class: AccountDisabled },
      { code: "INVALID_ORIGIN", class: InvalidOrigin },
      { code: "USER_REQUIRED", class: UserRequired },
      { code: "PAYLOAD_TOO_LARGE", class: PayloadTooLarge },
      { code: "RATE_LIMITED", class: RateLimited, retryAfter: "1" },
      { code: "INTERNAL_ERROR", class: InternalError }
    ])
    for (const code of ["UNSUPPORTED_MEDIA_TYPE", "INVALID_INPUT", "FORBIDDEN"] as const) await expectRefused(decode, code)
  })

  it("signing out, never rate limited: no RATE_LIMITED", async () => {
    const decode = HttpApiClient.decodeResponse(BluelightApi, { group: "auth", endpoint: "signOut" })
    await expectDecoded(decode, [
      { code: "INVALID_INPUT", class: InvalidInput, details: problems },
      { code: "UNAUTHENTICATED", class: Unauthenticated },
      { code: "ACCOUNT_DISABLED", class: AccountDisabled },
      { code: "INVALID_ORIGIN", class: InvalidOrigin },
      { code: "USER_REQUIRED", class: UserRequired },
      { code: "PAYLOAD_TOO_LARGE", class: PayloadTooLarge },
      { code: "UNSUPPORTED_MEDIA_TYPE", class: UnsupportedMediaType },
      { code: "INTERNAL_ERROR", class: InternalError }
    ])
    for (const code of ["RATE_LIMITED", "FORBIDDEN"] as const) await expectRefused(decode, code)
  })

  it("a moderation command: GAME_THROTTLED keeps its details and reads Retry-After as retryAfterSeconds", async () => {
    const decode = HttpApiClient.decodeResponse(BluelightApi, { group: "moderation", endpoint: "kickPlayer" })
    await expectDecoded(decode, [
      { code: "GAME_THROTTLED", class: GameThrottled, details: { availability: "unavailable" }, retryAfter: "12" },
      { code: "IDEMPOTENCY_CONFLICT", class: IdempotencyConflict },
      { code: "FORBIDDEN", class: Forbidden },
      { code: "RATE_LIMITED", class: RateLimited, retryAfter: "3" }
    ])
    // A session and a credential may both act: no USER_REQUIRED.
    await expectRefused(decode, "USER_REQUIRED")
  })

  it("reads RATE_LIMITED and GAME_THROTTLED without a usable Retry-After (a proxy dropped or rewrote it) as ones without retryAfterSeconds", async () => {
    const decode = HttpApiClient.decodeResponse(BluelightApi, { group: "moderation", endpoint: "kickPlayer" })
    for (const retryAfter of [undefined, "Fri, 27 Nov 2026 03:00:00 GMT", "soon", "1.5", "-3", ""]) {
      const limited = await failureOf(decode(answer("RATE_LIMITED", { retryAfter })))
      expect(limited, retryAfter).toBeInstanceOf(RateLimited)
      expect(limited, retryAfter).toMatchObject({ code: "RATE_LIMITED", message: "a RATE_LIMITED" })
      expect(limited, retryAfter).not.toHaveProperty("retryAfterSeconds")
      const throttled = await failureOf(decode(answer("GAME_THROTTLED", { details: { availability: "unavailable" }, retryAfter })))
      expect(throttled, retryAfter).toBeInstanceOf(GameThrottled)
      expect(throttled, retryAfter).toMatchObject({ code: "GAME_THROTTLED", details: { availability: "unavailable" } })
      expect(throttled, retryAfter).not.toHaveProperty("retryAfterSeconds")
    }
    // A number of seconds is still read, 0 included.
    expect(await failureOf(decode(answer("RATE_LIMITED", { retryAfter: "0" })))).toMatchObject({ retryAfterSeconds: 0 })
  })

  it("reads GAME_UNAVAILABLE without Retry-After too", async () => {
    const decode = HttpApiClient.decodeResponse(BluelightApi, { group: "gameServer", endpoint: "serverStatus" })
    const error = await failureOf(decode(answer("GAME_UNAVAILABLE", { details: { availability: "unavailable" } })))
    expect(error).toBeInstanceOf(GameUnavailable)
    expect(error).toMatchObject({ code: "GAME_UNAVAILABLE", details: { availability: "unavailable" } })
    expect(error).not.toHaveProperty("retryAfterSeconds")
  })

  it("types each endpoint's errors with its refusals, as the client's error types come from them", () => {
    const createCivilian = HttpApiClient.decodeResponse(BluelightApi, { group: "civilians", endpoint: "createCivilian" })
    const signOut = HttpApiClient.decodeResponse(BluelightApi, { group: "auth", endpoint: "signOut" })
    const developer = HttpApiClient.decodeResponse(BluelightApi, { group: "auth", endpoint: "enableDeveloperAccess" })
    const callback = HttpApiClient.decodeResponse(BluelightApi, { group: "auth", endpoint: "signInCallback" })
    type ErrorOf<D extends (...args: ReadonlyArray<never>) => Effect.Effect<unknown, unknown, unknown>> = Effect.Error<ReturnType<D>>
    type Has<E, C> = [Extract<E, C>] extends [never] ? false : true
    // Each line fails to compile if the type is wrong.
    const types: {
      readonly createCivilianForbidden: Has<ErrorOf<typeof createCivilian>, Forbidden>
      readonly createCivilianUnsupported: Has<ErrorOf<typeof createCivilian>, UnsupportedMediaType>
      readonly signOutRateLimited: Has<ErrorOf<typeof signOut>, RateLimited>
      readonly signOutUserRequired: Has<ErrorOf<typeof signOut>, UserRequired>
      readonly signOutForbidden: Has<ErrorOf<typeof signOut>, Forbidden>
      readonly developerUnsupported: Has<ErrorOf<typeof developer>, UnsupportedMediaType>
      readonly developerTooLarge: Has<ErrorOf<typeof developer>, PayloadTooLarge>
      readonly callbackForbidden: Has<ErrorOf<typeof callback>, Forbidden>
      readonly callbackInvalidInput: Has<ErrorOf<typeof callback>, InvalidInput>
    } = {
      createCivilianForbidden: true,
      createCivilianUnsupported: true,
      signOutRateLimited: false,
      signOutUserRequired: true,
      signOutForbidden: false,
      developerUnsupported: false,
      developerTooLarge: true,
      callbackForbidden: false,
      callbackInvalidInput: true
    }
    expect(types.createCivilianForbidden).toBe(true)
  })
})
