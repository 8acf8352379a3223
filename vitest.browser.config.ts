import { defineConfig } from "vitest/config"

/**
 * The browser tests (`npm run test:browser`): Chromium against real servers, each file its own
 * server and browser (test/browser/harness.ts). Not part of `npm test`, whose config leaves
 * test/browser out: they need Chromium, and `.ci/run` runs them in a stage of their own.
 */
export default defineConfig({
  test: {
    include: ["test/browser/**/*.browser.test.ts"],
    globalSetup: ["test/harness/pgliteSnapshot.ts"],
    // As the black-box files (vitest.config.ts): a server may take a minute to listen on the loaded
    // two-core machine, and a browser step waits up to 30 s.
    testTimeout: 240_000,
    hookTimeout: 360_000,
    pool: "forks",
    // Two files at once: each holds a server and a Chromium.
    maxWorkers: 2
  }
})
