import { DomainError } from "@bluelight/core/kernel"
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
