/**
 * Set-up of the date projects (vitest.dates.config.ts): fails every file whose process does not read
 * its project's date (libfaketime not preloaded, or the offset lost), so the stage never passes on
 * today's date by mistake. The clock runs on from the date: by the time a file starts, it is at most
 * the run's length past it.
 */
import { beforeAll } from "vitest"

const RUN_BOUND_MS = 60 * 60 * 1000

beforeAll(() => {
  const at = process.env["BLUELIGHT_TEST_DATE"]
  if (at === undefined) throw new Error("BLUELIGHT_TEST_DATE is unset: this set-up belongs to vitest.dates.config.ts")
  const now = Date.now()
  const target = Date.parse(at)
  if (now < target - 60_000 || now > target + RUN_BOUND_MS) {
    throw new Error(`the clock reads ${new Date(now).toISOString()}, not ${at}: libfaketime is not in effect (LD_PRELOAD=${process.env["LD_PRELOAD"]})`)
  }
  if (new Date(now).getTimezoneOffset() !== 0) throw new Error(`TZ is ${process.env["TZ"]}, not UTC`)
})
