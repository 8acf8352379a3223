// The cost of one request log line: Effect's Logger.consoleJson (a write per
// line), Effect's Logger.formatJson through Logger.batched (one write per 25 ms,
// Effect's line shape) and the server's buffered logger
// (packages/server/src/logging.ts), each logging
// 100k request lines with the middleware's annotations, minus the same loop
// with logging off (what Effect.logInfo costs before any logger runs).
//
//   npm run build && node bench/logLines.js > /dev/null
//
// The figures go to stderr; stdout takes the lines (send it to /dev/null).
import { Effect, Layer, Logger, References } from "effect"
import { layerLogging } from "../packages/server/dist/logging.js"

const LINES = 100_000

const logRequests = Effect.forEach(
  Array.from({ length: LINES }, (_, i) => i),
  (i) =>
    Effect.logInfo("request").pipe(
      Effect.annotateLogs({ requestId: `0193a5f2-7c1e-7d3a-9b1f-${String(i).padStart(12, "0")}`, method: "GET", route: "/api/me", status: 200, ms: 1.37 })
    ),
  { discard: true }
)

/** Microseconds per line of `LINES` lines logged through `layer`, best of three runs. */
const microsecondsPerLine = async (layer) => {
  let best = Infinity
  for (let run = 0; run < 3; run++) {
    const started = process.hrtime.bigint()
    await Effect.runPromise(logRequests.pipe(Effect.provide(layer)))
    best = Math.min(best, Number(process.hrtime.bigint() - started) / 1000 / LINES)
  }
  return best
}

const off = await microsecondsPerLine(Layer.succeed(References.MinimumLogLevel, "None"))
const effectJson = await microsecondsPerLine(Layer.merge(Logger.layer([Logger.consoleJson]), Layer.succeed(References.MinimumLogLevel, "Info")))
const effectBatched = await microsecondsPerLine(
  Layer.merge(
    Logger.layer([
      Logger.batched(Logger.formatJson, { window: "25 millis", flush: (lines) => Effect.sync(() => process.stdout.write(`${lines.join("\n")}\n`)) })
    ]),
    Layer.succeed(References.MinimumLogLevel, "Info")
  )
)
const buffered = await microsecondsPerLine(layerLogging("info"))
process.stderr.write(
  [
    `${LINES} request lines, best of 3, µs per line (the logger's own cost: minus the loop with logging off)`,
    `  logging off        ${off.toFixed(2)}`,
    `  Logger.consoleJson ${effectJson.toFixed(2)}  (${(effectJson - off).toFixed(2)})`,
    `  formatJson batched ${effectBatched.toFixed(2)}  (${(effectBatched - off).toFixed(2)})`,
    `  buffered JSON line ${buffered.toFixed(2)}  (${(buffered - off).toFixed(2)})`,
    ""
  ].join("\n")
)
