import { Schema } from "effect"

/** A cookie-authenticated write from another origin (or none). */
export class InvalidOrigin extends Schema.TaggedError<InvalidOrigin>()("InvalidOrigin", {
  message: Schema.String
}) {
  readonly code = "INVALID_ORIGIN"
}

/** A rate budget is spent; `retryAfterSeconds` becomes the `Retry-After` header. */
export class RateLimited extends Schema.TaggedError<RateLimited>()("RateLimited", {
  message: Schema.String,
  retryAfterSeconds: Schema.Int
}) {
  readonly code = "RATE_LIMITED"
}
