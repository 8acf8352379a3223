import { Cause, Context, Effect, Exit } from "effect"
import { HttpServerError, HttpServerResponse } from "effect/http"

/**
 * The status logged for a request whose client went away before its answer
 * was written: nginx's "client closed request". Nobody receives it.
 */
export const CLIENT_CLOSED = 499

const abortedByClient = (cause: Cause.Cause<unknown>): boolean =>
  cause.reasons.some((reason) =>
    Cause.isInterruptReason(reason) && Context.getOption(Cause.reasonAnnotations(reason), HttpServerError.ClientAbort)._tag === "Some"
  )

/**
 * The request failed only because the client went away: the platform
 * interrupted it for that (and, having answered it with its own 499, added
 * that response as a defect), with no failure or other defect beside it.
 */
export const isClientGone = (cause: Cause.Cause<unknown>): boolean =>
  abortedByClient(cause) &&
  cause.reasons.every((reason) => Cause.isInterruptReason(reason) || (Cause.isDieReason(reason) && HttpServerResponse.isHttpServerResponse(reason.defect)))

/**
 * Whether the client went away while the request was handled, even if a
 * handler finished anyway (an upload cut off mid-way is answered as a bad
 * body). The platform interrupts the request for it; the request path runs
 * uninterruptibly, so that interruption waits, and an interruptible no-op is
 * where it shows.
 */
export const clientWentAway: Effect.Effect<boolean> = Effect.interruptible(Effect.void).pipe(
  Effect.exit,
  Effect.map((exit) => Exit.isFailure(exit) && abortedByClient(exit.cause))
)
