import { DateTime, Effect, Option } from "effect"
import type { UserCaller } from "./Caller.js"
import { AccountDisabled, Unauthenticated } from "./errors.js"
import { AuditLog, inTransaction, newId } from "../kernel/index.js"
import { Accounts, IdentityProvider, Sessions, SignInStates, Tokens } from "./ports.js"
import { AccountId, SessionId } from "./ids.js"
import type { Account } from "./Account.js"
import { sanitiseIdentityProfile } from "./profileText.js"
import { SESSION_LIFETIME_SECONDS, type Session } from "./Session.js"
import { SIGN_IN_STATE_LIFETIME_SECONDS, type SignInPurpose, type SignInState } from "./SignInState.js"

/** Random secrets: 32 bytes, base64url (43 characters). */
export const SECRET_BYTES = 32

/**
 * Creates a single-use sign-in state, valid ten minutes. The caller binds the
 * returned value to the browser (a short-lived cookie); only its hash is kept.
 */
export const createSignInState = Effect.fn("identity.createSignInState")(
  function*(purpose: SignInPurpose, extra: { readonly codeVerifier?: string; readonly sessionId?: SessionId } = {}) {
    const tokens = yield* Tokens
    const state = yield* tokens.random(SECRET_BYTES)
    const stateHash = yield* tokens.sha256(state)
    const now = yield* DateTime.now
    // Every start also forgets the sign-ins that were started and never finished.
    yield* SignInStates.use((states) => states.purgeExpired(now))
    yield* SignInStates.use((states) =>
      states.insert({
        stateHash,
        purpose,
        codeVerifier: extra.codeVerifier ?? null,
        sessionId: extra.sessionId ?? null,
        createdAt: now,
        expiresAt: DateTime.add(now, { seconds: SIGN_IN_STATE_LIFETIME_SECONDS })
      })
    )
    return state
  }
)

/** Starts browser sign-in: the state to bind to the browser and where to send it. */
export const startSignIn = Effect.gen(function*() {
  const state = yield* createSignInState("idp")
  const provider = yield* IdentityProvider
  return { state, redirectTo: provider.authorizationUrl(state) }
}).pipe(Effect.withSpan("identity.startSignIn"))

/**
 * Checks a returning state against the one bound to this browser and uses it
 * up. Forged, replayed, expired or foreign states all fail the same way.
 */
export const redeemSignInState = Effect.fn("identity.redeemSignInState")(function*(purpose: SignInPurpose, state: string, boundState: string | undefined) {
  const refused = new Unauthenticated({ message: "The sign-in could not be confirmed; start again" })
  const tokens = yield* Tokens
  if (boundState === undefined || state.length === 0 || !tokens.equalSecrets(state, boundState)) return yield* refused
  const stateHash = yield* tokens.sha256(state)
  const stored: Option.Option<SignInState> = yield* SignInStates.use((s) => s.consume(stateHash))
  if (Option.isNone(stored) || stored.value.purpose !== purpose) return yield* refused
  if (!DateTime.isLessThan(yield* DateTime.now, stored.value.expiresAt)) return yield* refused
  return stored.value
})

/** A new session for the account: its token (returned once) and the record kept (the token's hash). */
export const openSession = Effect.fn("identity.openSession")(function*(accountId: AccountId) {
  const tokens = yield* Tokens
  const token = yield* tokens.random(SECRET_BYTES)
  const now = yield* DateTime.now
  const session: Session = {
    id: yield* newId(SessionId),
    accountId,
    tokenHash: yield* tokens.sha256(token),
    createdAt: now,
    expiresAt: DateTime.add(now, { seconds: SESSION_LIFETIME_SECONDS }),
    revokedAt: null,
    revokedReason: null,
    developerAccess: false
  }
  yield* Sessions.use((sessions) => sessions.insert(session))
  return { token, session }
})

