import { configDefaults, defineConfig } from "vitest/config"
import { ProofCoverageReporter } from "./test/proof/coverageReporter.js"

export default defineConfig({
  test: {
    include: ["packages/*/test/**/*.test.ts", "packages/*/test/**/*.test.tsx", "test/**/*.test.ts"],
    // The browser tests need Chromium and run on their own (vitest.browser.config.ts, `npm run test:browser`).
    exclude: [...configDefaults.exclude, "test/browser/**"],
    // On PGlite, initdb once for the whole run (test/harness/pgliteSnapshot.ts).
    globalSetup: ["test/harness/pgliteSnapshot.ts"],
    // Black-box files start real server processes. On a loaded two-core machine one start took up
    // to 44 s for its database and 57 s to listen (docs/decisions.md, issue 18): a test starting one
    // server gets 240 s, a hook starting up to three (in parallel, or two one after the other) 360 s.
    testTimeout: 240_000,
    hookTimeout: 360_000,
    pool: "forks",
    // Vitest 5 has no minWorkers: its pool starts workers as files need them.
    maxWorkers: 2,
    // After the summary: what each proof suite covered (test/proof/coverage.ts).
    reporters: ["default", new ProofCoverageReporter()]
  }
})
