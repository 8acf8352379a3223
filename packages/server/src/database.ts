import {
  layerPgClient,
  PgAuditLog,
  PgAuditQueries,
  PgDatabaseHealth,
  PgIdentityRepositories,
  PgTransactor,
  RandomIds,
  runMigrations
} from "@bluelight/adapters-pg"
import { Effect, Layer, Option } from "effect"
import type { Settings } from "./config.js"
import { embeddedPostgres } from "./embeddedPostgres.js"

/** Where the database is, for the start-up message. */
export interface DatabaseSource {
  readonly description: string
}

/**
 * The Postgres client: `DATABASE_URL` when set, else (never in production,
 * which the configuration refuses) the embedded PGlite in `DATA_DIR` with a
 * pool of one. Migrations run before anything else uses it.
 */
export const layerDatabase = (settings: Settings) =>
  Layer.unwrapScoped(
    Effect.gen(function*() {
      if (Option.isSome(settings.databaseUrl)) {
        return layerPgClient({ url: settings.databaseUrl.value, maxConnections: settings.databasePoolMax })
      }
      const embedded = yield* embeddedPostgres(settings.dataDir)
      yield* Effect.logInfo(`embedded PGlite database in ${embedded.directory}`)
      return layerPgClient({ url: embedded.url, maxConnections: 1 })
    })
  ).pipe(
    Layer.tap((context) => Effect.provide(runMigrations, context))
  )

/** The Postgres implementations of the core ports, over the database. */
export const layerPorts = (settings: Settings) =>
  Layer.mergeAll(PgTransactor, PgAuditLog, PgAuditQueries, PgDatabaseHealth, PgIdentityRepositories).pipe(
    Layer.provideMerge(RandomIds),
    Layer.provideMerge(layerDatabase(settings))
  )
