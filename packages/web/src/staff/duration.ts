import { staff as words } from "../strings/index.js"
import { hoursAndMinutes } from "./clock.js"

/** A number of seconds as hours and minutes ("3 h 05 min"). */
export const durationText = (seconds: number): string => {
  const { hours, minutes } = hoursAndMinutes(seconds)
  return words.hours(hours, minutes)
}
