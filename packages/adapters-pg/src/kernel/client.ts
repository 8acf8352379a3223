import { PgClient } from "@effect/sql-pg"
import { Duration, Effect, type Redacted, String } from "effect"

/** The longest a new connection may take, the first one at start-up included. */
export const CONNECT_TIMEOUT = Duration.seconds(5)

export interface DatabaseOptions {
  readonly url: Redacted.Redacted
  readonly maxConnections: number
  /** The longest a new connection may take; `CONNECT_TIMEOUT` unless given. */
  readonly connectTimeout?: Duration.Duration
}

/**
 * The one Postgres client every repository uses: camelCase in TypeScript,
 * snake_case in SQL, and a bounded connect timeout so an unreachable database
 * fails fast instead of holding requests. The pool opens its connections when
 * first asked, so the client asks for one before it is handed out: a database
 * that cannot be reached fails the layer (at start-up), not the first request.
 */
export const layerPgClient = (options: DatabaseOptions) =>
  PgClient.layerFrom(
    PgClient.make({
      url: options.url,
      maxConnections: options.maxConnections,
      connectTimeout: options.connectTimeout ?? CONNECT_TIMEOUT,
      idleTimeout: Duration.seconds(30),
      applicationName: "bluelight",
      transformResultNames: String.snakeToCamel,
      transformQueryNames: String.camelToSnake
    }).pipe(Effect.tap((client) => client`SELECT 1`))
  )
