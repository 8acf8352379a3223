/**
 * Calendar dates for tests that speak of ages and birthdays, computed from a
 * given instant (the server's clock, `advanceClock(server, 0)`), so that they
 * hold on any day the suite runs: a leap day included.
 */

const DAY_MILLIS = 24 * 60 * 60 * 1000

/** `YYYY-MM-DD` of `millis` in UTC. */
export const utcDate = (millis: number): string => new Date(millis).toISOString().slice(0, 10)

/**
 * The latest date of birth of someone aged `years` on the UTC day of `now`: that
 * day `years` years earlier, or, when that year has no such day (29 February),
 * the last day of February (a person born then has had their birthday).
 */
export const latestBirthDateAged = (now: number, years: number): string => {
  const today = new Date(now)
  const year = today.getUTCFullYear() - years
  const month = today.getUTCMonth()
  const lastOfMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return utcDate(Date.UTC(year, month, Math.min(today.getUTCDate(), lastOfMonth)))
}

/** The calendar day after `date` (`YYYY-MM-DD`). */
export const dayAfter = (date: string): string => utcDate(Date.parse(`${date}T00:00:00Z`) + DAY_MILLIS)

/**
 * `years` calendar years after (or, negative, before) `millis`, as the server
 * counts them (Effect's `DateTime.add`): the same day and time of day, or the
 * month's last day when that year has no such day (29 February plus one year is
 * 28 February, not 1 March as `Date.setUTCFullYear` makes it).
 */
export const yearsFrom = (millis: number, years: number): number => {
  const date = new Date(millis)
  const year = date.getUTCFullYear() + years
  const month = date.getUTCMonth()
  const lastOfMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  const moved = new Date(millis)
  moved.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastOfMonth))
  return moved.getTime()
}
