// Everything a bench run starts is undone in reverse order, whether it ends,
// fails or is interrupted (Ctrl-C, SIGTERM).

const cleanups = []
let shuttingDown = false

/** Registers an undo step, run last-registered first. */
export const onCleanup = (undo) => {
  cleanups.push(undo)
}

async function shutdown(code) {
  if (shuttingDown) return
  shuttingDown = true
  for (const undo of cleanups.reverse()) {
    try {
      await undo()
    } catch (error) {
      console.error(`cleanup failed: ${error instanceof Error ? error.message : error}`)
      code ||= 1
    }
  }
  process.exit(code)
}

/** Runs a bench's main function, then its cleanups; a failure prints one line and exits 1. */
export const runBench = (main) => {
  process.once("SIGINT", () => void shutdown(130))
  process.once("SIGTERM", () => void shutdown(143))
  main().then(
    () => shutdown(0),
    (error) => {
      console.error(`bench failed: ${error instanceof Error ? error.message : error}`)
      return shutdown(1)
    }
  )
}
