import type { Reporter } from "vitest/node"
import { PROOF_COVERAGE_PREFIX } from "./coverage.js"

/**
 * Gathers the proof suites' coverage lines (`reportCoverage`) from the tests' console output and
 * prints them together when the run ends (just above the runner's totals), sorted by suite.
 */
export class ProofCoverageReporter implements Reporter {
  private readonly lines: Array<string> = []

  onUserConsoleLog(log: { readonly content: string }): void {
    for (const line of log.content.split("\n")) if (line.startsWith(PROOF_COVERAGE_PREFIX)) this.lines.push(line.slice(PROOF_COVERAGE_PREFIX.length).trimEnd())
  }

  onTestRunEnd(): void {
    if (this.lines.length === 0) return
    process.stdout.write(`\nProof coverage\n${[...this.lines].sort().map((line) => `  ${line}`).join("\n")}\n`)
  }
}
