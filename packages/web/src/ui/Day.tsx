import { DateTime } from "effect"

const dayFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" })
const calendarDayFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" })

type Instant = DateTime.Utc | Date | string

const isCalendarDate = (at: Instant): at is string => typeof at === "string" && /^\d{4}-\d{2}-\d{2}$/.test(at)

/**
 * A day with its year ("8 Dec 2036"): an expiry, a date of birth, a keeper's first day. An instant
 * shows the day in the browser's own zone with the ISO time on hover; a calendar date
 * (`YYYY-MM-DD`, a date of birth) is that day wherever one reads it.
 */
export const Day = ({ at }: { readonly at: Instant }) => {
  if (isCalendarDate(at)) return <time dateTime={at}>{calendarDayFormat.format(new Date(`${at}T00:00:00Z`))}</time>
  const date = typeof at === "string" ? new Date(at) : at instanceof Date ? at : DateTime.toDateUtc(at)
  const iso = date.toISOString()
  return <time dateTime={iso} title={iso}>{dayFormat.format(date)}</time>
}
