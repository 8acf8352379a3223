/**
 * What a proof suite covered, said once per suite: `proof coverage: <suite>: <what>`.
 * The lines are printed where the suite runs and gathered again, sorted, at the end of
 * the run by `ProofCoverageReporter`, so `npm test` and `npm run test:proof`
 * end with how many operations, actions and faults each suite covered.
 */
export const PROOF_COVERAGE_PREFIX = "proof coverage: "

export const reportCoverage = (suite: string, covered: string): void => {
  console.log(`${PROOF_COVERAGE_PREFIX}${suite}: ${covered}`)
}
