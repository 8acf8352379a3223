import { type Shift, shiftDurationSeconds, shiftStatus } from "@bluelight/core/shifts"
import type { ShiftView } from "@bluelight/api/shifts/schemas.js"

/** A stored shift as the API document shows it, with its status and duration worked out. */
export const presentShift = (shift: Shift): typeof ShiftView.Type => ({
  ...shift,
  status: shiftStatus(shift),
  durationSeconds: shiftDurationSeconds(shift)
})
