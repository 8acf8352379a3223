import { DateTime } from "effect"

const timeFormat = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", second: "2-digit" })
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", { day: "2-digit", month: "short", hour: "2-digit", minute: "2-digit" })

type Instant = DateTime.Utc | Date | string

const toDate = (at: Instant): Date => (typeof at === "string" ? new Date(at) : at instanceof Date ? at : DateTime.toDateUtc(at))

/** A time in the browser's own zone (today's as `hh:mm:ss`, older ones with their day), the ISO time on hover. */
export const Time = ({ at, now = new Date() }: { readonly at: Instant; readonly now?: Date }) => {
  const date = toDate(at)
  const sameDay = date.toDateString() === now.toDateString()
  const iso = date.toISOString()
  return (
    <time dateTime={iso} title={iso}>
      {sameDay ? timeFormat.format(date) : dateTimeFormat.format(date)}
    </time>
  )
}
