import { useEffect, useState } from "react"

/** Whole seconds from `startedAt` to `now` (epoch milliseconds), never negative (a browser clock behind the server's). */
export const elapsedSeconds = (startedAt: number, now: number): number => Math.max(0, Math.floor((now - startedAt) / 1000))

const two = (n: number) => String(n).padStart(2, "0")

/** `hh:mm:ss`; hours go past 99 rather than wrap (a shift left running over a weekend). */
export const formatElapsed = (seconds: number): string => {
  const whole = Math.max(0, Math.floor(seconds))
  return `${two(Math.floor(whole / 3600))}:${two(Math.floor((whole % 3600) / 60))}:${two(whole % 60)}`
}

/** Hours and whole minutes of a number of seconds (a duration in a table or the summary). */
export const hoursAndMinutes = (seconds: number): { readonly hours: number; readonly minutes: number } => {
  const minutes = Math.floor(Math.max(0, seconds) / 60)
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 }
}

/** The time now, again every `everyMs`: what a running clock draws from. */
export const useNow = (everyMs = 1000): number => {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}
