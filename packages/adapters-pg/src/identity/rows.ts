import {
  Account,
  AccountId,
  AccountStatus,
  Permission,
  Role,
  RoleId,
  roleNameKey,
  ServiceCredentialId,
  SessionId,
  SessionRevocation,
  StaffProfileId
} from "@bluelight/core/identity"
import { Schema, SchemaTransformation } from "effect"

/**
 * How identity's tables store its records: one schema a table, decoding a row
 * (named as the client's camelCase transform answers it) into the record and
 * encoding a record into the row to insert or update. Timestamps are
 * `timestamptz`, a `Date` in the row and a `DateTime.Utc` in the record.
 */

/** The columns of `accounts`. */
export const AccountColumns = Schema.Struct({
  id: AccountId,
  displayName: Schema.String,
  status: AccountStatus,
  identityId: Schema.String,
  identityUsername: Schema.String,
  identityAvatar: Schema.NullOr(Schema.String),
  platformId: Schema.NullOr(Schema.String),
  platformUsername: Schema.NullOr(Schema.String),
  createdAt: Schema.DateTimeUtcFromDate,
  updatedAt: Schema.DateTimeUtcFromDate
})

/** An account as its row stores it: each link in columns of its own, no platform link as nulls. */
export const AccountRow = AccountColumns.pipe(
  Schema.decodeTo(
    Schema.toType(Account),
    SchemaTransformation.transform({
      decode: ({ identityAvatar, identityId, identityUsername, platformId, platformUsername, ...account }) => ({
        ...account,
        identity: { id: identityId, username: identityUsername, avatar: identityAvatar },
        platform: platformId === null || platformUsername === null ? null : { id: platformId, username: platformUsername }
      }),
      encode: ({ identity, platform, ...account }) => ({
        ...account,
        identityId: identity.id,
        identityUsername: identity.username,
        identityAvatar: identity.avatar,
        platformId: platform?.id ?? null,
        platformUsername: platform?.username ?? null
      })
    })
  )
)

/** A `sessions` row is the session itself, its times `timestamptz`. */
export const SessionRow = Schema.Struct({
  id: SessionId,
  accountId: AccountId,
  tokenHash: Schema.String,
  createdAt: Schema.DateTimeUtcFromDate,
  expiresAt: Schema.DateTimeUtcFromDate,
  revokedAt: Schema.NullOr(Schema.DateTimeUtcFromDate),
  revokedReason: Schema.NullOr(SessionRevocation),
  developerAccess: Schema.Boolean
})

/** A `sign_in_states` row is the state itself, its times `timestamptz`. */
export const SignInStateRow = Schema.Struct({
  stateHash: Schema.String,
  purpose: Schema.Literals(["idp", "platform"]),
  codeVerifier: Schema.NullOr(Schema.String),
  sessionId: Schema.NullOr(SessionId),
  createdAt: Schema.DateTimeUtcFromDate,
  expiresAt: Schema.DateTimeUtcFromDate
})

/**
 * A role as written: its columns plus `name_key`, core's `roleNameKey` of the
 * name, so "the same name" means the same thing here and in the rules. Read
 * back, a row is the role itself (`Role`): the key is not selected.
 */
export const RoleRow = Schema.Struct({ ...Role.fields, nameKey: Schema.String }).pipe(
  Schema.decodeTo(
    Schema.toType(Role),
    SchemaTransformation.transform({
      decode: ({ nameKey: _nameKey, ...role }) => role,
      encode: (role) => ({ ...role, nameKey: roleNameKey(role.name) })
    })
  )
)

/**
 * A staff profile as `staff_profiles` stores it, with its role ids in order:
 * read with the roles aggregated beside the columns, written without them
 * (`staff_profile_roles` holds them, one row each).
 */
export const StaffProfileRow = Schema.Struct({
  id: StaffProfileId,
  accountId: AccountId,
  active: Schema.Boolean,
  roleIds: Schema.Array(RoleId),
  createdAt: Schema.DateTimeUtcFromDate,
  updatedAt: Schema.DateTimeUtcFromDate
})

/** A `service_credentials` row is the credential itself, its times `timestamptz`. */
export const ServiceCredentialRow = Schema.Struct({
  id: ServiceCredentialId,
  name: Schema.String,
  tokenHash: Schema.String,
  scopes: Schema.Array(Permission),
  createdAt: Schema.DateTimeUtcFromDate,
  expiresAt: Schema.DateTimeUtcFromDate,
  revokedAt: Schema.NullOr(Schema.DateTimeUtcFromDate),
  issuedBy: AccountId
})
