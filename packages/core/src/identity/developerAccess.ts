import { Effect, Option, Redacted, Result } from "effect"
import type { UserCaller } from "./Caller.js"
import { AuthenticationFailed, Unauthenticated } from "./errors.js"
import { AuditLog, inTransaction } from "../kernel/index.js"
import { AccessSettings, Sessions, StrictRateLimiter, Tokens } from "./ports.js"
import { SECRET_BYTES } from "./signIn.js"

/** Five attempts per account in any fifteen minutes (a sliding window). */
export const DEVELOPER_ACCESS_ATTEMPTS = { limit: 5, windowSeconds: 15 * 60 } as const

/** Why an attempt was refused, as its `auth.developer_access.refused` entry records it. */
export type DeveloperAccessRefusal =
  | "too-many-attempts"
  | "counter-unavailable"
  | "feature-off"
  | "malformed-body"
  | "wrong-password"

const refused = new AuthenticationFailed({ message: "Developer Access was refused" })

/** Records the refusal (never the password) and fails with `error`. */
const refuse = (caller: UserCaller, reason: DeveloperAccessRefusal, error: AuthenticationFailed) =>
  Effect.gen(function*() {
    const audit = yield* AuditLog
    yield* inTransaction(audit.record({
      action: "auth.developer_access.refused",
      actor: { type: "user", id: caller.account.id },
      targetType: "session",
      targetId: caller.session.id,
      data: { reason }
    }))
    return yield* error
  })

/**
 * Turns Developer Access on or off for this session only, rotating its token
 * so that the old one stops working. Answers the new token.
 */
const switchDeveloperAccess = (caller: UserCaller, on: boolean) =>
  Effect.gen(function*() {
    const tokens = yield* Tokens
    const token = yield* tokens.random(SECRET_BYTES)
    const session = { ...caller.session, tokenHash: yield* tokens.sha256(token), developerAccess: on }
    const sessions = yield* Sessions
    const audit = yield* AuditLog
    // Only the session as it was authenticated: one signed out or revoked meanwhile stays so.
    const rotate = Effect.flatMap(
      sessions.rotate(session.id, caller.session.tokenHash, { tokenHash: session.tokenHash, developerAccess: on }),
      (rotated) => (rotated ? Effect.void : Effect.fail(new Unauthenticated({ message: "The session ended; sign in again" })))
    )
    yield* inTransaction(Effect.andThen(
      rotate,
      audit.record({
        action: on ? "auth.developer_access.enabled" : "auth.developer_access.disabled",
        actor: { type: "user", id: caller.account.id },
        targetType: "session",
        targetId: session.id,
        data: {}
      })
    ))
    return { token, session }
  })

/**
 * `POST /auth/developer`: every attempt counts (a malformed body too), one
 * beyond five in fifteen minutes is refused without looking at the password,
 * and every refusal is `AUTHENTICATION_FAILED` and audited with its reason.
 * `password` is whatever the body carried, `undefined` when it was not a
 * `{password}` object.
 */
export const enableDeveloperAccess = Effect.fn("identity.enableDeveloperAccess")(function*(caller: UserCaller, password: string | undefined) {
  const counted = yield* StrictRateLimiter.use((limiter) =>
    limiter.consume(`developer-access:${caller.account.id}`, DEVELOPER_ACCESS_ATTEMPTS.limit, DEVELOPER_ACCESS_ATTEMPTS.windowSeconds)
  ).pipe(
    Effect.result
  )
  if (Result.isFailure(counted)) {
    // Refused without a window to wait for: nobody knows when the counter will be back.
    return yield* refuse(
      caller,
      "counter-unavailable",
      new AuthenticationFailed({
        message: "Developer Access attempts cannot be counted right now, so none is accepted; try again later"
      })
    )
  }
  if (!counted.success.allowed) {
    return yield* refuse(
      caller,
      "too-many-attempts",
      new AuthenticationFailed({
        message: "Too many Developer Access attempts; wait and try again",
        retryAfterSeconds: counted.success.resetSeconds
      })
    )
  }
  const configured = yield* AccessSettings.use((s) => s.developerPassword)
  if (Option.isNone(configured)) return yield* refuse(caller, "feature-off", refused)
  if (password === undefined) return yield* refuse(caller, "malformed-body", refused)
  const tokens = yield* Tokens
  if (!tokens.equalSecrets(password, Redacted.value(configured.value))) return yield* refuse(caller, "wrong-password", refused)
  return yield* switchDeveloperAccess(caller, true)
})

/** `DELETE /auth/developer`: ends Developer Access for this session. */
export const disableDeveloperAccess = Effect.fn("identity.disableDeveloperAccess")((caller: UserCaller) => switchDeveloperAccess(caller, false))
