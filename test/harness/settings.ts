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
