import { configDefaults, defineConfig } from "vitest/config"
import { ProofCoverageReporter } from "./test/proof/coverageReporter.js"

/**
 * The files that need no server process: the packages' own tests (pure rules, use cases on the
 * in-memory ports, repositories on PGlite or the Postgres at TEST_DATABASE_URL, the web client's
 * components) and the repository's static checks. `npm run test:fast` runs them alone.
 */
const FAST = [
  "packages/*/test/**/*.test.ts",
  "packages/*/test/**/*.test.tsx",
  "test/benchTools.test.ts",
  "test/dependencyRules.test.ts",
  "test/docsPointInside.test.ts",
  "test/harnessDates.test.ts",
  "test/loadTools.test.ts",
  "test/packages.test.ts",
  "test/lint/**/*.test.ts"
]

export default defineConfig({
  test: {
    // The browser tests need Chromium and run on their own (vitest.browser.config.ts, `npm run test:browser`).
    exclude: [...configDefaults.exclude, "test/browser/**"],
    // On PGlite, initdb once for the whole run (test/harness/pgliteSnapshot.ts).
    globalSetup: ["test/harness/pgliteSnapshot.ts"],
    pool: "forks",
    // Vitest 5 has no minWorkers: its pool starts workers as files need them.
    maxWorkers: 2,
    // After the summary: what each proof suite covered (test/proof/coverage.ts).
    reporters: ["default", new ProofCoverageReporter()],
    projects: [
      {
        extends: true,
        test: {
          name: "fast",
          include: FAST,
          // No process to wait for: a minute is far past what any of these takes on a loaded machine.
          testTimeout: 60_000,
          hookTimeout: 120_000
        }
      },
      {
        extends: true,
        test: {
          name: "black-box",
          include: ["test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, "test/browser/**", ...FAST],
          // Black-box files start real server processes. On a loaded two-core machine one start took up
          // to 44 s for its database and 57 s to listen (docs/decisions.md, issue 18): a test starting one
          // server gets 240 s, a hook starting up to three (in parallel, or two one after the other) 360 s.
          testTimeout: 240_000,
          hookTimeout: 360_000
        }
      }
    ]
  }
})
