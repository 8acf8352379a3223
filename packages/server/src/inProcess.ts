import { Cause, ConfigProvider, Effect, Exit, Fiber, Layer, Result } from "effect"
import { layerServer } from "./app.js"
import { loadSettings } from "./config.js"
import { layerLoggingTo } from "./logging.js"
import { startupProblemLines } from "./startupFailure.js"

/** Where a server run inside the caller's process writes what the process would print. */
export interface InProcessOutput {
  /** Each JSON log line, as the process writes it to stdout. */
  readonly line: (line: string) => void
  /** What the process writes to stderr: the start-up summary. */
  readonly stderr: (text: string) => void
}

/** A server started by `startInProcess`. */
export interface InProcessServer {
  /**
   * Stops it as SIGTERM stops the process (the drain, the connections, the
   * pools, the `DATA_DIR` lock) and answers the exit code the process would
   * have: 0, or 1 when closing failed.
   */
  readonly stop: () => Promise<number>
  /** Settles when the server has stopped by itself (a failed start, a defect), with its exit code. */
  readonly exited: Promise<number>
}

/**
 * The server `main` runs, run inside the caller's process: the settings read
 * from `env` exactly as from the process environment, the log lines and the
 * start-up summary handed to `output`, and no signal handlers (the caller
 * stops it). What a start answers is announced in the log as always (the
 * `listening on` line with its `port`). A configuration problem settles
 * `exited` with 1 after its `bluelight: …` lines on `output.stderr`, as the
 * process prints them.
 */
export const startInProcess = (env: Readonly<Record<string, string>>, output: InProcessOutput): InProcessServer => {
  const provider = ConfigProvider.fromEnv({ env: { ...env } })
  const program = Effect.gen(function*() {
    const settings = yield* loadSettings.pipe(Effect.provideService(ConfigProvider.ConfigProvider, provider))
    return yield* Layer.launch(layerServer(settings, { writeSummary: output.stderr })).pipe(
      Effect.provide(layerLoggingTo(settings.logLevel, output.line))
    )
  })
  const fiber = Effect.runFork(program)
  const exited = new Promise<number>((resolve) =>
    fiber.addObserver((exit) => {
      if (Exit.isSuccess(exit) || Cause.hasInterruptsOnly(exit.cause)) return resolve(0)
      const failure = Cause.findError(exit.cause)
      const lines = Result.isSuccess(failure) ? startupProblemLines(failure.success) : undefined
      // What the process would print: the start-up problem's lines, or the failure as the runtime reports it.
      for (const line of lines ?? [`${Cause.pretty(exit.cause)}\n`]) output.stderr(line)
      resolve(1)
    })
  )
  return {
    exited,
    stop: () => Effect.runPromise(Fiber.interrupt(fiber)).then(() => exited)
  }
}
