import { type DateTime, Schema } from "effect"
import type { AccountId, SessionId } from "./ids.js"

/** Sessions last seven days from sign-in. */
export const SESSION_LIFETIME_SECONDS = 7 * 24 * 60 * 60

/**
 * Why a session was revoked: its person signed out, signed in again in the
 * same browser, or their account was suspended or disabled. Only the last
 * keeps answering `ACCOUNT_DISABLED` (while the account is not active); the
 * others ended the session before anything happened to the account.
 */
export const SessionRevocation = Schema.Literals(["signed-out", "signed-in-again", "account-status"])
export type SessionRevocation = typeof SessionRevocation.Type

/**
 * A browser session. Only the SHA-256 of its token is kept. `developerAccess`
 * is what the session asked for; it counts only while the developer password
 * is configured (read on every request). `revokedAt` and `revokedReason` are
 * both null or both set.
 */
export interface Session {
  readonly id: SessionId
  readonly accountId: AccountId
  readonly tokenHash: string
  readonly createdAt: DateTime.Utc
  readonly expiresAt: DateTime.Utc
  readonly revokedAt: DateTime.Utc | null
  readonly revokedReason: SessionRevocation | null
  readonly developerAccess: boolean
}
