/**
 * Where the tests find Postgres and Redis (CI sets both); an empty setting
 * counts as unset. Unset, the tests run the way a newcomer's `npm test` does:
 * on PGlite, with counters in each server's memory. No Vitest import here: the
 * global set-up reads it too.
 */
const setting = (name: string): string | undefined => {
  const value = process.env[name]
  return value === "" ? undefined : value
}

export const testDatabaseUrl = setting("TEST_DATABASE_URL")
export const testRedisUrl = setting("TEST_REDIS_URL")

/**
 * The settings of a clock set by libfaketime (vitest.dates.config.ts, or the `faketime`
 * wrapper): passed on to every server a test starts, whose environment is otherwise built
 * from scratch, so that the servers keep the runner's date (a relative offset,
 * `FAKETIME=+<seconds>`, keeps every process on one clock). Empty when no clock is set.
 */
export const fakeClockEnvironment = (): Record<string, string> =>
  Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] =>
      (entry[0] === "LD_PRELOAD" || entry[0].startsWith("FAKETIME")) && entry[1] !== undefined
    )
  )
