import { type Instant, IsoTime, toDate } from "./instant.js"

const dayFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" })
const dayTimeFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" })
const calendarDayFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" })

const isCalendarDate = (at: Instant): at is string => typeof at === "string" && /^\d{4}-\d{2}-\d{2}$/.test(at)

/**
 * A day with its year ("8 Dec 2036"), for dates far from today: an expiry, a date of birth, a
 * keeper's first day; `withTime` adds the hour ("8 Dec 2036, 21:15": a suspension's end). An
 * instant shows the day in the browser's own zone with the ISO time on hover; a calendar date
 * (`YYYY-MM-DD`, a date of birth) is that day wherever one reads it.
 */
export const Day = ({ at, withTime = false }: { readonly at: Instant; readonly withTime?: boolean }) => {
  if (isCalendarDate(at)) return <time dateTime={at}>{calendarDayFormat.format(new Date(`${at}T00:00:00Z`))}</time>
  const date = toDate(at)
  return <IsoTime date={date}>{(withTime ? dayTimeFormat : dayFormat).format(date)}</IsoTime>
}
