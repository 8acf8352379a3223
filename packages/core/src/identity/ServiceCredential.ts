import type { DateTime } from "effect"
import type { AccountId, ServiceCredentialId } from "./ids.js"
import type { Permission } from "./permissions.js"

/** The prefix of every credential token: `bluelight_` + 43 base64url characters. */
export const CREDENTIAL_TOKEN_PREFIX = "bluelight_"
export const CREDENTIAL_TOKEN_PATTERN = /^bluelight_[A-Za-z0-9_-]{43}$/

/** Scopes a credential can never hold: no one administers through a bot. */
export const UNGRANTABLE_SCOPES: ReadonlyArray<Permission> = ["admin.manage", "staff.manage"]

/** A service credential (a bot, an integration). Only the hash of its token is kept. */
export interface ServiceCredential {
  readonly id: ServiceCredentialId
  readonly name: string
  readonly tokenHash: string
  readonly scopes: ReadonlyArray<Permission>
  readonly createdAt: DateTime.Utc
  readonly expiresAt: DateTime.Utc
  readonly revokedAt: DateTime.Utc | null
  /** The account that issued it. */
  readonly issuedBy: AccountId
}
