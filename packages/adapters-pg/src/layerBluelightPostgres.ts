import { Effect, Layer, Redacted } from "effect"
import type { SqlError } from "effect/sql"
import { layerPgClient } from "./kernel/client.js"
import { layerPgPorts } from "./layerPgPorts.js"
import { checkSchema, type DatabaseSchemaMismatch } from "./schemaCheck.js"

export interface BluelightPostgresOptions {
  /** The database, as the server's `DATABASE_URL` names it: `postgres://user:password@host:5432/bluelight`. */
  readonly url: string | Redacted.Redacted
  /** The most connections the tool's pool opens; 4 unless given (the server's pool is its own). */
  readonly maxConnections?: number
}

/** Every port the core's use cases ask for, as the server provides them. */
export type BluelightPorts = Layer.Success<ReturnType<typeof layerPgPorts>>

/**
 * The core's ports on the Postgres database at `url`, for a tool that runs the
 * real rules on the real data beside the server: the same repositories, the
 * same transactions and audit log, and CAD's live feed over `LISTEN`, so the
 * server's streams see the tool's changes and the other way round.
 *
 * Building it connects (an unreachable database fails it with the driver's
 * `SqlError`) and checks the schema: a database whose migrations are not
 * exactly this build's fails it with `DatabaseSchemaMismatch`, before any
 * port is made. It never migrates.
 */
export const layerBluelightPostgres = (options: BluelightPostgresOptions): Layer.Layer<BluelightPorts, DatabaseSchemaMismatch | SqlError.SqlError> =>
  layerPgPorts({ listen: true }).pipe(
    Layer.provide(
      layerPgClient({
        url: typeof options.url === "string" ? Redacted.make(options.url) : options.url,
        maxConnections: options.maxConnections ?? 4
      }).pipe(Layer.tap((client) => Effect.provide(checkSchema, client)))
    )
  )
