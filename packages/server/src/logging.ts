import { Cause, Effect, Formatter, Inspectable, Layer, Logger, type LogLevel, References } from "effect"

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

/** Each level as the lines have always named it (`logLevel`), whatever Effect calls it. */
const LABELS: Record<LogLevel.LogLevel, string> = {
  All: "ALL",
  Fatal: "FATAL",
  Error: "ERROR",
  Warn: "WARN",
  Info: "INFO",
  Debug: "DEBUG",
  Trace: "TRACE",
  None: "OFF"
}

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
 * One log event as one JSON line, the shape Effect 3's `Logger.json` wrote
 * and every log collector of ours reads (`message`, `logLevel`, `timestamp`,
 * `cause` for a failure, `annotations`, `spans`, `fiberId`), written field by
 * field: a generic stringify of the whole structure cost several times the
 * request it logged.
 */
export const jsonLine = (options: Logger.Options<unknown>): string => {
  const message = messageJson(options.message)
  let line = message === undefined ? "{" : `{"message":${message},`
  line += `"logLevel":"${LABELS[options.logLevel]}","timestamp":"${options.date.toISOString()}"`
  if (options.cause.reasons.length > 0) line += `,"cause":${JSON.stringify(Cause.pretty(options.cause))}`
  line += `,"annotations":{`
  let first = true
  for (const [key, value] of Object.entries(options.fiber.getRef(References.CurrentLogAnnotations))) {
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

/**
 * JSON lines to stdout through a buffer flushed every `FLUSH_INTERVAL_MS`, when
 * the layer closes (shutdown) and when the process exits however it exits, so
 * the last lines are never lost. A write to stdout per line cost more than
 * formatting it. The timer does not hold the process open.
 */
const bufferedJsonLogger = Effect.acquireRelease(
  Effect.sync(() => {
    const buffer = makeLineBuffer((chunk) => process.stdout.write(chunk))
    const timer = setInterval(buffer.flush, FLUSH_INTERVAL_MS)
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
)

const minimumLevel = (level: string) => Layer.succeed(References.MinimumLogLevel, levels[level.toLowerCase()] ?? "Info")

/** Structured logs: one JSON line per event, at the configured level. */
export const layerLogging = (level: string) =>
  Layer.merge(
    Logger.layer([Effect.map(bufferedJsonLogger, ({ buffer }) => Logger.make((options) => buffer.add(jsonLine(options))))]),
    minimumLevel(level)
  )

/**
 * The same lines, each handed to `write` as it is logged, for a server run
 * inside another program's process (the black-box tests'), whose stdout is
 * not the server's.
 */
export const layerLoggingTo = (level: string, write: (line: string) => void) =>
  Layer.merge(Logger.layer([Logger.make((options) => write(jsonLine(options)))]), minimumLevel(level))
