/** Where a credential stands: revoked for good, past its expiry, or usable. */
export type CredentialState = "ACTIVE" | "EXPIRED" | "REVOKED"

type Instant = string | Date | { readonly epochMilliseconds: number }

const millis = (at: Instant): number => typeof at === "string" ? Date.parse(at) : at instanceof Date ? at.getTime() : at.epochMilliseconds

export const credentialState = (credential: { readonly expiresAt: Instant; readonly revokedAt: Instant | null }, now: Date = new Date()): CredentialState =>
  credential.revokedAt !== null ? "REVOKED" : millis(credential.expiresAt) <= now.getTime() ? "EXPIRED" : "ACTIVE"

export const credentialTone = (state: CredentialState) => (state === "ACTIVE" ? "ok" : state === "EXPIRED" ? "muted" : "danger")
