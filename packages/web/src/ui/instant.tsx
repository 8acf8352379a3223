import { DateTime } from "effect"
import type { ReactNode } from "react"

/** An instant as the API's answers and the typed client give it. */
export type Instant = DateTime.Utc | Date | string

export const toDate = (at: Instant): Date => (typeof at === "string" ? new Date(at) : at instanceof Date ? at : DateTime.toDateUtc(at))

/** An instant's `time` element: the words given, the ISO time as its value and on hover. */
export const IsoTime = ({ date, children }: { readonly date: Date; readonly children: ReactNode }) => {
  const iso = date.toISOString()
  return <time dateTime={iso} title={iso}>{children}</time>
}
