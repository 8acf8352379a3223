import { DateTime, Schema } from "effect"
import { StaffProfileId } from "../identity/index.js"
import { OneOf, Timestamp } from "../kernel/index.js"
import { ShiftId } from "./ids.js"

/** What a shift is spent on (the shift `type`; docs/decisions/shifts.md, "Values"). */
export const SHIFT_TYPES = ["MODERATION", "CONTROL", "PATROL", "ADMINISTRATION"] as const
export const ShiftType = OneOf(...SHIFT_TYPES).annotate({ identifier: "ShiftType" })
export type ShiftType = typeof ShiftType.Type

/**
 * Who started a shift (the shift `source`; docs/decisions/shifts.md, "Values"): the person on their own
 * (`MANUAL`), a person for another profile (`MANAGER`), a service credential
 * (`INTEGRATION`).
 */
export const SHIFT_SOURCES = ["MANUAL", "MANAGER", "INTEGRATION"] as const
export const ShiftSource = OneOf(...SHIFT_SOURCES).annotate({ identifier: "ShiftSource" })
export type ShiftSource = typeof ShiftSource.Type

export const SHIFT_STATUSES = ["ACTIVE", "ENDED"] as const
export const ShiftStatus = OneOf(...SHIFT_STATUSES).annotate({ identifier: "ShiftStatus" })
export type ShiftStatus = typeof ShiftStatus.Type

/**
 * A shift as stored: active while `endedAt` is null. Status and duration are
 * worked out from it; the API's `Shift` is the shift with both.
 */
export const Shift = Schema.Struct({
  id: ShiftId,
  staffId: StaffProfileId,
  type: ShiftType,
  source: ShiftSource,
  startedAt: Timestamp,
  endedAt: Schema.NullOr(Timestamp)
})
export type Shift = typeof Shift.Type

export const shiftStatus = (shift: Shift): ShiftStatus => (shift.endedAt === null ? "ACTIVE" : "ENDED")

/** Whole seconds from `from` to `to` (never negative). */
export const secondsBetween = (from: DateTime.Utc, to: DateTime.Utc): number => Math.max(0, Math.floor((to.epochMilliseconds - from.epochMilliseconds) / 1000))

/** The API document's `durationSeconds`: whole seconds from start to end, 0 while active. */
export const shiftDurationSeconds = (shift: Shift): number => shift.endedAt === null ? 0 : secondsBetween(shift.startedAt, shift.endedAt)

/** The shift ended at `at` (never before it started: a clock that stood still gives 0 seconds). */
export const endedAt = (shift: Shift, at: DateTime.Utc): Shift => ({
  ...shift,
  endedAt: DateTime.max(at, shift.startedAt)
})
