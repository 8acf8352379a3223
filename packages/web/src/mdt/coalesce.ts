/**
 * Refetches by key, at most one per key per `waitMs`: a burst of feed entries about one record
 * makes one read once the burst settles (a crew's read budget is 180 a minute).
 */
export interface Coalescer<K> {
  readonly request: (key: K) => void
  readonly stop: () => void
}

export const makeCoalescer = <K>(run: (key: K) => void, waitMs = 150): Coalescer<K> => {
  const pending = new Map<K, ReturnType<typeof setTimeout>>()
  return {
    request: (key) => {
      if (pending.has(key)) return
      pending.set(
        key,
        setTimeout(() => {
          pending.delete(key)
          run(key)
        }, waitMs)
      )
    },
    stop: () => {
      for (const timer of pending.values()) clearTimeout(timer)
      pending.clear()
    }
  }
}
