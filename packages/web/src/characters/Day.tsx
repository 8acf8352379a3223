import { DateTime } from "effect"

const dayFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" })
const dayTimeFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" })

/**
 * A moment of a record that lasts years (a licence's expiry, an endorsement, a record), in the
 * browser's zone with its year, the time too when asked; the ISO time on hover. `ui/Time` suits
 * the evening's events, whose year goes without saying.
 */
export const Day = ({ at, withTime = false }: { readonly at: DateTime.Utc | Date | string; readonly withTime?: boolean }) => {
  const date = typeof at === "string" ? new Date(at) : at instanceof Date ? at : DateTime.toDateUtc(at)
  const iso = date.toISOString()
  return <time dateTime={iso} title={iso}>{(withTime ? dayTimeFormat : dayFormat).format(date)}</time>
}
