import { DateTime, Effect, Option } from "effect"
import type { ServiceCaller, UserCaller } from "./Caller.js"
import { countingRoles, effectivePermissions } from "./effectivePermissions.js"
import { AccountDisabled, Unauthenticated } from "./errors.js"
import { AccessSettings, type SessionRecord, SessionRecords, ServiceCredentials, Tokens } from "./ports.js"
import type { Account } from "./Account.js"
import { CREDENTIAL_TOKEN_PATTERN } from "./ServiceCredential.js"
import type { Session } from "./Session.js"
import { sessionRecordOf } from "./sessionRecords.js"

const noSession = new Unauthenticated({ message: "The session is missing, expired or signed out; sign in again" })
const disabled = new AccountDisabled({ message: "This account is suspended or disabled" })

/** Developer Access counts while the session asked for it and the server has a developer password. */
export const developerAccessActive = (session: Session): Effect.Effect<boolean, never, AccessSettings> =>
  session.developerAccess
    ? AccessSettings.use((settings) => Effect.map(settings.developerPassword, Option.isSome))
    : Effect.succeed(false)

/** The caller of a session record, once it is known whether the server counts its Developer Access. */
export const userCaller = (record: SessionRecord, adminIdentityIds: ReadonlySet<string>, developerAccess: boolean): UserCaller => {
  const { account, session, staff, staffRoles } = record
  return {
    _tag: "User",
    account,
    session,
    staff,
    roles: countingRoles({ account, staff, staffRoles }),
    permissions: effectivePermissions({
      account,
      memberRole: record.memberRole,
      staff,
      staffRoles,
      adminIdentity: adminIdentityIds.has(account.identity.id),
      developerAccess
    }),
    developerAccess
  }
}

/**
 * Everything a person may do through this session, worked out from its record
 * now. The developer password is read only for a session that asked for
 * Developer Access: every other request needs nothing but the settings.
 */
export const callerFromRecord = (record: SessionRecord): Effect.Effect<UserCaller, never, AccessSettings> =>
  AccessSettings.use((settings) =>
    Effect.map(developerAccessActive(record.session), (developerAccess) => userCaller(record, settings.adminIdentityIds, developerAccess))
  )

/** The caller of a known account and session (after the session changed, e.g. Developer Access). */
export const callerOf = Effect.fn("identity.callerOf")((account: Account, session: Session) =>
  Effect.flatMap(sessionRecordOf(session, account), callerFromRecord)
)

/**
 * Why a found session does not let its holder in at `now`, if it does not. A
 * session the suspension (or disabling) of its account revoked answers
 * `AccountDisabled` while the account is not active; one that had ended before
 * (signed out, replaced, expired) is `Unauthenticated` whatever happened to
 * the account since, so an old cookie never reveals the account's status.
 */
export const sessionRefusal = (record: SessionRecord, now: DateTime.Utc): Unauthenticated | AccountDisabled | null => {
  const { account, session } = record
  if (session.revokedAt !== null) {
    return session.revokedReason === "account-status" && account.status !== "ACTIVE" ? disabled : noSession
  }
  if (!DateTime.isLessThan(now, session.expiresAt)) return noSession
  // A live session of an account that is not active: one opened while the status was changing.
  return account.status === "ACTIVE" ? null : disabled
}

/**
 * The person behind a session token. Expiry, account status and staff
 * membership are read afresh on every request: one read of the session
 * record, then the rules as plain functions of it.
 */
export const authenticateSession = Effect.fn("identity.authenticateSession")(function*(token: string) {
  const tokens = yield* Tokens
  const records = yield* SessionRecords
  const found = yield* records.findByTokenHash(yield* tokens.sha256(token))
  if (Option.isNone(found)) return yield* noSession
  const refusal = sessionRefusal(found.value, yield* DateTime.now)
  if (refusal !== null) return yield* refusal
  return yield* callerFromRecord(found.value)
})

/** The integration behind a bearer token: a well-formed, known, unexpired and unrevoked credential. */
export const authenticateCredential = Effect.fn("identity.authenticateCredential")(function*(token: string) {
  const invalid = new Unauthenticated({ message: "The bearer token is not a valid service credential" })
  if (!CREDENTIAL_TOKEN_PATTERN.test(token)) return yield* invalid
  const tokens = yield* Tokens
  const tokenHash = yield* tokens.sha256(token)
  const credential = yield* ServiceCredentials.use((c) => c.findByTokenHash(tokenHash)).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(invalid), onSome: Effect.succeed }))
  )
  const now = yield* DateTime.now
  if (credential.revokedAt !== null || !DateTime.isLessThan(now, credential.expiresAt)) return yield* invalid
  const caller: ServiceCaller = { _tag: "Service", credential, permissions: new Set(credential.scopes) }
  return caller
})
