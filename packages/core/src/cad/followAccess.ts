import { DateTime, Effect, Option } from "effect"
import { callerFromRecord, sessionRefusal } from "../identity/authenticate.js"
import type { Caller } from "../identity/Caller.js"
import { checkAccess } from "../identity/checkAccess.js"
import type { AccessRule } from "../identity/permissions.js"
import { ServiceCredentials, SessionRecords } from "../identity/ports.js"

/**
 * Whether a caller who opened a long-lived read (the CAD event stream) may
 * still read it: the session not revoked nor expired and the account active
 * (or the credential not revoked nor expired), and the rule's permissions
 * still held, all read afresh.
 */
export const mayStillFollow = (caller: Caller, rule: AccessRule) =>
  Effect.gen(function*() {
    const now = yield* DateTime.now
    if (caller._tag === "Service") {
      const credential = yield* Effect.flatMap(ServiceCredentials, (credentials) => credentials.findById(caller.credential.id))
      if (Option.isNone(credential) || credential.value.revokedAt !== null || !DateTime.lessThan(now, credential.value.expiresAt)) return false
      const fresh: Caller = { _tag: "Service", credential: credential.value, permissions: new Set(credential.value.scopes) }
      return yield* Effect.as(checkAccess(rule, fresh), true).pipe(Effect.orElseSucceed(() => false))
    }
    const record = yield* Effect.flatMap(SessionRecords, (records) => records.findByTokenHash(caller.session.tokenHash))
    if (Option.isNone(record) || sessionRefusal(record.value, now) !== null) return false
    const fresh = yield* callerFromRecord(record.value)
    return yield* Effect.as(checkAccess(rule, fresh), true).pipe(Effect.orElseSucceed(() => false))
  })
