import { SqlClient } from "effect/sql"
import { DatabaseHealth } from "@bluelight/core/system"
import { Duration, Effect, Layer, Option } from "effect"

/** How long the database has to answer before it counts as down. */
const CHECK_BOUND = Duration.seconds(2)

/**
 * A trivial query, one round trip, bounded at two seconds. The client speaks
 * only the extended protocol, one statement a message, so a `SET LOCAL` bound
 * would need a transaction of four round trips around the one `SELECT 1`
 * (more than half the check's cost). The bound is kept here instead: at two
 * seconds the query is interrupted, and the client cancels it on the server
 * (a pooled connection without multiplexing answers an interruption with a
 * cancel request), so the database stops it as a statement timeout would. The
 * pooled connection's own settings are never touched.
 */
const check = (sql: SqlClient.SqlClient) => Effect.timeoutOption(sql`SELECT 1`, CHECK_BOUND)

/**
 * The database is healthy when it answers a trivial query within two seconds;
 * a connection that cannot be had fails at the pool's connect timeout, or
 * counts as down at the two seconds, whichever comes first.
 */
export const PgDatabaseHealth = Layer.effect(
  DatabaseHealth,
  SqlClient.SqlClient.useSync((sql) => ({
    check: check(sql).pipe(
      Effect.map(Option.isSome),
      Effect.catchCause(() => Effect.succeed(false))
    )
  }))
)
