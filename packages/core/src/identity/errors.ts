import { Schema } from "effect"
import { DomainError } from "../kernel/index.js"

/** No valid session or credential (including an invalid `Authorization` header, or a state that does not check out). */
export class Unauthenticated extends DomainError<Unauthenticated>()("Unauthenticated", "UNAUTHENTICATED", {}) {}

/** The caller lacks a permission; the message names it. */
export class Forbidden extends DomainError<Forbidden>()("Forbidden", "FORBIDDEN", {
  permission: Schema.String
}) {}

/** The account is suspended or disabled. */
export class AccountDisabled extends DomainError<AccountDisabled>()("AccountDisabled", "ACCOUNT_DISABLED", {}) {}

/** A service credential used where only a signed-in person may act. */
export class UserRequired extends DomainError<UserRequired>()("UserRequired", "USER_REQUIRED", {}) {}

/** A Developer Access attempt refused, whatever the reason. */
export class AuthenticationFailed extends DomainError<AuthenticationFailed>()("AuthenticationFailed", "AUTHENTICATION_FAILED", {
  retryAfterSeconds: Schema.optional(Schema.Int)
}) {}

/** The role name `Administrator` is reserved. */
export class ReservedRole extends DomainError<ReservedRole>()("ReservedRole", "RESERVED_ROLE", {}) {}

/** A credential scope that can never be granted. */
export class InvalidScope extends DomainError<InvalidScope>()("InvalidScope", "INVALID_SCOPE", {}) {}

/** The game-platform account is linked to another account. */
export class PlatformAccountTaken extends DomainError<PlatformAccountTaken>()("PlatformAccountTaken", "PLATFORM_ACCOUNT_TAKEN", {}) {}

/**
 * The caller must be active staff: a staff profile of their own, active, on an
 * active account (Developer Access makes nobody staff). Raised by every rule
 * that needs a real staff profile (starting one's own shift, hosting a
 * role-play session).
 */
export class StaffRequired extends DomainError<StaffRequired>()("StaffRequired", "STAFF_REQUIRED", {}) {}

/**
 * The person or profile acted on must be active staff and is not (unknown,
 * deactivated, or on an account that is not active): the target of another's
 * shift, a person added as crew.
 */
export class StaffInactive extends DomainError<StaffInactive>()("StaffInactive", "STAFF_INACTIVE", {}) {}

/** The same provider role is already linked to the same Bluelight role. */
export class RoleLinkExists extends DomainError<RoleLinkExists>()("RoleLinkExists", "ROLE_LINK_EXISTS", {}) {}

/**
 * The role administers (the Administrator, or a role holding `admin.manage`):
 * it is never given by the identity provider, so a compromised chat server
 * cannot make administrators.
 */
export class RoleNotLinkable extends DomainError<RoleNotLinkable>()("RoleNotLinkable", "ROLE_NOT_LINKABLE", {}) {}
