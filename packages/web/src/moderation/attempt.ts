import { ApiFailure, ConnectionLost } from "../api/failure.js"

/**
 * One deliberate action (a warning, kick or ban) from the moment the person opens it: its
 * `Idempotency-Key` is made once, then, whatever happens, every send of this action carries it, so
 * a retry after a lost answer is never done twice. A new action is a new attempt, with a new key.
 */
export type AttemptState<A> =
  /** Not sent yet, or refused with nothing stored (the reason may be changed). */
  | { readonly _tag: "Editing"; readonly refusal: ApiFailure | null }
  | { readonly _tag: "Sending" }
  /** Sent, no answer: it may have been stored, so it is sent again only as it was (same key, same fields). */
  | { readonly _tag: "Lost" }
  /** The game-command slot was busy: nothing stored; sending again is allowed after `retryAfterSeconds`. */
  | { readonly _tag: "Throttled"; readonly message: string; readonly retryAfterSeconds: number; readonly since: number }
  /** Stored: its delivery tells the rest. Never sent again. */
  | { readonly _tag: "Stored"; readonly action: A; readonly replayed: boolean }

/** A fresh key for a new deliberate action: 36 characters of `A-Za-z0-9-`, as the contract wants (16 to 128). */
export const newIdempotencyKey = (): string => crypto.randomUUID()

/** The wait when the answer names none (a proxy dropped `Retry-After`): the server's default cooldown. */
const DEFAULT_WAIT_SECONDS = 5

/** What a send's failure leaves the attempt in. */
export const afterFailure = <A>(error: unknown, now: number): AttemptState<A> => {
  if (error instanceof ConnectionLost) return { _tag: "Lost" }
  if (error instanceof ApiFailure && error.code === "GAME_THROTTLED") {
    return { _tag: "Throttled", message: error.message, retryAfterSeconds: error.retryAfterSeconds ?? DEFAULT_WAIT_SECONDS, since: now }
  }
  if (error instanceof ApiFailure) return { _tag: "Editing", refusal: error }
  return { _tag: "Editing", refusal: new ApiFailure("INTERNAL_ERROR", error instanceof Error ? error.message : String(error), [], undefined, undefined) }
}

/** The fields may be changed until a send might have been stored (a lost answer), and never once stored. */
export const mayEdit = (state: AttemptState<unknown>): boolean => state._tag === "Editing" || state._tag === "Throttled"

/** Whether "Send" (or "Send again") is offered now: never while sending, never once stored, after the wait when throttled. */
export const maySend = (state: AttemptState<unknown>, secondsLeft: number): boolean =>
  state._tag === "Editing" || state._tag === "Lost" || (state._tag === "Throttled" && secondsLeft <= 0)

/** Whole seconds left of a wait of `seconds` begun at `since` (epoch millis), at `now`; never below 0. */
export const secondsLeft = (since: number, seconds: number, now: number): number => Math.max(0, Math.ceil((since + seconds * 1000 - now) / 1000))
