import { Account, AccountId, AccountStatus, IdentityLink, Permission, PlatformLink, RoleId, ServiceCredentialId, StaffProfileId } from "@bluelight/core/identity"
import { Timestamp } from "@bluelight/core/kernel"
import { Schema } from "effect"

/** A minimal reference to a person. */
export const Person = Schema.Struct({ id: AccountId, displayName: Schema.String }).annotate({ identifier: "Person" })

export const RoleRef = Schema.Struct({ id: RoleId, name: Schema.String }).annotate({ identifier: "RoleRef" })

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

export const RoleView = Schema.Struct({ id: RoleId, name: Schema.String, permissions: Schema.Array(Permission) }).annotate({ identifier: "Role" })

/** The administration view of an account is the account itself. */
export const AccountView = Account

export const StaffView = Schema.Struct({
  id: StaffProfileId,
  account: Person,
  active: Schema.Boolean,
  roles: Schema.Array(RoleRef),
  createdAt: Timestamp,
  updatedAt: Timestamp
}).annotate({ identifier: "StaffProfile" })

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
