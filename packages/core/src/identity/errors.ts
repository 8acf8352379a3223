import { Schema } from "effect"

/** No valid session or credential (including an invalid `Authorization` header, or a state that does not check out). */
export class Unauthenticated extends Schema.TaggedError<Unauthenticated>()("Unauthenticated", {
  message: Schema.String
}) {
  readonly code = "UNAUTHENTICATED"
}

/** The caller lacks a permission; the message names it. */
export class Forbidden extends Schema.TaggedError<Forbidden>()("Forbidden", {
  message: Schema.String,
  permission: Schema.String
}) {
  readonly code = "FORBIDDEN"
}

/** The account is suspended or disabled. */
export class AccountDisabled extends Schema.TaggedError<AccountDisabled>()("AccountDisabled", {
  message: Schema.String
}) {
  readonly code = "ACCOUNT_DISABLED"
}

/** A service credential used where only a signed-in person may act. */
export class UserRequired extends Schema.TaggedError<UserRequired>()("UserRequired", {
  message: Schema.String
}) {
  readonly code = "USER_REQUIRED"
}

/** A Developer Access attempt refused, whatever the reason. */
export class AuthenticationFailed extends Schema.TaggedError<AuthenticationFailed>()("AuthenticationFailed", {
  message: Schema.String,
  retryAfterSeconds: Schema.optional(Schema.Int)
}) {
  readonly code = "AUTHENTICATION_FAILED"
}

/** The role name `Administrator` is reserved. */
export class ReservedRole extends Schema.TaggedError<ReservedRole>()("ReservedRole", {
  message: Schema.String
}) {
  readonly code = "RESERVED_ROLE"
}

/** A credential scope that can never be granted. */
export class InvalidScope extends Schema.TaggedError<InvalidScope>()("InvalidScope", {
  message: Schema.String
}) {
  readonly code = "INVALID_SCOPE"
}

/** The game-platform account is linked to another account. */
export class PlatformAccountTaken extends Schema.TaggedError<PlatformAccountTaken>()("PlatformAccountTaken", {
  message: Schema.String
}) {
  readonly code = "PLATFORM_ACCOUNT_TAKEN"
}
