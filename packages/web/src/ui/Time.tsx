import { type Instant, IsoTime, toDate } from "./instant.js"

const timeFormat = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", second: "2-digit" })
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", { day: "2-digit", month: "short", hour: "2-digit", minute: "2-digit" })

/** A time near today in the browser's own zone (today's as `hh:mm:ss`, older ones with their day), the ISO time on hover. */
export const Time = ({ at, now = new Date() }: { readonly at: Instant; readonly now?: Date }) => {
  const date = toDate(at)
  const sameDay = date.toDateString() === now.toDateString()
  return <IsoTime date={date}>{sameDay ? timeFormat.format(date) : dateTimeFormat.format(date)}</IsoTime>
}
