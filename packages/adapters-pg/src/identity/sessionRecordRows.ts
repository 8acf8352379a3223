import {
  type Account,
  type AccountId,
  AccountStatus,
  Permission,
  type Role,
  type RoleId,
  type SessionRecord,
  type SessionId,
  SessionRevocation,
  type StaffProfileId,
  withProviderRoleIds
} from "@bluelight/core/identity"
import { type Id, isId, isOneOf } from "@bluelight/core/kernel"
import { DateTime } from "effect"

/**
 * The rows of the session look-up, as Postgres answers them (snake_case
 * aliases, no transform): one row per grant of the staff profile, the hand
 * grants in order then the sync's (`role_source`, `MANUAL` when absent), or
 * one row with null role columns when there is none. Each column is checked
 * once, by hand, into the record: this read runs on every cookie request, and
 * a full Schema decode of a transformed row cost more than the query.
 */
export type SessionRecordRow = Readonly<Record<string, unknown>>

/** A row that does not hold what the query selects: the schema and the code disagree, a defect. */
export class MalformedSessionRow extends Error {
  constructor(column: string, value: unknown) {
    super(`The session look-up answered a malformed ${column}: ${value === null ? "null" : typeof value}`)
    this.name = "MalformedSessionRow"
  }
}

const checked = <A>(is: (value: unknown) => value is A) => (row: SessionRecordRow, column: string): A => {
  const value = row[column]
  if (is(value)) return value
  throw new MalformedSessionRow(column, value)
}
const orNull = <A>(read: (row: SessionRecordRow, column: string) => A) => (row: SessionRecordRow, column: string): A | null =>
  row[column] === null ? null : read(row, column)

const isString = (value: unknown): value is string => typeof value === "string"
const isBoolean = (value: unknown): value is boolean => typeof value === "boolean"
const isDate = (value: unknown): value is Date => value instanceof Date && !Number.isNaN(value.getTime())
const isPermission = isOneOf(Permission)
const isPermissions = (value: unknown): value is ReadonlyArray<Permission> => Array.isArray(value) && value.every(isPermission)

const text = checked(isString)
const flag = checked(isBoolean)
const date = checked(isDate)
const instant = (row: SessionRecordRow, column: string): DateTime.Utc => DateTime.fromDateUnsafe(date(row, column))
// The brand is the column's: the query selects each id from its own table.
const entityId = <B extends Id>() => checked(isId as (value: unknown) => value is B)
const sessionId = entityId<SessionId>()
const accountId = entityId<AccountId>()
const staffProfileId = entityId<StaffProfileId>()
const roleId = entityId<RoleId>()
const status = checked(isOneOf(AccountStatus))
const revocation = orNull(checked(isOneOf(SessionRevocation)))
const permissions = checked(isPermissions)

const role = (row: SessionRecordRow, prefix: string): Role => ({
  id: roleId(row, `${prefix}_id`),
  name: text(row, `${prefix}_name`),
  permissions: permissions(row, `${prefix}_permissions`)
})

const accountOf = (row: SessionRecordRow, id: AccountId): Account => {
  const platformId = orNull(text)(row, "platform_id")
  const platformUsername = orNull(text)(row, "platform_username")
  return {
    id,
    displayName: text(row, "display_name"),
    status: status(row, "status"),
    identity: { id: text(row, "identity_id"), username: text(row, "identity_username"), avatar: orNull(text)(row, "identity_avatar") },
    platform: platformId === null || platformUsername === null ? null : { id: platformId, username: platformUsername },
    createdAt: instant(row, "account_created_at"),
    updatedAt: instant(row, "account_updated_at")
  }
}

/** The session record of the look-up's rows, none for no row; throws `MalformedSessionRow`. */
export const sessionRecordOfRows = (rows: ReadonlyArray<SessionRecordRow>): SessionRecord | null => {
  const row = rows[0]
  if (row === undefined) return null
  const id = accountId(row, "account_id")
  const grants = row["role_id"] === null ? [] : rows.map((roleRow) => ({ role: role(roleRow, "role"), provider: roleRow["role_source"] === "PROVIDER" }))
  // A role granted by hand and by the sync is held once.
  const staffRoles = grants.filter((grant, index) => grants.findIndex((other) => other.role.id === grant.role.id) === index).map((grant) => grant.role)
  return {
    session: {
      id: sessionId(row, "session_id"),
      accountId: id,
      tokenHash: text(row, "token_hash"),
      createdAt: instant(row, "session_created_at"),
      expiresAt: instant(row, "expires_at"),
      revokedAt: row["revoked_at"] === null ? null : instant(row, "revoked_at"),
      revokedReason: revocation(row, "revoked_reason"),
      developerAccess: flag(row, "developer_access")
    },
    account: accountOf(row, id),
    staff: row["staff_id"] === null ? null : withProviderRoleIds({
      id: staffProfileId(row, "staff_id"),
      accountId: id,
      active: flag(row, "staff_active"),
      roleIds: grants.filter((grant) => !grant.provider).map((grant) => grant.role.id),
      createdAt: instant(row, "staff_created_at"),
      updatedAt: instant(row, "staff_updated_at")
    }, grants.filter((grant) => grant.provider).map((grant) => grant.role.id)),
    memberRole: role(row, "member"),
    staffRoles
  }
}
