import { AccountDisabled, AuthenticationFailed, Forbidden, InvalidScope, PlatformAccountTaken, ReservedRole, Unauthenticated, UserRequired } from "@bluelight/core/identity"
import { InvalidInput, InvalidState, NoChange, NotFound } from "@bluelight/core/kernel"
import { JSONSchema, Schema } from "effect"
import { InvalidOrigin, RateLimited } from "../auth/errors.js"
import { ErrorEnvelope } from "../schema/envelope.js"

const envelope = JSONSchema.make(ErrorEnvelope)

/**
 * Declares a domain error on the contract so that handlers may fail with it.
 * On the wire every error is the envelope (the request path maps it), so the
 * description shows the envelope, not the error's own fields.
 */
export const asEnvelope = <A, I>(schema: Schema.Schema<A, I, never>, description: string): Schema.Schema<A, I, never> =>
  schema.annotations({ jsonSchema: envelope, description })

/** The errors every protected operation can answer, declared once on the API. */
export const AccessErrors = {
  Unauthenticated: asEnvelope(Unauthenticated, "UNAUTHENTICATED"),
  AccountDisabled: asEnvelope(AccountDisabled, "ACCOUNT_DISABLED"),
  UserRequired: asEnvelope(UserRequired, "USER_REQUIRED"),
  Forbidden: asEnvelope(Forbidden, "FORBIDDEN"),
  InvalidOrigin: asEnvelope(InvalidOrigin, "INVALID_ORIGIN"),
  RateLimited: asEnvelope(RateLimited, "RATE_LIMITED")
}

export const DomainErrors = {
  NotFound: asEnvelope(NotFound, "NOT_FOUND"),
  InvalidInput: asEnvelope(InvalidInput, "INVALID_INPUT"),
  InvalidState: asEnvelope(InvalidState, "INVALID_STATE"),
  NoChange: asEnvelope(NoChange, "NO_CHANGE"),
  ReservedRole: asEnvelope(ReservedRole, "RESERVED_ROLE"),
  InvalidScope: asEnvelope(InvalidScope, "INVALID_SCOPE"),
  PlatformAccountTaken: asEnvelope(PlatformAccountTaken, "PLATFORM_ACCOUNT_TAKEN"),
  AuthenticationFailed: asEnvelope(AuthenticationFailed, "AUTHENTICATION_FAILED")
}
