// An open-loop load generator: requests leave at a fixed offered rate whether
// or not earlier ones have been answered, and each one's latency is counted
// from the moment it was SCHEDULED, not from when it was sent. A server (or a
// load generator) that falls behind therefore shows its backlog in the
// latencies instead of quietly lowering the rate (no coordinated omission).
import { performance } from "node:perf_hooks"

/** A small seeded generator of numbers in [0, 1) (mulberry32): the same seed, the same run. */
export const seededRandom = (seed) => {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * When each request of `seconds` at `rate` per second is due, in milliseconds
 * from the start, ascending. Evenly spaced by default; with `random`, a Poisson
 * process of the same mean rate (exponential gaps), cut at `seconds`.
 */
export const arrivalTimes = (rate, seconds, random) => {
  if (!(rate > 0) || !(seconds > 0)) throw new Error(`rate and seconds must be positive, got ${rate} and ${seconds}`)
  const end = seconds * 1000
  const gap = 1000 / rate
  if (random === undefined) return Array.from({ length: Math.floor(rate * seconds) }, (_, i) => i * gap)
  const times = []
  for (let at = -Math.log(1 - random()) * gap; at < end; at += -Math.log(1 - random()) * gap) times.push(at)
  return times
}

/**
 * Calls `dispatch(scheduledAt)` at each of `times` (ms from now, plus a short
 * lead), without waiting for earlier calls; `scheduledAt` is on the
 * `performance.now()` clock. Resolves once every call's promise has settled,
 * with how late the generator itself was (the largest gap between a
 * request's scheduled and actual dispatch): when that grows, the generator,
 * not the server, was the limit.
 */
export const runOpenLoop = (times, dispatch, now = () => performance.now()) =>
  new Promise((resolve) => {
    const start = now() + 5
    const pending = []
    let next = 0
    let maxLagMs = 0
    const tick = () => {
      const current = now()
      while (next < times.length && start + times[next] <= current) {
        const scheduledAt = start + times[next++]
        maxLagMs = Math.max(maxLagMs, current - scheduledAt)
        pending.push(dispatch(scheduledAt))
      }
      if (next < times.length) setTimeout(tick, Math.max(0, start + times[next] - now()))
      else void Promise.allSettled(pending).then(() => resolve({ dispatched: pending.length, maxLagMs }))
    }
    tick()
  })
