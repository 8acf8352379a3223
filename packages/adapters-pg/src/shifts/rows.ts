import { StaffProfileId } from "@bluelight/core/identity"
import { RoleplaySessionId, RoleplaySessionStatus, ShiftId, ShiftSource, ShiftType } from "@bluelight/core/shifts"
import { Schema } from "effect"

/**
 * How the shifts context's tables store its records: one schema a table (rows
 * named as the client's camelCase transform answers them), timestamps
 * `timestamptz`, a `Date` in the row and a `DateTime.Utc` in the record.
 */

/** A `shifts` row is the stored shift itself. */
export const ShiftRow = Schema.Struct({
  id: ShiftId,
  staffId: StaffProfileId,
  type: ShiftType,
  source: ShiftSource,
  startedAt: Schema.DateTimeUtcFromDate,
  endedAt: Schema.NullOr(Schema.DateTimeUtcFromDate)
})

/** A `roleplay_sessions` row is the session itself. */
export const RoleplaySessionRow = Schema.Struct({
  id: RoleplaySessionId,
  title: Schema.String,
  description: Schema.NullOr(Schema.String),
  status: RoleplaySessionStatus,
  scheduledFor: Schema.DateTimeUtcFromDate,
  hostId: StaffProfileId,
  startedAt: Schema.NullOr(Schema.DateTimeUtcFromDate),
  endedAt: Schema.NullOr(Schema.DateTimeUtcFromDate),
  cancelledAt: Schema.NullOr(Schema.DateTimeUtcFromDate),
  createdAt: Schema.DateTimeUtcFromDate,
  updatedAt: Schema.DateTimeUtcFromDate
})

/** One line of the summary as the query answers it (`total_ms` as text: a bigint). */
export const ShiftTotalRow = Schema.Struct({
  staffId: StaffProfileId,
  type: ShiftType,
  totalSeconds: Schema.NumberFromString.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0)),
  shifts: Schema.NumberFromString.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0))
})
