import { staff as words } from "../strings/index.js"
import { hoursAndMinutes } from "./clock.js"

/** A number of seconds as hours and minutes ("3 h 05 min"; "under 1 min" for a few seconds). */
export const durationText = (seconds: number): string => {
  if (seconds > 0 && seconds < 60) return words.underAMinute
  const { hours, minutes } = hoursAndMinutes(seconds)
  return words.hours(hours, minutes)
}
