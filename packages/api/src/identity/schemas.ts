import {
  AccountId,
  AccountStatus,
  IdentityLink,
  Permission,
  PlatformLink,
  RoleRef,
  ServiceCredentialId,
  StaffMember,
  StaffProfileId
} from "@bluelight/core/identity"
import { Timestamp } from "@bluelight/core/kernel"
import { Schema } from "effect"

/**
 * The identity answers of the contract's own. The others are the core's
 * schemas as they are (`Account`, `Role`, `Person`, `RoleRef`), imported by
 * the endpoints from `@bluelight/core/identity` under their own names.
 */

/** The signed-in person's own account as `GET /me` answers it: its links, staff profile, roles and effective permissions. */
export const Me = Schema.Struct({
  id: AccountId,
  displayName: Schema.String,
  status: AccountStatus,
  identity: IdentityLink,
  platform: Schema.NullOr(PlatformLink),
  staff: Schema.NullOr(Schema.Struct({ id: StaffProfileId, active: Schema.Boolean })),
  roles: Schema.Array(RoleRef),
  permissions: Schema.Array(Permission),
  developerAccess: Schema.Boolean,
  createdAt: Timestamp
}).annotate({ identifier: "Me" })

/** A staff profile as the directory shows it: the core's `StaffMember`, the API's "StaffProfile". */
export const StaffView = StaffMember.annotate({ identifier: "StaffProfile" })

export const CredentialView = Schema.Struct({
  id: ServiceCredentialId,
  name: Schema.String,
  scopes: Schema.Array(Permission),
  createdAt: Timestamp,
  expiresAt: Timestamp,
  revokedAt: Schema.NullOr(Timestamp),
  issuedBy: AccountId
}).annotate({ identifier: "ServiceCredential" })

export const IssuedCredential = Schema.Struct({
  id: ServiceCredentialId,
  name: Schema.String,
  expiresAt: Timestamp,
  token: Schema.String,
  scopes: Schema.Array(Permission)
}).annotate({ identifier: "IssuedCredential" })
