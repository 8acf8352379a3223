#!/usr/bin/env bash
# The tests whose rules speak of the calendar (ages and birthdays, licence and endorsement expiry, shifts split
# at midnight and at a month's end, sessions scheduled ahead, credential lifetimes, the entered-date bounds), run
# with the whole process tree's clock set by libfaketime (Debian's faketime) to the 1st, the 15th and the 28th of
# a month, the last day of February in a leap year, and a year's last minutes. A test that only passes on some
# days of the month fails here, whatever today is. On PGlite (no TEST_DATABASE_URL): the database's clock is the
# process's, so it moves with the rest; a separate Postgres server would keep the real date.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v faketime > /dev/null || { echo "faketime is not installed (Debian: apt-get install -y faketime)" >&2; exit 1; }
unset TEST_DATABASE_URL TEST_REDIS_URL

FILES=(
  packages/core/test
  test/shifts
  test/civilians
  test/dateBounds.test.ts
  test/identity/credentials.test.ts
  test/identity/sessions.test.ts
)
DATES=(
  "2027-01-01 09:00:00"
  "2027-03-15 12:00:00"
  "2027-04-28 12:00:00"
  "2028-02-29 12:00:00"
  "2027-12-31 23:40:00"
)
for at in "${DATES[@]}"; do
  echo "== the date-sensitive tests with the clock at $at UTC"
  TZ=UTC faketime "$at" node node_modules/vitest/vitest.mjs run "${FILES[@]}"
done
