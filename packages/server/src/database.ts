import { CONNECT_TIMEOUT, layerPgClient, layerPgPorts, runMigrations } from "@bluelight/adapters-pg/internal"
import { Cause, Duration, Effect, Layer, Option, Redacted } from "effect"
import type { SqlError } from "effect/sql"
import type { Settings } from "./config.js"
import { EMBEDDED_BOUND, embeddedPostgres } from "./embeddedPostgres.js"
import { StartupFailure } from "./startupFailure.js"

/** Host, port and path (a Postgres URL's database) of a URL: never its user or password. */
export const whereIs = (url: Redacted.Redacted): string => {
  try {
    const parsed = new URL(Redacted.value(url))
    return `${parsed.host === "" ? "localhost" : parsed.host}${parsed.pathname}`
  } catch {
    return "DATABASE_URL"
  }
}

const messageOf = (u: unknown): string => (u instanceof Error ? u.message : "")

/**
 * The first connection failed: one line saying so. The client's own timeout
 * (`CONNECT_TIMEOUT`) bounds the wait, also for a server that accepts the
 * connection and never answers.
 */
const connectFailure = (what: string, error: SqlError.SqlError, bound: Duration.Duration = CONNECT_TIMEOUT) => {
  // The error's reason (a connection error, an authentication error) carries the driver's own error as its cause.
  const detail = messageOf(error.cause.cause) || messageOf(error.cause) || error.message
  return new StartupFailure({
    message: /timed? ?out/i.test(`${error.message} ${detail}`)
      ? `${what} did not answer within ${Duration.format(bound)}`
      : `cannot connect to ${what}: ${detail}`
  })
}

/**
 * The driver's name for a statement the database refused, in the words this
 * line has always used (an operator's runbook may look for them).
 */
const driverWording: Readonly<Record<string, string>> = { "PgConnection: Query failed": "Failed to execute statement" }

/** An error's message and those of its causes, outermost first: "Migration "2_identity" failed: relation "accounts" already exists". */
const messagesOf = (error: unknown): string => {
  const messages: Array<string> = []
  for (let at: unknown = error; at instanceof Error && messages.length < 5; at = at.cause) {
    const message = driverWording[at.message] ?? at.message
    if (message !== "" && !messages.includes(message)) messages.push(message)
  }
  return messages.join(": ")
}

/**
 * A migration that failed (the migrator dies with it) stops the start with one
 * line naming the migration and why; interruption (a stop during start-up)
 * stays what it is.
 */
const migrationFailure = (cause: Cause.Cause<unknown>) =>
  Cause.hasInterruptsOnly(cause)
    ? Effect.failCause(cause)
    : Effect.fail(new StartupFailure({ message: `the database could not be migrated: ${messagesOf(Cause.squash(cause)) || "unknown failure"}` }))

/** A layer whose failure to build is `f` of its error. */
const mapLayerError = <A, E, R, E2>(layer: Layer.Layer<A, E, R>, f: (error: E) => E2): Layer.Layer<A, E2, R> =>
  Layer.fromBuild((memoMap, scope) => Effect.mapError(Layer.buildWithMemoMap(layer, memoMap, scope), f))

/**
 * The Postgres client: `DATABASE_URL` when set, else (never in production,
 * which the configuration refuses) the embedded PGlite in `DATA_DIR` with a
 * pool of one. Migrations run before anything else uses it.
 */
export const layerDatabase = (settings: Settings) =>
  Layer.unwrap(
    Effect.gen(function*() {
      if (Option.isSome(settings.databaseUrl)) {
        const url = settings.databaseUrl.value
        return mapLayerError(
          layerPgClient({ url, maxConnections: settings.databasePoolMax }),
          (error) => connectFailure(`the database at ${whereIs(url)}`, error)
        )
      }
      const embedded = yield* embeddedPostgres(settings.dataDir)
      yield* Effect.logInfo(`embedded PGlite database in ${embedded.directory}`)
      // The embedded database runs in this process, so it cannot be a server that accepts and never
      // answers, which is what `CONNECT_TIMEOUT` is for; with a pool of one, that bound is also how
      // long a request may wait for the connection, and 5 s failed starts and requests on a loaded
      // machine (issue 18). It gets the bound its opening has.
      return mapLayerError(
        layerPgClient({ url: embedded.url, maxConnections: 1, connectTimeout: EMBEDDED_BOUND }),
        (error) => connectFailure("the embedded database", error, EMBEDDED_BOUND)
      )
    })
  ).pipe(
    Layer.tap((context) => Effect.provide(runMigrations, context).pipe(Effect.catchCause(migrationFailure)))
  )

/**
 * The Postgres implementations of the core ports, over the database. On a
 * Postgres server CAD's feed hears other instances' commits through `LISTEN`;
 * the embedded database serves this process alone (and a `LISTEN` would hold
 * its one connection).
 */
export const layerPorts = (settings: Settings) =>
  layerPgPorts({ listen: Option.isSome(settings.databaseUrl) }).pipe(Layer.provideMerge(layerDatabase(settings)))
