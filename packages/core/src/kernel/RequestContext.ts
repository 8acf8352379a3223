import { Context } from "effect"

/**
 * The id of the request a change is made for, so the audit entry can name it.
 * `null` outside a request (a command-line task, a test).
 */
export const CurrentRequestId = Context.Reference<string | null>("@bluelight/core/kernel/CurrentRequestId", {
  defaultValue: () => null
})
