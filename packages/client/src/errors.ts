import type { statusOfCode } from "@bluelight/api"
import { Predicate } from "effect"

/** Every code an error answer can carry (`INVALID_INPUT`, `CAD_CONFLICT`, `RATE_LIMITED`, …). */
export type ApiErrorCode = Parameters<typeof statusOfCode>[0]

/**
 * An error the server answered with, as the client reads it back: each
 * operation's declared errors decode to their own classes (`NotFound`,
 * `CadConflict`, `RateLimited`, …), which all carry these fields. `details`
 * holds INVALID_INPUT's problems; `retryAfterSeconds` is the `Retry-After`
 * of RATE_LIMITED and GAME_THROTTLED (absent when the answer had none, or not
 * a number of seconds: a proxy may drop or rewrite it).
 */
export interface ApiError {
  readonly _tag: string
  readonly code: ApiErrorCode
  readonly message: string
  readonly details?: unknown
  readonly retryAfterSeconds?: number | undefined
}

/** Whether a failure is an error the server answered with (rather than a transport or decoding failure). */
export const isApiError = (u: unknown): u is ApiError =>
  Predicate.hasProperty(u, "_tag") && Predicate.hasProperty(u, "code") && typeof u.code === "string" &&
  Predicate.hasProperty(u, "message") && typeof u.message === "string"

/**
 * A predicate for the errors with `code`, narrowing a method's error union
 * to their classes: `Effect.catchIf(hasCode("CAD_CONFLICT"), …)`.
 */
export const hasCode = <const Code extends ApiErrorCode>(code: Code) => <E>(error: E): error is Extract<E, { readonly code: Code }> =>
  isApiError(error) && error.code === code
