import { Context } from "effect"
import type { Effect } from "effect"

/**
 * Completes when the server begins to shut down. Long-lived responses (the
 * CAD event stream) end on it at once, so that shutdown waits for them no
 * longer than for a short request, instead of until its deadline.
 */
export class ServerClosing extends Context.Service<ServerClosing, { readonly closing: Effect.Effect<void> }>()(
  "@bluelight/adapters-http/requestPath/ServerClosing"
) {}
