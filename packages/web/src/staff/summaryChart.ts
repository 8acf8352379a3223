import { SHIFT_TYPES, type ShiftType } from "@bluelight/core/shifts"

/** One line of `GET /shifts/summary`: a profile's time on shifts of one type inside the range. */
export interface SummaryLine {
  readonly staffId: string
  readonly type: ShiftType
  readonly totalSeconds: number
  readonly shifts: number
}

/** A part of a person's bar: one shift type, where it starts and how long it is, as fractions of the longest bar. */
export interface ChartSegment {
  readonly type: ShiftType
  readonly seconds: number
  readonly start: number
  readonly width: number
}

/** A person's bar: their total over the range, split by shift type (always in the same order, so each type keeps its place and colour). */
export interface ChartRow {
  readonly staffId: string
  readonly name: string
  readonly totalSeconds: number
  readonly shifts: number
  readonly segments: ReadonlyArray<ChartSegment>
}

/**
 * The summary's chart: one row per person, most time first (then by name), each split by shift type;
 * lengths are fractions of the person with the most time. Lines of no time draw nothing.
 */
export const summaryChart = (lines: ReadonlyArray<SummaryLine>, nameOf: (staffId: string) => string): ReadonlyArray<ChartRow> => {
  const byPerson = new Map<string, Map<ShiftType, SummaryLine>>()
  for (const line of lines) {
    if (line.totalSeconds <= 0) continue
    const types = byPerson.get(line.staffId) ?? new Map<ShiftType, SummaryLine>()
    types.set(line.type, line)
    byPerson.set(line.staffId, types)
  }
  const totals = [...byPerson.entries()].map(([staffId, types]) => ({
    staffId,
    name: nameOf(staffId),
    types,
    totalSeconds: [...types.values()].reduce((sum, line) => sum + line.totalSeconds, 0),
    shifts: [...types.values()].reduce((sum, line) => sum + line.shifts, 0)
  }))
  const longest = Math.max(0, ...totals.map((person) => person.totalSeconds))
  return totals
    .sort((a, b) => b.totalSeconds - a.totalSeconds || a.name.localeCompare(b.name, "en-GB"))
    .map(({ types, ...person }) => {
      let start = 0
      const segments: Array<ChartSegment> = []
      for (const type of SHIFT_TYPES) {
        const line = types.get(type)
        if (line === undefined) continue
        const width = line.totalSeconds / longest
        segments.push({ type, seconds: line.totalSeconds, start, width })
        start += width
      }
      return { ...person, segments }
    })
}

/** The dates of a range as typed (`YYYY-MM-DD`, both days included) as the API's `from` (inclusive) and `to` (exclusive): local midnights, in ISO. */
export const summaryRange = (fromDate: string, toDate: string): { readonly from: string; readonly to: string } | null => {
  const from = localMidnight(fromDate, 0)
  const to = localMidnight(toDate, 1)
  if (from === null || to === null || to.getTime() <= from.getTime()) return null
  return { from: from.toISOString(), to: to.toISOString() }
}

const localMidnight = (date: string, plusDays: number): Date | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (match === null) return null
  const at = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + plusDays)
  return Number.isNaN(at.getTime()) ? null : at
}

/** A day in the browser's zone as a date input holds it (`YYYY-MM-DD`), `days` after `now`'s. */
export const localDate = (now: Date, days = 0): string => {
  const at = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days)
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, "0")}-${String(at.getDate()).padStart(2, "0")}`
}
