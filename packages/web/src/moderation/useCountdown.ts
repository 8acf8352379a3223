import { useEffect, useState } from "react"
import { secondsLeft } from "./attempt.js"

/** The whole seconds left of a wait begun at `since`, counting down once a second; 0 with no wait. */
export const useCountdown = (wait: { readonly since: number; readonly seconds: number } | null): number => {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (wait === null) return
    setNow(Date.now())
    const timer = setInterval(() => {
      const at = Date.now()
      setNow(at)
      if (secondsLeft(wait.since, wait.seconds, at) === 0) clearInterval(timer)
    }, 1_000)
    return () => clearInterval(timer)
  }, [wait])
  return wait === null ? 0 : secondsLeft(wait.since, wait.seconds, now)
}
