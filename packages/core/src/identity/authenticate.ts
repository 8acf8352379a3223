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
export const developerAccessActive = (session: Session) =>
  Effect.map(AccessSettings, (settings) => settings.developerPassword).pipe(
    Effect.flatten,
    Effect.map((password) => session.developerAccess && Option.isSome(password))
  )

/** Everything a person may do through this session, worked out from its record now. */
export const callerFromRecord = Effect.fn("identity.callerFromRecord")(function*(record: SessionRecord) {
  const settings = yield* AccessSettings
  const { account, session, staff, staffRoles } = record
  const developerAccess = yield* developerAccessActive(session)
  const caller: UserCaller = {
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
      adminIdentity: settings.adminIdentityIds.has(account.identity.id),
      developerAccess
    }),
    developerAccess
  }
  return caller
})

/** The caller of a known account and session (after the session changed, e.g. Developer Access). */
export const callerOf = Effect.fn("identity.callerOf")((account: Account, session: Session) =>
  Effect.flatMap(sessionRecordOf(session, account), callerFromRecord))

/**
 * The person behind a session token. Expiry, account status and staff
 * membership are read afresh on every request. A session the suspension (or
 * disabling) of its account revoked answers `AccountDisabled` while the
 * account is not active; one that had ended before (signed out, replaced,
 * expired) is `Unauthenticated` whatever happened to the account since, so
 * an old cookie never reveals the account's status.
 */
export const authenticateSession = Effect.fn("identity.authenticateSession")(function*(token: string) {
  const tokens = yield* Tokens
  const record = yield* Effect.flatMap(SessionRecords, (records) => records.findByTokenHash(tokens.sha256(token))).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(noSession), onSome: Effect.succeed }))
  )
  const { account, session } = record
  if (session.revokedAt !== null) {
    return yield* (session.revokedReason === "account-status" && account.status !== "ACTIVE" ? disabled : noSession)
  }
  if (!DateTime.lessThan(yield* DateTime.now, session.expiresAt)) return yield* noSession
  // A live session of an account that is not active: one opened while the status was changing.
  if (account.status !== "ACTIVE") return yield* disabled
  return yield* callerFromRecord(record)
})

/** The integration behind a bearer token: a well-formed, known, unexpired and unrevoked credential. */
export const authenticateCredential = Effect.fn("identity.authenticateCredential")(function*(token: string) {
  const invalid = new Unauthenticated({ message: "The bearer token is not a valid service credential" })
  if (!CREDENTIAL_TOKEN_PATTERN.test(token)) return yield* invalid
  const tokens = yield* Tokens
  const credential = yield* Effect.flatMap(ServiceCredentials, (c) => c.findByTokenHash(tokens.sha256(token))).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(invalid), onSome: Effect.succeed }))
  )
  const now = yield* DateTime.now
  if (credential.revokedAt !== null || !DateTime.lessThan(now, credential.expiresAt)) return yield* invalid
  const caller: ServiceCaller = { _tag: "Service", credential, permissions: new Set(credential.scopes) }
  return caller
})
