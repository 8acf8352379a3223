import {
  Account,
  AccountId,
  AccountStatus,
  IdentityLink,
  Permission,
  Person,
  PlatformLink,
  Role,
  RoleRef,
  ServiceCredentialId,
  StaffMember,
  StaffProfileId
} from "@bluelight/core/identity"
import { Timestamp } from "@bluelight/core/kernel"
import { Schema } from "effect"

/** A minimal reference to a person, and to a role: the core's. */
export { Person, RoleRef }

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

/** A role: the core's record, as it is. */
export const RoleView = Role

/** The administration view of an account is the account itself. */
export const AccountView = Account

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
