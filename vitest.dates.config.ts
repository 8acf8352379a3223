import { defineConfig } from "vitest/config"

/**
 * The tests whose rules speak of the calendar (ages and birthdays, licence and endorsement expiry,
 * shifts split at midnight and at a month's end, sessions scheduled ahead, credential lifetimes, the
 * entered-date bounds), once per date below, all in one run (`npm run test:dates`,
 * scripts/testOnDates.sh, which finds libfaketime). Each date is a project whose workers start with
 * libfaketime preloaded and the clock moved by the date's offset from now, so every process of the
 * project (the test's, its servers, their PGlite) reads that date, running on from it. On PGlite (no
 * TEST_DATABASE_URL): the database's clock is the process's; a separate Postgres would keep the real
 * date. One run for the five dates, not five: one start of Vitest, and the dates' files share the workers.
 */
export const DATE_SENSITIVE = [
  "packages/core/test/**/*.test.ts",
  "packages/adapters-pg/test/shifts/**/*.test.ts",
  "packages/adapters-pg/test/civilians/**/*.test.ts",
  "test/shifts/**/*.test.ts",
  "test/civilians/**/*.test.ts",
  "test/dateBounds.test.ts",
  "test/identity/credentials.test.ts",
  "test/identity/sessions.test.ts"
]

/** The 1st, the 15th and the 28th of a month, the last day of February in a leap year, and a year's last minutes (UTC). */
export const DATES = [
  "2027-01-01T09:00:00Z",
  "2027-03-15T12:00:00Z",
  "2027-04-28T12:00:00Z",
  "2028-02-29T12:00:00Z",
  "2027-12-31T23:40:00Z"
]

const preload = process.env["FAKETIME_PRELOAD"]
if (preload === undefined || preload === "") {
  throw new Error("FAKETIME_PRELOAD is unset: run the dates through `npm run test:dates` (scripts/testOnDates.sh finds libfaketime)")
}
const startedAt = Date.now()

/** libfaketime's relative offset (`FAKETIME=+<seconds>`, as the `faketime` wrapper sets it): the same in every process. */
const offsetTo = (at: string) => {
  const seconds = Math.round((Date.parse(at) - startedAt) / 1000)
  return seconds < 0 ? String(seconds) : `+${seconds}`
}

export default defineConfig({
  test: {
    // On PGlite, initdb once for the whole run (test/harness/pgliteSnapshot.ts).
    globalSetup: ["test/harness/pgliteSnapshot.ts"],
    // Forks: LD_PRELOAD takes effect in a new process only.
    pool: "forks",
    maxWorkers: 3,
    projects: DATES.map((at) => ({
      extends: true,
      test: {
        name: `on ${at}`,
        include: DATE_SENSITIVE,
        env: { TZ: "UTC", LD_PRELOAD: preload, FAKETIME: offsetTo(at), BLUELIGHT_TEST_DATE: at },
        // As the black-box project (vitest.config.ts): files share a worker; a start may take a minute on the loaded machine.
        isolate: false,
        setupFiles: ["test/harness/sharedGlobals.ts", "test/harness/onTheDate.ts"],
        testTimeout: 240_000,
        hookTimeout: 360_000
      }
    }))
  }
})
