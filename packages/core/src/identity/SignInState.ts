import type { DateTime } from "effect"
import type { SessionId } from "./ids.js"

/** Sign-in and linking state is valid ten minutes and used once. */
export const SIGN_IN_STATE_LIFETIME_SECONDS = 10 * 60

export type SignInPurpose = "idp" | "platform"

/**
 * A started sign-in (or platform link). Only the hash of the state value is
 * kept; the browser holds the value in a short-lived cookie. A platform link
 * remembers the session that started it and its PKCE verifier.
 */
export interface SignInState {
  readonly stateHash: string
  readonly purpose: SignInPurpose
  readonly codeVerifier: string | null
  readonly sessionId: SessionId | null
  readonly createdAt: DateTime.Utc
  readonly expiresAt: DateTime.Utc
}
