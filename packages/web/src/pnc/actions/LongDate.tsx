import { DateTime } from "effect"

const withYear = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" })

/** A time far from today (a licence's expiry, a suspension's end) with its year, in the browser's zone; the ISO time on hover. */
export const LongDate = ({ at }: { readonly at: DateTime.Utc }) => {
  const date = DateTime.toDateUtc(at)
  return <time dateTime={date.toISOString()} title={date.toISOString()}>{withYear.format(date)}</time>
}
