import type { DateTime } from "effect"

/** Sessions last seven days from sign-in. */
export const SESSION_LIFETIME_SECONDS = 7 * 24 * 60 * 60

/**
 * A browser session. Only the SHA-256 of its token is kept. `developerAccess`
 * is what the session asked for; it counts only while the developer password
 * is configured (read on every request).
 */
export interface Session {
  readonly id: string
  readonly accountId: string
  readonly tokenHash: string
  readonly createdAt: DateTime.Utc
  readonly expiresAt: DateTime.Utc
  readonly revokedAt: DateTime.Utc | null
  readonly developerAccess: boolean
}
