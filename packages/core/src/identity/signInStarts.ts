import { Effect } from "effect"
import { type RateDecision, RateLimiter } from "./ports.js"

/** The two providers a browser sign-in can start at: the identity provider and the game platform (linking). */
export type SignInProvider = "idp" | "platform"

/** Sign-in starts a minute, per provider: all callers together, and one client address. */
export interface SignInStartBudgets {
  readonly perMinute: number
  readonly perAddressPerMinute: number
}

/**
 * The API document's 120 a minute per provider, shared by all callers, of
 * which one client address may take a quarter: it takes four addresses to
 * keep everyone else from signing in, and a household or an office behind one
 * address still has room for thirty.
 */
export const SIGN_IN_START_BUDGETS: SignInStartBudgets = { perMinute: 120, perAddressPerMinute: 30 }

/** What was decided, and by which budget: the one that refused, or the one with less left. */
export interface SignInStartDecision {
  readonly budget: "address" | "shared"
  readonly decision: RateDecision
}

/**
 * Counts one sign-in start from `clientAddress` against its address's budget
 * and, only if that allows it, against the budget all callers share: the
 * shared one is a ceiling, and a start refused for its address spends none of
 * it, so one client can never lock everyone else out on its own.
 */
export const countSignInStart = Effect.fn("identity.countSignInStart")(function*(provider: SignInProvider, clientAddress: string, budgets: SignInStartBudgets) {
  const limiter = yield* RateLimiter
  const own = yield* limiter.consume(`sign-in:${provider}:address:${clientAddress}`, budgets.perAddressPerMinute, 60)
  if (!own.allowed) return { budget: "address", decision: own } satisfies SignInStartDecision
  const shared = yield* limiter.consume(`sign-in:${provider}`, budgets.perMinute, 60)
  const decided: SignInStartDecision = !shared.allowed || shared.remaining < own.remaining
    ? { budget: "shared", decision: shared }
    : { budget: "address", decision: own }
  return decided
})
