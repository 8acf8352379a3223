import { ApiFailure } from "./failure.js"

/**
 * A refusal whose code names one field's fault without `details` (`CHARGE_CODE_TAKEN` is the code's,
 * `ROLE_NOT_LINKABLE` the role's), placed at that field with the API's own message, so the form shows
 * it beside the field as it shows `INVALID_INPUT`'s details. `places` maps codes to a field's path;
 * any other error is answered as it is (an `Error` either way).
 */
export const refusalAtField = (error: unknown, places: Readonly<Record<string, ReadonlyArray<string>>>): Error => {
  if (!(error instanceof ApiFailure)) return error instanceof Error ? error : new Error(String(error))
  const path = places[error.code]
  if (path === undefined) return error
  return new ApiFailure(error.code, error.message, [...error.problems, { path, message: error.message }], error.details, error.retryAfterSeconds)
}
