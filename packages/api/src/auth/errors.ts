import { AccountDisabled, Forbidden, Unauthenticated, UserRequired } from "@bluelight/core/identity"
import { DomainError, expectedError } from "@bluelight/core/kernel"
import { Schema } from "effect"

/** A cookie-authenticated write from another origin (or none). */
export class InvalidOrigin extends DomainError<InvalidOrigin>()("InvalidOrigin", "INVALID_ORIGIN", {}) {}

/**
 * A rate budget is spent; `retryAfterSeconds` becomes the `Retry-After`
 * header. The server always gives it; it is optional because a client reads
 * it back from that header, which a proxy may drop or rewrite.
 */
export class RateLimited extends DomainError<RateLimited>()("RateLimited", "RATE_LIMITED", {
  retryAfterSeconds: Schema.optional(Schema.Int)
}) {}

/**
 * A refusal of AccessControl, wrapped, as Effect 3's HttpApi needed it (a
 * middleware's failure widened every handler's). AccessControl now answers
 * its refusals itself and fails with nothing; the request path still unwraps
 * this if it meets one.
 */
export class AccessRefused extends expectedError(
  Schema.TaggedError<AccessRefused>()("AccessRefused", {
    refusal: Schema.Union([Unauthenticated, AccountDisabled, UserRequired, Forbidden, InvalidOrigin, RateLimited])
  })
) {}
