import { DateTime, Schema } from "effect"

/**
 * A point in time. On the wire it is always ISO 8601 in UTC with milliseconds
 * (`2026-01-31T09:30:00.000Z`); any ISO 8601 input with an offset is accepted
 * and normalised to UTC.
 */
export const Timestamp = Schema.DateTimeUtc.annotations({
  identifier: "Timestamp",
  description: "ISO 8601 date-time in UTC with millisecond precision",
  jsonSchema: { type: "string", format: "date-time" }
})
export type Timestamp = typeof Timestamp.Type

/** `DateTimeUtc` encodes through `toISOString`, which is already UTC with milliseconds. */
export const formatTimestamp = (at: DateTime.Utc): string => DateTime.formatIso(at)

const calendarDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/

/** True when `YYYY-MM-DD` names a day that exists (no 2026-02-30). */
export const isCalendarDate = (value: string): boolean => {
  const match = calendarDatePattern.exec(value)
  if (match === null) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** A calendar date, `YYYY-MM-DD`, kept as the string it is. */
export const CalendarDate = Schema.String.pipe(
  Schema.filter(isCalendarDate, { message: () => "must be a calendar date in the form YYYY-MM-DD" })
).annotations({
  identifier: "CalendarDate",
  jsonSchema: { type: "string", format: "date" }
})
export type CalendarDate = typeof CalendarDate.Type
