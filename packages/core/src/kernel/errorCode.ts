import { Schema } from "effect"

/**
 * Every error code the API answers with (docs/decisions/http-contract.md,
 * "Statuses"), in one literal union. A domain error carries one of these, the
 * HTTP adapter maps each to its status, and a code outside the union does
 * not compile.
 */
export const ErrorCode = Schema.Literals([
  "INVALID_INPUT",
  "UNAUTHENTICATED",
  "AUTHENTICATION_FAILED",
  "FORBIDDEN",
  "ACCOUNT_DISABLED",
  "INVALID_ORIGIN",
  "USER_REQUIRED",
  "STAFF_REQUIRED",
  "SELF_APPROVAL",
  "NOT_FOUND",
  "METHOD_NOT_ALLOWED",
  "CAD_CONFLICT",
  "LICENCE_EXISTS",
  "ENDORSEMENT_NOT_ACTIVE",
  "IDEMPOTENCY_CONFLICT",
  "NO_CHANGE",
  "SHIFT_NOT_ACTIVE",
  "SHIFT_ALREADY_ACTIVE",
  "ALREADY_CREWED",
  "PLATE_TAKEN",
  "PLATFORM_ACCOUNT_TAKEN",
  "MARKER_NOT_ACTIVE",
  "WARRANT_NOT_ACTIVE",
  "CHARGE_CODE_TAKEN",
  "ROLE_LINK_EXISTS",
  "INVALID_STATE",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "INVALID_EXPIRY",
  "RESERVED_ROLE",
  "INVALID_SCOPE",
  "STAFF_INACTIVE",
  "ROLE_NOT_LINKABLE",
  "RATE_LIMITED",
  "INTERNAL_ERROR",
  "LICENCE_NUMBER_UNAVAILABLE",
  "GAME_THROTTLED",
  "GAME_UNAVAILABLE"
]).annotate({ identifier: "ErrorCode" })
export type ErrorCode = typeof ErrorCode.Type
