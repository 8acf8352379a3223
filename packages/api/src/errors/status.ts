import type { ErrorCode } from "@bluelight/core/kernel"

/**
 * The HTTP status of every error code, in one place
 * (docs/decisions/http-contract.md, "Statuses"). Exhaustive over `ErrorCode`: a code without a status, or
 * a status for a code that does not exist, does not compile.
 */
const STATUS_OF_CODE = {
  INVALID_INPUT: 400,
  UNAUTHENTICATED: 401,
  AUTHENTICATION_FAILED: 401,
  FORBIDDEN: 403,
  ACCOUNT_DISABLED: 403,
  INVALID_ORIGIN: 403,
  USER_REQUIRED: 403,
  STAFF_REQUIRED: 403,
  SELF_APPROVAL: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CAD_CONFLICT: 409,
  LICENCE_EXISTS: 409,
  ENDORSEMENT_NOT_ACTIVE: 409,
  IDEMPOTENCY_CONFLICT: 409,
  NO_CHANGE: 409,
  SHIFT_NOT_ACTIVE: 409,
  SHIFT_ALREADY_ACTIVE: 409,
  ALREADY_CREWED: 409,
  PLATE_TAKEN: 409,
  PLATFORM_ACCOUNT_TAKEN: 409,
  MARKER_NOT_ACTIVE: 409,
  WARRANT_NOT_ACTIVE: 409,
  CHARGE_CODE_TAKEN: 409,
  ROLE_LINK_EXISTS: 409,
  INVALID_STATE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INVALID_EXPIRY: 422,
  RESERVED_ROLE: 422,
  INVALID_SCOPE: 422,
  STAFF_INACTIVE: 422,
  ROLE_NOT_LINKABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  LICENCE_NUMBER_UNAVAILABLE: 503,
  GAME_THROTTLED: 503,
  GAME_UNAVAILABLE: 503
} as const satisfies Record<ErrorCode, number>

export type ErrorStatus = (typeof STATUS_OF_CODE)[ErrorCode]

export const statusOfCode = (code: ErrorCode): ErrorStatus => STATUS_OF_CODE[code]
