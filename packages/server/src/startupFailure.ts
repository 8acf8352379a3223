import { Data, Effect } from "effect"
import { InvalidSettings } from "./config.js"

/**
 * Start-up cannot go on (the database does not answer, `DATA_DIR` is in use).
 * `message` is one line for the operator; it never carries a password.
 */
export class StartupFailure extends Data.TaggedError("StartupFailure")<{
  readonly message: string
}> {}

type Reported = InvalidSettings | StartupFailure

const isReported = (error: unknown): error is Reported => error instanceof InvalidSettings || error instanceof StartupFailure

/**
 * A configuration problem or a start-up failure prints one `bluelight: …`
 * line each on stderr and exits 1; a stack trace would only hide the line.
 */
export const reportStartupProblems = <A, E, R>(program: Effect.Effect<A, E, R>): Effect.Effect<A | void, E, R> =>
  Effect.catch(program, (error) => {
    if (!isReported(error)) return Effect.fail(error)
    return Effect.sync(() => {
      const problems = error instanceof InvalidSettings ? error.problems : [error.message]
      for (const problem of problems) process.stderr.write(`bluelight: ${problem}\n`)
      process.exitCode = 1
    })
  })
