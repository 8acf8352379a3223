import { configDefaults, defineConfig } from "vitest/config"
import { ProofCoverageReporter } from "./test/proof/coverageReporter.js"

/**
 * The files that need no server process: the packages' own tests (pure rules, use cases on the
 * in-memory ports, repositories on PGlite or the Postgres at TEST_DATABASE_URL, the web client's
 * components) and the repository's static checks. `npm run test:fast` runs them alone.
 */
const FAST = [
  "packages/*/test/**/*.test.ts",
  "test/benchTools.test.ts",
  "test/dependencyRules.test.ts",
  "test/docsPointInside.test.ts",
  "test/harnessDates.test.ts",
  "test/loadTools.test.ts",
  "test/packages.test.ts",
  "test/lint/**/*.test.ts"
]

/** The web client's component tests: a DOM (jsdom) each, and `globalThis.fetch` replaced by a table of answers. */
const FAST_DOM = ["packages/*/test/**/*.test.tsx"]

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
          // One worker runs file after file without a fresh process each: effect, the packages and PGlite's
          // compiled WebAssembly are loaded once per worker, not once per file (most of the time these files
          // took was each one's imports). They hold no global state between files: sharedGlobals.ts fails a
          // file that leaves `fetch` replaced, or one that asks for a DOM (those are `.tsx`, FAST_DOM).
          isolate: false,
          setupFiles: ["test/harness/sharedGlobals.ts"],
          // No process to wait for: a minute is far past what any of these takes on a loaded machine.
          testTimeout: 60_000,
          hookTimeout: 120_000
        }
      },
      {
        extends: true,
        test: {
          name: "fast-dom",
          include: FAST_DOM,
          // Each file in a fresh worker: a DOM of its own, and the web client's modules (which keep the
          // `fetch` they were first given) loaded again over the file's own answers.
          isolate: true,
          testTimeout: 60_000,
          hookTimeout: 120_000
        }
      },
      {
        extends: true,
        test: {
          name: "black-box",
          include: ["test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, "test/browser/**", ...FAST, ...FAST_DOM],
          // As "fast": a worker runs file after file, the server and its packages loaded once per worker
          // (a file's servers run in it, started and stopped by the file). Most of a black-box file's time is
          // spent waiting (on its servers, Postgres, Redis, a timeout under test): three at once on two
          // cores. Another worker count than the projects above needs a group of its own: after them.
          isolate: false,
          setupFiles: ["test/harness/sharedGlobals.ts"],
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
          // Black-box files start real servers. On a loaded two-core machine one start took up
          // to 44 s for its database and 57 s to listen (docs/decisions.md, issue 18): a test starting one
          // server gets 240 s, a hook starting up to three (in parallel, or two one after the other) 360 s.
          testTimeout: 240_000,
          hookTimeout: 360_000
        }
      }
    ]
  }
})
