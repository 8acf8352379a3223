import type { Budget } from "@bluelight/api/methods.js"
import type { RateDecision } from "@bluelight/core/identity"

export { type Budget } from "@bluelight/api/methods.js"

export interface RateBudgets {
  readonly readsPerMinute: number
  readonly writesPerMinute: number
}

/** `RateLimit-Policy`, the same on every response. */
export const policyHeader = (budgets: RateBudgets) => `"read";q=${budgets.readsPerMinute};w=60, "write";q=${budgets.writesPerMinute};w=60`

/**
 * `RateLimit`: what is left of the budget this request spent. `sign-in` is
 * the sign-in starts' budget, which `RateLimit-Policy` leaves out: that header
 * lists the caller's own budgets, the same on every response.
 */
export const rateLimitHeader = (budget: Budget | "sign-in", decision: RateDecision) => `"${budget}";r=${decision.remaining};t=${decision.resetSeconds}`
