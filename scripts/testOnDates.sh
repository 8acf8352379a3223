#!/usr/bin/env bash
# The tests whose rules speak of the calendar, with every process's clock set by libfaketime (Debian's faketime) to
# the 1st, the 15th and the 28th of a month, the last day of February in a leap year, and a year's last minutes: a
# test that only passes on some days of the month fails here, whatever today is. One Vitest run, one project per
# date (vitest.dates.config.ts holds the files and the dates); each project's workers start with libfaketime
# preloaded, which is found here through the wrapper. On PGlite (no TEST_DATABASE_URL): the database's clock is
# the process's, so it moves with the rest; a separate Postgres server would keep the real date.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v faketime > /dev/null || { echo "faketime is not installed (Debian: apt-get install -y faketime)" >&2; exit 1; }
unset TEST_DATABASE_URL TEST_REDIS_URL

# The library the wrapper preloads (as it names it: /usr/$LIB/faketime/libfaketime.so.1 on Debian).
FAKETIME_PRELOAD=$(faketime -f "+0" sh -c 'printf %s "$LD_PRELOAD"')
export FAKETIME_PRELOAD
TZ=UTC node node_modules/vitest/vitest.mjs run -c vitest.dates.config.ts "$@"
