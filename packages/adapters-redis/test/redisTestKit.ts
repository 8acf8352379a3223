import { Effect, Logger } from "effect"
import { Redis } from "ioredis"

/** Nothing listens on port 1: connections are refused at once. */
export const UNREACHABLE = "redis://:s3cret-password@127.0.0.1:1"

/**
 * A connection like the one the server hands the adapters (no offline queue:
 * a command while disconnected fails at once), closed with the scope.
 */
export const connection = (url: string) =>
  Effect.acquireRelease(
    Effect.sync(() => {
      const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 500 })
      redis.on("error", () => {})
      return redis
    }),
    (redis) => Effect.sync(() => redis.disconnect())
  ).pipe(Effect.tap((redis) => Effect.ignore(Effect.tryPromise(() => redis.connect()))))

/** Every log line, as logfmt, so a test can look for what must never be logged. */
export const captureLogs = () => {
  const lines: Array<string> = []
  // In place of the default logger, not beside it.
  const layer = Logger.layer([
    Logger.map(Logger.formatLogFmt, (line) => {
      lines.push(line)
    })
  ])
  return { lines, warnings: () => lines.filter((line) => line.includes("level=WARN")), layer }
}
