import {
  CAD_EVENT_DATA,
  CadEventId,
  callsignKey,
  CallId,
  CallSource,
  CallStatus,
  CrewMemberId,
  IncidentId,
  IncidentPriority,
  IncidentStatus,
  UnitId,
  UnitStatus,
  UnitType
} from "@bluelight/core/cad"
import { AccountId, IdentityLink, PlatformLink, StaffProfileId } from "@bluelight/core/identity"
import { historyEntries } from "@bluelight/core/kernel"
import { Schema, SchemaTransformation } from "effect"
import { NumberFromInt8 } from "../kernel/rows.js"

/**
 * How CAD's tables store its records: one schema a table, the row named as
 * the client's camelCase transform answers it. Timestamps are `timestamptz`.
 */

export const UnitRow = Schema.Struct({
  id: UnitId,
  callsign: Schema.String,
  agencyCode: Schema.String,
  type: UnitType,
  status: UnitStatus,
  incidentId: Schema.NullOr(IncidentId),
  version: Schema.Int,
  createdAt: Schema.DateTimeUtcFromDate,
  updatedAt: Schema.DateTimeUtcFromDate
})

/**
 * A unit as written: its columns plus `callsign_key`, core's `callsignKey` of
 * the callsign, which the unique index `cad_units_callsign_key` compares.
 * Units are read as `UnitRow` (the key is not selected).
 */
export const UnitWriteRow = Schema.Struct({ ...UnitRow.fields, callsignKey: Schema.String }).pipe(
  Schema.decodeTo(
    Schema.toType(UnitRow),
    SchemaTransformation.transform({
      decode: ({ callsignKey: _callsignKey, ...unit }) => unit,
      encode: (unit) => ({ ...unit, callsignKey: callsignKey(unit.callsign) })
    })
  )
)

export const IncidentRow = Schema.Struct({
  id: IncidentId,
  number: Schema.Int,
  status: IncidentStatus,
  priority: IncidentPriority,
  type: Schema.String,
  location: Schema.String,
  description: Schema.String,
  controlNotes: Schema.String,
  version: Schema.Int,
  createdAt: Schema.DateTimeUtcFromDate,
  updatedAt: Schema.DateTimeUtcFromDate,
  closedAt: Schema.NullOr(Schema.DateTimeUtcFromDate)
})

export const CrewMembershipRow = Schema.Struct({
  id: CrewMemberId,
  unitId: UnitId,
  userId: AccountId,
  identifier: Schema.String,
  joinedAt: Schema.DateTimeUtcFromDate,
  leftAt: Schema.NullOr(Schema.DateTimeUtcFromDate)
})

export const CallRow = Schema.Struct({
  id: CallId,
  status: CallStatus,
  callerName: Schema.String,
  callerNumber: Schema.NullOr(Schema.String),
  location: Schema.String,
  description: Schema.String,
  incidentId: Schema.NullOr(IncidentId),
  closeReason: Schema.NullOr(Schema.String),
  createdAt: Schema.DateTimeUtcFromDate,
  updatedAt: Schema.DateTimeUtcFromDate,
  closedAt: Schema.NullOr(Schema.DateTimeUtcFromDate),
  source: CallSource,
  gameCallNumber: Schema.NullOr(Schema.Int)
})

/** A person as crew lists show them, read from `accounts` and `staff_profiles` in columns. */
export const CrewUserColumns = Schema.Struct({
  userId: AccountId,
  displayName: Schema.String,
  identityId: Schema.String,
  identityUsername: Schema.String,
  identityAvatar: Schema.NullOr(Schema.String),
  platformId: Schema.NullOr(Schema.String),
  platformUsername: Schema.NullOr(Schema.String),
  staffId: Schema.NullOr(StaffProfileId),
  staffActive: Schema.NullOr(Schema.Boolean)
})
type CrewUserColumns = typeof CrewUserColumns.Type

export const crewUserOf = (row: CrewUserColumns) => ({
  id: row.userId,
  displayName: row.displayName,
  identity: IdentityLink.make({ id: row.identityId, username: row.identityUsername, avatar: row.identityAvatar }),
  platform: row.platformId === null || row.platformUsername === null ? null : PlatformLink.make({ id: row.platformId, username: row.platformUsername }),
  staff: row.staffId === null || row.staffActive === null ? null : { id: row.staffId, active: row.staffActive }
})

/** The columns of a person, for a query joining `accounts a` and `staff_profiles sp`. */
export const CREW_USER_COLUMNS = `
  a.id AS user_id, a.display_name, a.identity_id, a.identity_username, a.identity_avatar,
  a.platform_id, a.platform_username, sp.id AS staff_id, sp.active AS staff_active`

/**
 * A `cad_events` row with its actor's display name (null for a service, or a
 * missing account), its `data` decoded by its `type`'s payload schema
 * (`CAD_EVENT_DATA`, as `CadEventView` answers it; why stored rows decode by
 * it is said there).
 */
export const CadEventRow = historyEntries(CAD_EVENT_DATA, {
  seq: NumberFromInt8,
  id: CadEventId,
  at: Schema.DateTimeUtcFromDate,
  actorType: Schema.Literals(["user", "service"]),
  actorId: Schema.String,
  actorName: Schema.NullOr(Schema.String),
  incidentId: Schema.NullOr(IncidentId),
  unitId: Schema.NullOr(UnitId),
  callId: Schema.NullOr(CallId)
})
