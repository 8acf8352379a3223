import { StaffProfileId } from "@bluelight/core/identity"
import { Shift, ShiftStatus, ShiftType } from "@bluelight/core/shifts"
import { Schema } from "effect"

/**
 * A count or a number of seconds: a whole number from 0, described as one
 * (without the bounds of a safe integer the generated description would add).
 */
const Count = (description: string) =>
  Schema.Number.check(Schema.isInt({ toJsonSchema: () => ({ type: "integer" }) }), Schema.isGreaterThanOrEqualTo(0)).annotate({ description })

/** The API document's Shift: the stored shift with its status and duration worked out (`presentShift`). */
export const ShiftView = Schema.Struct({
  ...Shift.fields,
  status: ShiftStatus,
  durationSeconds: Count("Whole seconds from start to end; 0 while active")
}).annotate({ identifier: "Shift" })

/** One line of the shift summary. */
export const ShiftTotalView = Schema.Struct({
  staffId: StaffProfileId,
  type: ShiftType,
  totalSeconds: Count("Whole seconds of this profile's shifts of this type inside the range"),
  shifts: Count("How many of its shifts overlap the range")
}).annotate({ identifier: "ShiftTotal" })