/** Revokes the session behind a token, if there is one (the browser's earlier session). */
const revokeSessionToken = (token: string | undefined) =>
  Effect.gen(function*() {
    if (token === undefined) return
    const tokens = yield* Tokens
    const sessions = yield* Sessions
    const found = yield* sessions.findByTokenHash(yield* tokens.sha256(token))
    if (Option.isSome(found)) yield* sessions.revoke(found.value.id, "signed-in-again", yield* DateTime.now)
  })

/**
 * Completes browser sign-in: checks the state, exchanges the code, creates or
 * refreshes the account from the profile (never granting a role), replaces
 * any earlier session of this browser and opens a new one. A suspended or
 * disabled account gets no session.
 */
export const completeSignIn = Effect.fn("identity.completeSignIn")(function*(input: {
  readonly state: string
  readonly boundState: string | undefined
  readonly code: string
  readonly previousSessionToken: string | undefined
}) {
  yield* redeemSignInState("idp", input.state, input.boundState)
  const unconfirmed = new Unauthenticated({ message: "The identity provider did not confirm the sign-in; start again" })
  // Provider text is cleaned before anything is compared or stored: a display
  // name holding a NUL must not lock its owner out.
  const profile = yield* IdentityProvider.use((idp) => idp.exchange(input.code)).pipe(
    Effect.mapError(() => unconfirmed),
    Effect.flatMap((raw) => Option.match(sanitiseIdentityProfile(raw), { onNone: () => Effect.fail(unconfirmed), onSome: Effect.succeed }))
  )
  const accounts = yield* Accounts
  const audit = yield* AuditLog
  return yield* inTransaction(Effect.gen(function*() {
    const now = yield* DateTime.now
    const identity = { id: profile.id, username: profile.username, avatar: profile.avatar }
    // Locked: a suspension racing this sign-in either comes first (and is seen) or waits and revokes the new session.
    let existing = yield* accounts.findByIdentityIdForUpdate(profile.id)
    let account: Account
    const created: Account = {
      id: yield* newId(AccountId),
      displayName: profile.displayName,
      status: "ACTIVE",
      identity,
      platform: null,
      createdAt: now,
      updatedAt: now
    }
    // A first sign-in racing another of the same person (two tabs) finds the account the other made.
    if (Option.isNone(existing) && !(yield* accounts.insert(created))) existing = yield* accounts.findByIdentityIdForUpdate(profile.id)
    if (Option.isNone(existing)) {
      account = created
      yield* audit.record({
        action: "account.created",
        actor: { type: "user", id: account.id },
        targetType: "account",
        targetId: account.id,
        data: { displayName: account.displayName, identityId: identity.id }
      })
    } else {
      const before = existing.value
      const changed = before.displayName !== profile.displayName || before.identity.username !== identity.username ||
        before.identity.avatar !== identity.avatar
      account = changed ? { ...before, displayName: profile.displayName, identity, updatedAt: now } : before
      if (changed) yield* accounts.update(account)
    }
    if (account.status !== "ACTIVE") {
      return yield* new AccountDisabled({ message: "This account is suspended or disabled" })
    }
    yield* revokeSessionToken(input.previousSessionToken)
    const opened = yield* openSession(account.id)
    yield* audit.record({
      action: "auth.signed_in",
      actor: { type: "user", id: account.id },
      targetType: "session",
      targetId: opened.session.id,
      data: {}
    })
    return { token: opened.token, account }
  }))
})

/** Signs out: the session stops working at once. */
export const signOut = Effect.fn("identity.signOut")(function*(caller: UserCaller) {
  const sessions = yield* Sessions
  const audit = yield* AuditLog
  yield* inTransaction(Effect.gen(function*() {
    // Two sign-outs racing end the session once, and only that one is audited.
    if (!(yield* sessions.revoke(caller.session.id, "signed-out", yield* DateTime.now))) return
    yield* audit.record({
      action: "auth.signed_out",
      actor: { type: "user", id: caller.account.id },
      targetType: "session",
      targetId: caller.session.id,
      data: {}
    })
  }))
})
