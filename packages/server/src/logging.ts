import { CurrentRequestId } from "@bluelight/core/kernel"
import { Cause, Duration, Effect, Formatter, Inspectable, Layer, Logger, LogLevel, References, type Scope } from "effect"

const levels: Record<string, LogLevel.LogLevel> = {
  all: "All",
  trace: "Trace",
  debug: "Debug",
  info: "Info",
  warning: "Warn",
  warn: "Warn",
  error: "Error",
  none: "None"
}

/**
 * Each level's label as Effect's structured entry writes it (its name in
 * capitals), worked out once: a lookup costs a line less than `toUpperCase`.
 */
const LABELS = Object.fromEntries(LogLevel.values.map((level) => [level, level.toUpperCase()])) as Record<LogLevel.LogLevel, string>

/** How long a line may wait in the buffer before it reaches stdout. */
export const FLUSH_INTERVAL_MS = 25
/** A buffer this long is written at once, whatever the interval. */
const FLUSH_AT_CHARS = 64 * 1024

/**
 * A value as the JSON lines have always written it: strings, numbers and
 * booleans by hand (nearly every field), anything else through Effect's own
 * `toJson` and circular-safe, redacting JSON formatter (an `Error` as its name
 * and message), so a `Redacted` is never written out. `undefined` when the
 * value has no JSON (its key is left out).
 */
const jsonValue = (u: unknown): string | undefined => {
  switch (typeof u) {
    case "string":
      return JSON.stringify(u)
    case "number":
      return Number.isFinite(u) ? String(u) : "null"
    case "boolean":
      return u ? "true" : "false"
    case "undefined":
      return undefined
    case "bigint":
    case "function":
    case "symbol":
      return JSON.stringify(String(u))
    default:
      return Formatter.formatJson(Inspectable.toJson(u))
  }
}

const messageJson = (message: unknown): string | undefined => {
  if (!Array.isArray(message)) return jsonValue(message)
  if (message.length === 1) return jsonValue(message[0])
  return `[${message.map((part) => jsonValue(part) ?? "null").join(",")}]`
}

/**
 * One log event as one JSON line: Effect's structured entry
 * (`Logger.formatStructured`: `message`, its level, `timestamp`, `cause` for
 * a failure, `annotations`, `spans`, `fiberId`, in that order, each value as
 * Effect writes it, the level's label too) with its `level` named
 * `logLevel`, the shape Effect 3's `Logger.json` wrote and every reader of
 * the lines reads; a line logged while a request is handled carries its id
 * (`CurrentRequestId`) first among its annotations, without each request
 * annotating its logs. Written field by field: `Logger.formatStructured` through
 * `Formatter.formatJson` costs about three times as much a line
 * (docs/decisions/operations-and-deployment.md, "Logs and traces").
 */
export const jsonLine = (options: Logger.Options<unknown>): string => {
  const message = messageJson(options.message)
  let line = message === undefined ? "{" : `{"message":${message},`
  line += `"logLevel":"${LABELS[options.logLevel]}","timestamp":"${options.date.toISOString()}"`
  if (options.cause.reasons.length > 0) line += `,"cause":${JSON.stringify(Cause.pretty(options.cause))}`
  line += `,"annotations":{`
  let first = true
  const annotations = options.fiber.getRef(References.CurrentLogAnnotations)
  // The request a line is logged in names itself (the request path sets the id on the fiber), first.
  const requestId = options.fiber.getRef(CurrentRequestId)
  if (requestId !== null && !("requestId" in annotations)) {
    line += `"requestId":${JSON.stringify(requestId)}`
    first = false
  }
  for (const [key, value] of Object.entries(annotations)) {
    const json = jsonValue(value)
    if (json === undefined) continue
    line += `${first ? "" : ","}${JSON.stringify(key)}:${json}`
    first = false
  }
  line += `},"spans":{`
  const now = options.date.getTime()
  first = true
  for (const [label, startTime] of options.fiber.getRef(References.CurrentLogSpans)) {
    line += `${first ? "" : ","}${JSON.stringify(label)}:${now - startTime}`
    first = false
  }
  return `${line}},"fiberId":"#${options.fiber.id}"}`
}

/**
 * Lines gathered in memory and handed to `write` in one chunk: on `flush`, or
 * as soon as the chunk is long. Once closed, every line is written at once:
 * a line logged after the logging layer has closed (the failure of a start,
 * reported as the program ends) is written, not left in a buffer nobody
 * flushes any more.
 */
export const makeLineBuffer = (write: (chunk: string) => void) => {
  let pending = ""
  let closed = false
  const flush = () => {
    if (pending.length === 0) return
    const chunk = pending
    pending = ""
    write(chunk)
  }
  const add = (line: string) => {
    if (closed) return write(`${line}\n`)
    pending += `${line}\n`
    if (pending.length >= FLUSH_AT_CHARS) flush()
  }
  const close = () => {
    closed = true
    flush()
  }
  return { add, flush, close }
}

/** The server's lines as an Effect logger's output, as `Logger.formatJson` gives Effect's. */
export const formatJsonLine: Logger.Logger<unknown, string> = Logger.make(jsonLine)

const minimumLevel = (level: string) => Layer.succeed(References.MinimumLogLevel, levels[level.toLowerCase()] ?? "Info")

/**
 * `self`'s lines handed to `write` in chunks, in the manner of Effect's
 * `Logger.batched` (every `window`, and what is left when the scope closes)
 * with what the server's lines need beside it: a chunk written as soon as it
 * is long, the buffer written when the process exits however it exits, and a
 * line logged after the scope closed written at once rather than kept in a
 * buffer nobody flushes any more. `Logger.batched`'s buffer is its own, out of
 * reach of an `exit` handler, and takes lines after its scope has closed. A
 * write per line cost more than formatting it. The timer does not hold the
 * process open.
 */
export const bufferedLines = (
  self: Logger.Logger<unknown, string>,
  options: { readonly window: Duration.Duration; readonly write: (chunk: string) => void }
): Effect.Effect<Logger.Logger<unknown, void>, never, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.sync(() => {
      const buffer = makeLineBuffer(options.write)
      const timer = setInterval(buffer.flush, Duration.toMillis(options.window))
      timer.unref()
      process.on("exit", buffer.flush)
      return { buffer, timer }
    }),
    ({ buffer, timer }) =>
      Effect.sync(() => {
        clearInterval(timer)
        process.off("exit", buffer.flush)
        buffer.close()
      })
  ).pipe(Effect.map(({ buffer }) => Logger.make((entry) => buffer.add(self.log(entry)))))

/** Structured logs: one JSON line per event to stdout, written every `FLUSH_INTERVAL_MS`, at the configured level. */
export const layerLogging = (level: string) =>
  Layer.merge(
    Logger.layer([bufferedLines(formatJsonLine, { window: Duration.millis(FLUSH_INTERVAL_MS), write: (chunk) => process.stdout.write(chunk) })]),
    minimumLevel(level)
  )

/**
 * The same lines, each handed to `write` as it is logged, for a server run
 * inside another program's process (the black-box tests'), whose stdout is
 * not the server's.
 */
export const layerLoggingTo = (level: string, write: (line: string) => void) =>
  Layer.merge(Logger.layer([Logger.make((options) => write(jsonLine(options)))]), minimumLevel(level))
