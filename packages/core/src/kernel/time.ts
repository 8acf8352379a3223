import { DateTime, Schema, SchemaTransformation } from "effect"
import { SafeText } from "./text.js"

const calendarDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/

/** True when `YYYY-MM-DD` names a day that exists (no 2026-02-30). */
export const isCalendarDate = (value: string): boolean => {
  const match = calendarDatePattern.exec(value)
  if (match === null) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** RFC 3339's profile of ISO 8601: date, `T`, time with seconds, optional fraction, `Z` or an offset. */
const dateTimePattern = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:Z|[+-](\d{2}):(\d{2}))$/

/**
 * True for an ISO 8601 date-time as the API document writes them
 * (`2026-01-31T09:30:00.000Z`, `2026-01-31T10:30:00+01:00`) naming a real
 * moment. The platform's own date parsing is far more lenient (`1` is the
 * year 2001, `hello 5` a day in May), so the form is checked first.
 */
export const isDateTime = (value: string): boolean => {
  const match = dateTimePattern.exec(value)
  if (match === null || !isCalendarDate(match[1]!)) return false
  const [hours, minutes, seconds] = [Number(match[2]), Number(match[3]), Number(match[4])]
  const offsetOk = match[5] === undefined || (Number(match[5]) <= 23 && Number(match[6]) <= 59)
  return hours <= 23 && minutes <= 59 && seconds <= 59 && offsetOk
}

/**
 * A point in time. On the wire it is always ISO 8601 in UTC with milliseconds
 * (`2026-01-31T09:30:00.000Z`); any ISO 8601 date-time with an offset is
 * accepted and normalised to UTC. Nothing else is read as a time.
 */
const isoDateTime = (annotations: { readonly identifier: string; readonly description: string }, described: { readonly pattern?: string } = {}) =>
  SafeText.check(
    Schema.makeFilter((text: string) => isDateTime(text) || "must be an ISO 8601 date-time such as 2026-01-31T09:30:00.000Z", {
      toJsonSchema: () => ({ format: "date-time", ...described })
    }, true)
  ).annotate(annotations).pipe(Schema.decodeTo(Schema.DateTimeUtc, SchemaTransformation.dateTimeUtcFromString))

export const Timestamp = isoDateTime({
  identifier: "Timestamp",
  description: "ISO 8601 date-time in UTC with millisecond precision"
})
export type Timestamp = typeof Timestamp.Type

/** A calendar date, `YYYY-MM-DD`, kept as the string it is. */
export const CalendarDate = SafeText.check(
  Schema.makeFilter((text: string) => isCalendarDate(text) || "must be a calendar date in the form YYYY-MM-DD", {
    toJsonSchema: () => ({ format: "date" })
  }, true)
).annotate({ identifier: "CalendarDate" })
export type CalendarDate = typeof CalendarDate.Type

/** The first and last moments any time a person enters may name. */
export const ENTERED_TIME_BOUNDS = { earliest: "1900-01-01T00:00:00.000Z", latest: "2099-12-31T23:59:59.999Z" } as const
/**
 * The bound as a pattern a JSON Schema reader applies (`format` is only an
 * annotation to most validators and generators): the year 1900 to 2099. It
 * says all of the bound but at its two ends, where an offset can carry a
 * written time across one (`2099-12-31T23:30:00-01:00`), which the check
 * below refuses.
 */
export const ENTERED_YEAR_PATTERN = "^(19|20)[0-9]{2}-"
const enteredEarliest = Date.parse(ENTERED_TIME_BOUNDS.earliest)
const enteredLatest = Date.parse(ENTERED_TIME_BOUNDS.latest)

/**
 * A time a person enters (in a body or a query): a `Timestamp` from
 * 1900-01-01T00:00:00.000Z to 2099-12-31T23:59:59.999Z. Every record the
 * platform keeps lies in that span, so a time outside it (`9999-12-31…`, the
 * year 0001) is a mistake, refused before any rule of its kind (which, for
 * what depends on now, is a `TimeWindow` in the use case). Stored and
 * answered times stay plain `Timestamp`s.
 */
export const EnteredTimestamp = isoDateTime({
  identifier: "EnteredTimestamp",
  description: `ISO 8601 date-time, from ${ENTERED_TIME_BOUNDS.earliest} to ${ENTERED_TIME_BOUNDS.latest} (a year from 1900 to 2099; ` +
    "an offset may not carry the moment past either end)"
}, { pattern: ENTERED_YEAR_PATTERN }).check(
  Schema.makeFilter(
    (at: DateTime.Utc) =>
      (DateTime.toEpochMillis(at) >= enteredEarliest && DateTime.toEpochMillis(at) <= enteredLatest) ||
      `must be from ${ENTERED_TIME_BOUNDS.earliest} to ${ENTERED_TIME_BOUNDS.latest}`,
    undefined,
    true
  )
)
