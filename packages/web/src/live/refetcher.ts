/**
 * Reads records again by id, at most once per record per `windowMs`: a burst of entries about one
 * unit costs one read, not one each (a person has a read budget). A record asked for while its read
 * is under way is read once more after it, so the last read is never older than the last entry.
 */
export const makeRefetcher = <K>(read: (key: K) => Promise<void>, windowMs = 150) => {
  const waiting = new Map<K, ReturnType<typeof setTimeout>>()
  const reading = new Set<K>()
  const again = new Set<K>()
  let stopped = false

  const run = (key: K) => {
    waiting.delete(key)
    reading.add(key)
    void read(key).catch(() => undefined).finally(() => {
      reading.delete(key)
      if (again.delete(key) && !stopped) ask(key)
    })
  }

  const ask = (key: K): void => {
    if (stopped || waiting.has(key)) return
    if (reading.has(key)) {
      again.add(key)
      return
    }
    waiting.set(key, setTimeout(() => run(key), windowMs))
  }

  return {
    ask,
    /** Whether a read of `key` is waiting or under way. */
    pending: (key: K): boolean => waiting.has(key) || reading.has(key),
    stop: (): void => {
      stopped = true
      for (const timer of waiting.values()) clearTimeout(timer)
      waiting.clear()
    }
  }
}
