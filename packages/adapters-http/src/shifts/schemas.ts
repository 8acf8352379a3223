import { StaffProfileId } from "@bluelight/core/identity"
import { Timestamp } from "@bluelight/core/kernel"
import { RoleplaySessionId, RoleplaySessionStatus, ShiftId, ShiftSource, ShiftStatus, ShiftType } from "@bluelight/core/shifts"
import { Schema } from "effect"

/** A count or a number of seconds: a whole number from 0, described as one (the generated title would be `int`). */
const Count = (description: string) =>
  Schema.Int.pipe(Schema.nonNegative()).annotations({ jsonSchema: { type: "integer", minimum: 0, description } })

/** The API document's Shift. */
export const ShiftView = Schema.Struct({
  id: ShiftId,
  staffId: StaffProfileId,
  type: ShiftType,
  source: ShiftSource,
  startedAt: Timestamp,
  endedAt: Schema.NullOr(Timestamp),
  status: ShiftStatus,
  durationSeconds: Count("Whole seconds from start to end; 0 while active")
}).annotations({ identifier: "Shift" })

/** One line of the shift summary. */
export const ShiftTotalView = Schema.Struct({
  staffId: StaffProfileId,
  type: ShiftType,
  totalSeconds: Count("Whole seconds of this profile's shifts of this type inside the range"),
  shifts: Count("How many of its shifts overlap the range")
}).annotations({ identifier: "ShiftTotal" })

/** A role-play session. */
export const RoleplaySessionView = Schema.Struct({
  id: RoleplaySessionId,
  title: Schema.String,
  description: Schema.NullOr(Schema.String),
  status: RoleplaySessionStatus,
  scheduledFor: Timestamp,
  hostId: StaffProfileId.annotations({ description: "The host's staff profile" }),
  startedAt: Schema.NullOr(Timestamp),
  endedAt: Schema.NullOr(Timestamp),
  cancelledAt: Schema.NullOr(Timestamp),
  createdAt: Timestamp,
  updatedAt: Timestamp
}).annotations({ identifier: "RoleplaySession" })
