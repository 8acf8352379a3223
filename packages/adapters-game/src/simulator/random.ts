/**
 * A small seeded pseudo-random generator (mulberry32): the simulator's
 * players wander and its emergency calls come the same way on every run
 * with the same seed, so a test that ticks sees the same world each time.
 */
export interface Random {
  /** A number in [0, 1). */
  readonly next: () => number
  /** An integer in [min, max]. */
  readonly between: (min: number, max: number) => number
  /** One element of a non-empty list. */
  readonly pick: <A>(items: ReadonlyArray<A>) => A
}

/** A generator starting from `seed`. */
export const seededRandom = (seed: number): Random => {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const between = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <A>(items: ReadonlyArray<A>): A => {
    if (items.length === 0) throw new Error("nothing to pick from")
    return items[between(0, items.length - 1)] as A
  }
  return { next, between, pick }
}
