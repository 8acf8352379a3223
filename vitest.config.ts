import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["packages/*/test/**/*.test.ts", "test/**/*.test.ts"],
    // On PGlite, initdb once for the whole run (test/harness/pgliteSnapshot.ts).
    globalSetup: ["test/harness/pgliteSnapshot.ts"],
    // Black-box files start real server processes; give them room on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
    minWorkers: 1,
    reporters: ["default"]
  }
})
