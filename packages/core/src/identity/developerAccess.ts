import { Effect, Option, Redacted } from "effect"
import type { UserCaller } from "../access/Caller.js"
import { AuthenticationFailed, Unauthenticated } from "../access/errors.js"
import { AuditLog } from "../ports/AuditLog.js"
import { AccessSettings, Sessions, StrictRateLimiter, Tokens } from "../ports/identity.js"
import { Transactor } from "../ports/Transactor.js"
import { SECRET_BYTES } from "./signIn.js"

/** Five attempts per account per fifteen minutes. */
export const DEVELOPER_ACCESS_ATTEMPTS = { limit: 5, windowSeconds: 15 * 60 } as const

const refused = new AuthenticationFailed({ message: "Developer Access was refused" })

/**
 * Turns Developer Access on or off for this session only, rotating its token
 * so that the old one stops working. Answers the new token.
 */
const switchDeveloperAccess = (caller: UserCaller, on: boolean) =>
  Effect.gen(function*() {
    const tokens = yield* Tokens
    const token = yield* tokens.random(SECRET_BYTES)
    const session = { ...caller.session, tokenHash: tokens.sha256(token), developerAccess: on }
    const sessions = yield* Sessions
    const audit = yield* AuditLog
    // Only the session as it was authenticated: one signed out or revoked meanwhile stays so.
    const rotate = Effect.flatMap(
      sessions.rotate(session.id, caller.session.tokenHash, { tokenHash: session.tokenHash, developerAccess: on }),
      (rotated) => (rotated ? Effect.void : Effect.fail(new Unauthenticated({ message: "The session ended; sign in again" })))
    )
    yield* Effect.flatMap(Transactor, (t) =>
      t.transaction(Effect.zipRight(
        rotate,
        audit.record({
          action: on ? "auth.developer_access.enabled" : "auth.developer_access.disabled",
          actor: { type: "user", id: caller.account.id },
          targetType: "session",
          targetId: session.id,
          data: {}
        })
      ))
    )
    return { token, session }
  })

/**
 * `POST /auth/developer`: every attempt counts (a malformed body too), the
 * sixth in the window is refused without looking at the password, and every
 * refusal is the same `AUTHENTICATION_FAILED`. `password` is whatever the body
 * carried, `undefined` when it was not a `{password}` object.
 */
export const enableDeveloperAccess = (caller: UserCaller, password: string | undefined) =>
  Effect.gen(function*() {
    const decision = yield* Effect.flatMap(StrictRateLimiter, (limiter) =>
      limiter.consume(`developer-access:${caller.account.id}`, DEVELOPER_ACCESS_ATTEMPTS.limit, DEVELOPER_ACCESS_ATTEMPTS.windowSeconds))
    if (!decision.allowed) {
      return yield* new AuthenticationFailed({ message: "Too many Developer Access attempts; wait and try again", retryAfterSeconds: decision.resetSeconds })
    }
    const configured = yield* Effect.flatten(Effect.map(AccessSettings, (s) => s.developerPassword))
    const tokens = yield* Tokens
    if (Option.isNone(configured) || password === undefined || !tokens.equalSecrets(password, Redacted.value(configured.value))) {
      return yield* refused
    }
    return yield* switchDeveloperAccess(caller, true)
  })

/** `DELETE /auth/developer`: ends Developer Access for this session. */
export const disableDeveloperAccess = (caller: UserCaller) => switchDeveloperAccess(caller, false)
