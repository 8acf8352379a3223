import { type DateTime, Schema } from "effect"
import { IntegerBetween, OneLineText } from "../kernel/index.js"
import type { AccountId, ServiceCredentialId } from "./ids.js"
import { Permission } from "./permissions.js"
import { MAX_PERMISSIONS } from "./Role.js"

/** The prefix of every credential token: `bluelight_` + 43 base64url characters. */
export const CREDENTIAL_TOKEN_PREFIX = "bluelight_"
export const CREDENTIAL_TOKEN_PATTERN = /^bluelight_[A-Za-z0-9_-]{43}$/

/** Scopes a credential can never hold: no one administers through a bot. */
export const UNGRANTABLE_SCOPES: ReadonlyArray<Permission> = ["admin.manage", "staff.manage"]

/** What a credential is called (`Discord bot`): one line of 2 to 80 characters. */
export const CredentialName = OneLineText({ min: 2, max: 80 })

/** The permission keys a credential may use: 1 to 32 (which of them may be granted is `UNGRANTABLE_SCOPES`'s). */
export const CredentialScopes = Schema.Array(Permission).check(
  Schema.isMinLength(1, { message: "at least one scope" }),
  Schema.isMaxLength(MAX_PERMISSIONS, { message: `at most ${MAX_PERMISSIONS} scopes` })
).annotate({
  title: "Scopes",
  description: `Permission keys the credential may use, 1 to ${MAX_PERMISSIONS}; admin.manage and staff.manage cannot be granted`
})

/** How many days a credential stays valid: 1 to 90, 30 when a request leaves it out. */
export const CREDENTIAL_LIFETIME_DAYS = { min: 1, max: 90, default: 30 } as const

/** A credential's `lifetimeDays`: a whole number of days within `CREDENTIAL_LIFETIME_DAYS`. */
export const CredentialLifetimeDays = IntegerBetween(
  CREDENTIAL_LIFETIME_DAYS,
  `lifetimeDays must be an integer from ${CREDENTIAL_LIFETIME_DAYS.min} to ${CREDENTIAL_LIFETIME_DAYS.max}`
)

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
