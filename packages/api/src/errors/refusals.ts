import { AccountDisabled, type AccessRule, Forbidden, Unauthenticated, UserRequired } from "@bluelight/core/identity"
import { InvalidInput } from "@bluelight/core/kernel"
import { Option } from "effect"
import { InvalidOrigin, RateLimited } from "../auth/errors.js"
import { budgetOf, mayHaveBody } from "../methods.js"
import { InternalError, PayloadTooLarge, UnsupportedMediaType } from "./requestPath.js"

/**
 * What the refusals of an operation depend on: its method, its access rule
 * (none before `allow`), its marks and whether it decodes any input.
 */
export interface RefusalFacts {
  readonly method: string
  readonly rule: Option.Option<AccessRule>
  /** Not marked `notRateLimited`. */
  readonly rateLimited: boolean
  /** Marked `readsOwnBody`. */
  readonly ownBody: boolean
  /** Declares a path, query, headers or body schema. */
  readonly decodes: boolean
}

/** Every refusal an operation can meet before or around its handler, as the classes a client reads back. */
export type Refusal =
  | typeof Unauthenticated
  | typeof AccountDisabled
  | typeof InvalidOrigin
  | typeof RateLimited
  | typeof UserRequired
  | typeof Forbidden
  | typeof InvalidInput
  | typeof PayloadTooLarge
  | typeof UnsupportedMediaType
  | typeof InternalError

/**
 * What the access middleware can refuse an operation with, read from its one access
 * declaration by the rules it applies: a public operation is never
 * refused; any other is refused without a valid caller or for a disabled
 * account, for a cookie write from another origin, once the caller's budget
 * is spent (unless exempt), for a credential where only a person may act,
 * and for a missing permission.
 */
export const accessRefusalsOf = (facts: RefusalFacts): ReadonlyArray<Refusal> => {
  const rule = facts.rule
  if (Option.isNone(rule) || rule.value.access === "public") return []
  return [
    Unauthenticated,
    AccountDisabled,
    ...(budgetOf(facts.method) === "write" ? [InvalidOrigin] : []),
    ...(facts.rateLimited ? [RateLimited] : []),
    ...(rule.value.access === "session" ? [UserRequired] : []),
    ...(rule.value.permissions.length > 0 ? [Forbidden] : [])
  ]
}

/**
 * What the request path can refuse an operation with, by the body rules and
 * the decoding of its input: a method that may carry a body can be too large
 * (`413`) and, unless the operation reads its own body, of the wrong type
 * (`415`) or malformed (`400`); an operation that decodes a path, query,
 * headers or body can get input that does not decode (`400`). Any operation
 * can meet a defect (`500`).
 */
export const requestRefusalsOf = (facts: RefusalFacts): ReadonlyArray<Refusal> => {
  const body = mayHaveBody(facts.method)
  return [
    ...(facts.decodes || (body && !facts.ownBody) ? [InvalidInput] : []),
    ...(body ? [PayloadTooLarge] : []),
    ...(body && !facts.ownBody ? [UnsupportedMediaType] : []),
    InternalError
  ]
}
