import { DateTime } from "effect"

/** What the room sorts by: a session's status and time. */
export interface SessionTiming {
  readonly status: "SCHEDULED" | "LIVE" | "ENDED" | "CANCELLED"
  readonly scheduledFor: DateTime.Utc
}

const sameLocalDay = (a: Date, b: Date): boolean => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate()

/**
 * On tonight: every live session, and every scheduled one whose time falls on today in the
 * browser's own zone (earlier today and not started yet included), soonest first.
 */
export const tonight = <S extends SessionTiming>(sessions: ReadonlyArray<S>, now: Date): ReadonlyArray<S> =>
  sessions
    .filter((session) => session.status === "LIVE" || (session.status === "SCHEDULED" && sameLocalDay(DateTime.toDateUtc(session.scheduledFor), now)))
    .sort(bySoonest)

const bySoonest = (a: SessionTiming, b: SessionTiming) => DateTime.toEpochMillis(a.scheduledFor) - DateTime.toEpochMillis(b.scheduledFor)

/** The lists of the room: live now, upcoming (scheduled, soonest first), past (ended or cancelled, latest first). */
export const grouped = <S extends SessionTiming>(sessions: ReadonlyArray<S>) => ({
  live: sessions.filter((session) => session.status === "LIVE").sort(bySoonest),
  upcoming: sessions.filter((session) => session.status === "SCHEDULED").sort(bySoonest),
  past: sessions.filter((session) => session.status === "ENDED" || session.status === "CANCELLED").sort((a, b) => bySoonest(b, a))
})

/** A `datetime-local` input's value (the browser's zone) as an ISO time, or null when it is not a whole date and time. */
export const isoFromLocal = (value: string): string | null => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(value)) return null
  const at = new Date(value)
  return Number.isNaN(at.getTime()) ? null : at.toISOString()
}
