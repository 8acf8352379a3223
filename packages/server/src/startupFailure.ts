import { Data, Effect } from "effect"
import { InvalidSettings } from "./config.js"

/**
 * Start-up cannot go on (the database does not answer, `DATA_DIR` is in use).
 * `message` is one line for the operator; it never carries a password.
 */
export class StartupFailure extends Data.TaggedError("StartupFailure")<{
  readonly message: string
}> {}

/** The `bluelight: …` lines a start-up problem is reported with, or `undefined` for any other failure. */
export const startupProblemLines = (error: unknown): ReadonlyArray<string> | undefined =>
  error instanceof InvalidSettings
    ? error.problems.map((problem) => `bluelight: ${problem}\n`)
    : error instanceof StartupFailure
    ? [`bluelight: ${error.message}\n`]
    : undefined

/**
 * A configuration problem or a start-up failure prints one `bluelight: …`
 * line each on stderr and exits 1; a stack trace would only hide the line.
 */
export const reportStartupProblems = <A, E, R>(program: Effect.Effect<A, E, R>): Effect.Effect<A | void, E, R> =>
  Effect.catch(program, (error) => {
    const lines = startupProblemLines(error)
    if (lines === undefined) return Effect.fail(error)
    return Effect.sync(() => {
      for (const line of lines) process.stderr.write(line)
      process.exitCode = 1
    })
  })
