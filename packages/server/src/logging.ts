import { Layer, Logger, LogLevel } from "effect"

const levels: Record<string, LogLevel.LogLevel> = {
  all: LogLevel.All,
  trace: LogLevel.Trace,
  debug: LogLevel.Debug,
  info: LogLevel.Info,
  warning: LogLevel.Warning,
  warn: LogLevel.Warning,
  error: LogLevel.Error,
  none: LogLevel.None
}

/** Structured logs: one JSON line per event, at the configured level. */
export const layerLogging = (level: string) =>
  Layer.merge(
    Logger.json,
    Logger.minimumLogLevel(levels[level.toLowerCase()] ?? LogLevel.Info)
  )
