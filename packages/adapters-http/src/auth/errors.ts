import { AccountDisabled, Forbidden, Unauthenticated, UserRequired } from "@bluelight/core/identity"
import { DomainError, expectedError } from "@bluelight/core/kernel"
import { Schema } from "effect"

/** A cookie-authenticated write from another origin (or none). */
export class InvalidOrigin extends DomainError<InvalidOrigin>()("InvalidOrigin", "INVALID_ORIGIN", {}) {}

/** A rate budget is spent; `retryAfterSeconds` becomes the `Retry-After` header. */
export class RateLimited extends DomainError<RateLimited>()("RateLimited", "RATE_LIMITED", {
  retryAfterSeconds: Schema.Int
}) {}

/**
 * A refusal of AccessControl, wrapped. HttpApi lets a handler fail with
 * whatever its group's middleware can fail with; wrapped, the six refusals
 * do not widen that, so a handler that can fail with one of them itself
 * (sign-in's callback, a staff change needing `admin.manage`) must declare
 * it. The request path unwraps it before answering.
 */
export class AccessRefused extends expectedError(Schema.TaggedError<AccessRefused>()("AccessRefused", {
  refusal: Schema.Union(Unauthenticated, AccountDisabled, UserRequired, Forbidden, InvalidOrigin, RateLimited)
})) {}
